// GraphQL documents of following, muting and the customize pages. Each document is defined
// once (the server render and the browser must use the same document objects for urql's
// prefetched results to be used); the home pages' queries are beside those pages.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { UserRow_user, CollectionRow_collection, TagRow_tag } from '../components/follow/SocialRows.graphql.ts';

// ---- Mutations (docs/product/1-product-screens-membership-header-search.md §7 names) -------------------------------------------------------

/** Every follow and mute answers the edge it changed, or why it could not. */
export const ViewerEdgeResultFields = known(graphql(`
  fragment ViewerEdgeResultFields on ViewerEdgeResult {
    __typename
    ... on ViewerEdgeUpdate {
      id
      targetType
      targetId
      isFollowing
      isMuting
      followerCount
    }
    ... on BadRequest {
      message
    }
    ... on NotFound {
      message
    }
  }
`));

export const FollowUser = known(graphql(`
  mutation FollowUser($targetUserId: ID!) {
    followUser(targetUserId: $targetUserId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const UnfollowUser = known(graphql(`
  mutation UnfollowUser($targetUserId: ID!) {
    unfollowUser(targetUserId: $targetUserId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const FollowCollection = known(graphql(`
  mutation FollowCollection($targetCollectionId: ID!) {
    followCollection(targetCollectionId: $targetCollectionId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const UnfollowCollection = known(graphql(`
  mutation UnfollowCollection($targetCollectionId: ID!) {
    unfollowCollection(targetCollectionId: $targetCollectionId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const FollowTag = known(graphql(`
  mutation FollowTag($targetTagId: ID!) {
    followTag(targetTagId: $targetTagId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const UnfollowTag = known(graphql(`
  mutation UnfollowTag($targetTagId: ID!) {
    unfollowTag(targetTagId: $targetTagId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const MuteAuthor = known(graphql(`
  mutation MuteAuthor($targetUserId: ID!) {
    muteAuthor(targetUserId: $targetUserId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const UnmuteAuthor = known(graphql(`
  mutation UnmuteAuthor($targetUserId: ID!) {
    unmuteAuthor(targetUserId: $targetUserId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const MutePub = known(graphql(`
  mutation MutePub($targetCollectionId: ID!) {
    mutePub(targetCollectionId: $targetCollectionId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));
export const UnmutePub = known(graphql(`
  mutation UnmutePub($targetCollectionId: ID!) {
    unmutePub(targetCollectionId: $targetCollectionId) {
      ...ViewerEdgeResultFields
    }
  }
`, [ViewerEdgeResultFields]));

// ---- Customize pages -------------------------------------------------------------------

export const CustomizeFollowingQuery = known(graphql(`
  query CustomizeFollowingQuery($paging: PagingOptions) {
    viewer {
      id
      followedUsers(paging: $paging) {
        users {
          ...UserRow_user
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      followedCollections(paging: $paging) {
        collections {
          ...CollectionRow_collection
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      followedTags(paging: $paging) {
        tags {
          ...TagRow_tag
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [UserRow_user, CollectionRow_collection, TagRow_tag]));

export const CustomizeMutedQuery = known(graphql(`
  query CustomizeMutedQuery($paging: PagingOptions) {
    viewer {
      id
      mutedUsers(paging: $paging) {
        users {
          ...UserRow_user
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      mutedCollections(paging: $paging) {
        collections {
          ...CollectionRow_collection
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`, [UserRow_user, CollectionRow_collection]));

export const CustomizeSuggestionsQuery = known(graphql(`
  query CustomizeSuggestionsQuery {
    viewer {
      id
    }
    followSuggestions(limit: 20) {
      users {
        ...UserRow_user
      }
      collections {
        ...CollectionRow_collection
      }
    }
  }
`, [UserRow_user, CollectionRow_collection]));

export const FollowedUsersPageQuery = known(graphql(`
  query FollowedUsersPageQuery($paging: PagingOptions) {
    viewer { id followedUsers(paging: $paging) { users { ...UserRow_user } pagingInfo { next { limit to } } } }
  }
`, [UserRow_user]));
export const FollowedCollectionsPageQuery = known(graphql(`
  query FollowedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id followedCollections(paging: $paging) { collections { ...CollectionRow_collection } pagingInfo { next { limit to } } } }
  }
`, [CollectionRow_collection]));
export const FollowedTagsPageQuery = known(graphql(`
  query FollowedTagsPageQuery($paging: PagingOptions) {
    viewer { id followedTags(paging: $paging) { tags { ...TagRow_tag } pagingInfo { next { limit to } } } }
  }
`, [TagRow_tag]));
export const MutedUsersPageQuery = known(graphql(`
  query MutedUsersPageQuery($paging: PagingOptions) {
    viewer { id mutedUsers(paging: $paging) { users { ...UserRow_user } pagingInfo { next { limit to } } } }
  }
`, [UserRow_user]));
export const MutedCollectionsPageQuery = known(graphql(`
  query MutedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id mutedCollections(paging: $paging) { collections { ...CollectionRow_collection } pagingInfo { next { limit to } } } }
  }
`, [CollectionRow_collection]));

export type CustomizeFollowingData = ResultOf<typeof CustomizeFollowingQuery>;
export type CustomizeMutedData = ResultOf<typeof CustomizeMutedQuery>;
export type CustomizeSuggestionsData = ResultOf<typeof CustomizeSuggestionsQuery>;
