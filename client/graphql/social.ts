// GraphQL documents of following, muting, the home pages and the customize pages. Each
// document is defined once, here (the server render and the browser must build the same
// document objects for urql's prefetched results to be used).
import { graphql, type ResultOf } from './graphql.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';

// ---- Mutations (spec 1 §7 names) -------------------------------------------------------


export const FollowUser = graphql(`
  mutation FollowUser($targetUserId: ID!) {
    followUser(targetUserId: $targetUserId) {
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
  }
`);
export const UnfollowUser = graphql(`
  mutation UnfollowUser($targetUserId: ID!) {
    unfollowUser(targetUserId: $targetUserId) {
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
  }
`);
export const FollowCollection = graphql(`
  mutation FollowCollection($targetCollectionId: ID!) {
    followCollection(targetCollectionId: $targetCollectionId) {
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
  }
`);
export const UnfollowCollection = graphql(`
  mutation UnfollowCollection($targetCollectionId: ID!) {
    unfollowCollection(targetCollectionId: $targetCollectionId) {
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
  }
`);
export const FollowTag = graphql(`
  mutation FollowTag($targetTagId: ID!) {
    followTag(targetTagId: $targetTagId) {
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
  }
`);
export const UnfollowTag = graphql(`
  mutation UnfollowTag($targetTagId: ID!) {
    unfollowTag(targetTagId: $targetTagId) {
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
  }
`);
export const MuteAuthor = graphql(`
  mutation MuteAuthor($targetUserId: ID!) {
    muteAuthor(targetUserId: $targetUserId) {
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
  }
`);
export const UnmuteAuthor = graphql(`
  mutation UnmuteAuthor($targetUserId: ID!) {
    unmuteAuthor(targetUserId: $targetUserId) {
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
  }
`);
export const MutePub = graphql(`
  mutation MutePub($targetCollectionId: ID!) {
    mutePub(targetCollectionId: $targetCollectionId) {
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
  }
`);
export const UnmutePub = graphql(`
  mutation UnmutePub($targetCollectionId: ID!) {
    unmutePub(targetCollectionId: $targetCollectionId) {
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
  }
`);

// ---- Entities as the social lists show them ----------------------------------------------

export const SocialUserFields = graphql(`
  fragment SocialUserFields on User {
    id
    name
    username
    imageId
    bio
    socialStats {
      followerCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`);

export const SocialCollectionFields = graphql(`
  fragment SocialCollectionFields on Collection {
    id
    name
    slug
    description
    avatarId
    socialStats {
      followerCount
    }
    viewerEdge {
      id
      isFollowing
      isMuting
    }
  }
`);

export const SocialTagFields = graphql(`
  fragment SocialTagFields on Tag {
    id
    slug
    displayTitle
    postCount
    followerCount
    viewerEdge {
      id
      isFollowing
    }
  }
`);

// ---- Home ------------------------------------------------------------------------------


/** The logged-in home (page home): the first page of For you, and the sidebar. */
export const HomeFeedPageQuery = graphql(`
  query HomeFeedPageQuery($paging: PagingOptions) {
    homeFeed(mode: FOR_YOU, paging: $paging) {
      items {
        post {
          ...StoryCard_post
        }
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
    followSuggestions(limit: 3) {
      users {
        ...SocialUserFields
      }
      collections {
        ...SocialCollectionFields
      }
    }
    homeTopics(limit: 8) {
      id
      slug
      displayTitle
    }
  }
`, [StoryCard_post, SocialUserFields, SocialCollectionFields]);

/** A page of a home tab (the Following tab's first page, and every later page of both). */
export const HomeFeedQuery = graphql(`
  query HomeFeedQuery($mode: HomeFeedMode!, $paging: PagingOptions) {
    homeFeed(mode: $mode, paging: $paging) {
      items {
        post {
          ...StoryCard_post
        }
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  }
`, [StoryCard_post]);

/** The logged-out home (page home-lo): trending, topics and the latest stories. */
export const HomeLoPageQuery = graphql(`
  query HomeLoPageQuery($paging: PagingOptions) {
    trendingPosts(limit: 6) {
      ...StoryCard_post
    }
    homeTopics(limit: 12) {
      id
      slug
      displayTitle
    }
    homeFeed(mode: LATEST, paging: $paging) {
      items {
        post {
          ...StoryCard_post
        }
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  }
`, [StoryCard_post]);

// ---- Customize pages -------------------------------------------------------------------

export const CustomizeFollowingQuery = graphql(`
  query CustomizeFollowingQuery($paging: PagingOptions) {
    viewer {
      id
      followedUsers(paging: $paging) {
        users {
          ...SocialUserFields
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
          ...SocialCollectionFields
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
          ...SocialTagFields
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
`, [SocialUserFields, SocialCollectionFields, SocialTagFields]);

export const CustomizeMutedQuery = graphql(`
  query CustomizeMutedQuery($paging: PagingOptions) {
    viewer {
      id
      mutedUsers(paging: $paging) {
        users {
          ...SocialUserFields
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
          ...SocialCollectionFields
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
`, [SocialUserFields, SocialCollectionFields]);

export const CustomizeSuggestionsQuery = graphql(`
  query CustomizeSuggestionsQuery {
    viewer {
      id
    }
    followSuggestions(limit: 20) {
      users {
        ...SocialUserFields
      }
      collections {
        ...SocialCollectionFields
      }
    }
  }
`, [SocialUserFields, SocialCollectionFields]);


export const FollowedUsersPageQuery = graphql(`
  query FollowedUsersPageQuery($paging: PagingOptions) {
    viewer { id followedUsers(paging: $paging) { users { ...SocialUserFields } pagingInfo { next { limit to } } } }
  }
`, [SocialUserFields]);
export const FollowedCollectionsPageQuery = graphql(`
  query FollowedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id followedCollections(paging: $paging) { collections { ...SocialCollectionFields } pagingInfo { next { limit to } } } }
  }
`, [SocialCollectionFields]);
export const FollowedTagsPageQuery = graphql(`
  query FollowedTagsPageQuery($paging: PagingOptions) {
    viewer { id followedTags(paging: $paging) { tags { ...SocialTagFields } pagingInfo { next { limit to } } } }
  }
`, [SocialTagFields]);
export const MutedUsersPageQuery = graphql(`
  query MutedUsersPageQuery($paging: PagingOptions) {
    viewer { id mutedUsers(paging: $paging) { users { ...SocialUserFields } pagingInfo { next { limit to } } } }
  }
`, [SocialUserFields]);
export const MutedCollectionsPageQuery = graphql(`
  query MutedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id mutedCollections(paging: $paging) { collections { ...SocialCollectionFields } pagingInfo { next { limit to } } } }
  }
`, [SocialCollectionFields]);

export type CustomizeFollowingData = ResultOf<typeof CustomizeFollowingQuery>;
export type CustomizeMutedData = ResultOf<typeof CustomizeMutedQuery>;
