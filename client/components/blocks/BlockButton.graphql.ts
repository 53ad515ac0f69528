// GraphQL documents of blocking (worker/graphql/modules/blocks.ts). Each is defined once,
// here. The answer is the User: urql's document cache then refetches the queries that hold
// a User (the profile, the story page's Blocking outcome), which redraws what a block changes.
import { graphql, known, type ResultOf } from '../../app/graphql.ts';

/** What BlockUser and UnblockUser answer: the User as a block leaves it, or why not. */
export const BlockUserResultFields = known(graphql(`
  fragment BlockUserResultFields on BlockUserResult {
    __typename
    ... on User {
      id
      socialStats {
        followerCount
        followingCount
      }
      viewerEdge {
        id
        isFollowing
        isBlocking
      }
    }
    ... on BadRequest {
      message
    }
    ... on NotFound {
      message
    }
  }
`));

export const BlockUser = known(graphql(`
  mutation BlockUser($targetUserId: ID!) {
    blockUser(targetUserId: $targetUserId) {
      ...BlockUserResultFields
    }
  }
`, [BlockUserResultFields]));

export const UnblockUser = known(graphql(`
  mutation UnblockUser($targetUserId: ID!) {
    unblockUser(targetUserId: $targetUserId) {
      ...BlockUserResultFields
    }
  }
`, [BlockUserResultFields]));

export type BlockAnswer = ResultOf<typeof BlockUserResultFields>;
