// Following and muting (names: docs/product/1-product-screens-membership-header-search.md §7):
// the calls the follow store makes (FollowStoreProvider's act()). They load with the first
// change, each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../../app/graphql.ts';

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
      wasFollowing
    }
    ... on BadRequest {
      message
    }
    ... on NotFound {
      message
    }
    ... on RateLimited {
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
