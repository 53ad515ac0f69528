// GraphQL documents of following, muting, the home pages and the customize pages. Each
// document is defined once, here (the server render and the browser must build the same
// document objects for urql's prefetched results to be used).
import { gql } from 'urql';
import { PostPreviewFields } from './queries.ts';

// ---- Mutations (spec 1 §7 names) -------------------------------------------------------

const EDGE_RESULT = `
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
`;

export const FollowUser = gql`
  mutation FollowUser($targetUserId: ID!) {
    followUser(targetUserId: $targetUserId) { ${EDGE_RESULT} }
  }
`;
export const UnfollowUser = gql`
  mutation UnfollowUser($targetUserId: ID!) {
    unfollowUser(targetUserId: $targetUserId) { ${EDGE_RESULT} }
  }
`;
export const FollowCollection = gql`
  mutation FollowCollection($targetCollectionId: ID!) {
    followCollection(targetCollectionId: $targetCollectionId) { ${EDGE_RESULT} }
  }
`;
export const UnfollowCollection = gql`
  mutation UnfollowCollection($targetCollectionId: ID!) {
    unfollowCollection(targetCollectionId: $targetCollectionId) { ${EDGE_RESULT} }
  }
`;
export const FollowTag = gql`
  mutation FollowTag($targetTagId: ID!) {
    followTag(targetTagId: $targetTagId) { ${EDGE_RESULT} }
  }
`;
export const UnfollowTag = gql`
  mutation UnfollowTag($targetTagId: ID!) {
    unfollowTag(targetTagId: $targetTagId) { ${EDGE_RESULT} }
  }
`;
export const MuteAuthor = gql`
  mutation MuteAuthor($targetUserId: ID!) {
    muteAuthor(targetUserId: $targetUserId) { ${EDGE_RESULT} }
  }
`;
export const UnmuteAuthor = gql`
  mutation UnmuteAuthor($targetUserId: ID!) {
    unmuteAuthor(targetUserId: $targetUserId) { ${EDGE_RESULT} }
  }
`;
export const MutePub = gql`
  mutation MutePub($targetCollectionId: ID!) {
    mutePub(targetCollectionId: $targetCollectionId) { ${EDGE_RESULT} }
  }
`;
export const UnmutePub = gql`
  mutation UnmutePub($targetCollectionId: ID!) {
    unmutePub(targetCollectionId: $targetCollectionId) { ${EDGE_RESULT} }
  }
`;

// ---- Entities as the social lists show them ----------------------------------------------

export const SocialUserFields = gql`
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
`;

export const SocialCollectionFields = gql`
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
`;

export const SocialTagFields = gql`
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
`;

// ---- Home ------------------------------------------------------------------------------

const FEED_PAGE = `
  items {
    post {
      ...PostPreviewFields
    }
  }
  pagingInfo {
    next {
      limit
      to
    }
  }
`;

/** The logged-in home (page home): the first page of For you, and the sidebar. */
export const HomeFeedPageQuery = gql`
  query HomeFeedPageQuery($paging: PagingOptions) {
    homeFeed(mode: FOR_YOU, paging: $paging) { ${FEED_PAGE} }
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
  ${PostPreviewFields}
  ${SocialUserFields}
  ${SocialCollectionFields}
`;

/** A page of a home tab (the Following tab's first page, and every later page of both). */
export const HomeFeedQuery = gql`
  query HomeFeedQuery($mode: HomeFeedMode!, $paging: PagingOptions) {
    homeFeed(mode: $mode, paging: $paging) { ${FEED_PAGE} }
  }
  ${PostPreviewFields}
`;

/** The logged-out home (page home-lo): trending, topics and the latest stories. */
export const HomeLoPageQuery = gql`
  query HomeLoPageQuery($paging: PagingOptions) {
    trendingPosts(limit: 6) {
      ...PostPreviewFields
    }
    homeTopics(limit: 12) {
      id
      slug
      displayTitle
    }
    homeFeed(mode: LATEST, paging: $paging) { ${FEED_PAGE} }
  }
  ${PostPreviewFields}
`;

// ---- Customize pages -------------------------------------------------------------------

export const CustomizeFollowingQuery = gql`
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
  ${SocialUserFields}
  ${SocialCollectionFields}
  ${SocialTagFields}
`;

export const CustomizeMutedQuery = gql`
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
  ${SocialUserFields}
  ${SocialCollectionFields}
`;

export const CustomizeSuggestionsQuery = gql`
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
  ${SocialUserFields}
  ${SocialCollectionFields}
`;

// Later pages of one customize list ("Show more").
const PAGING_INFO = `pagingInfo { next { limit to } }`;

export const FollowedUsersPageQuery = gql`
  query FollowedUsersPageQuery($paging: PagingOptions) {
    viewer { id followedUsers(paging: $paging) { users { ...SocialUserFields } ${PAGING_INFO} } }
  }
  ${SocialUserFields}
`;
export const FollowedCollectionsPageQuery = gql`
  query FollowedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id followedCollections(paging: $paging) { collections { ...SocialCollectionFields } ${PAGING_INFO} } }
  }
  ${SocialCollectionFields}
`;
export const FollowedTagsPageQuery = gql`
  query FollowedTagsPageQuery($paging: PagingOptions) {
    viewer { id followedTags(paging: $paging) { tags { ...SocialTagFields } ${PAGING_INFO} } }
  }
  ${SocialTagFields}
`;
export const MutedUsersPageQuery = gql`
  query MutedUsersPageQuery($paging: PagingOptions) {
    viewer { id mutedUsers(paging: $paging) { users { ...SocialUserFields } ${PAGING_INFO} } }
  }
  ${SocialUserFields}
`;
export const MutedCollectionsPageQuery = gql`
  query MutedCollectionsPageQuery($paging: PagingOptions) {
    viewer { id mutedCollections(paging: $paging) { collections { ...SocialCollectionFields } ${PAGING_INFO} } }
  }
  ${SocialCollectionFields}
`;
