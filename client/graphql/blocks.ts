// GraphQL documents of blocking (worker/graphql/modules/blocks.ts). Each is defined once,
// here. The answer is the User: urql's document cache then refetches the queries that hold
// a User (the profile, the story page's Blocking outcome), which redraws what a block changes.
import { graphql, known } from './graphql.ts';

export const BlockUser = known(graphql(`
  mutation BlockUser($targetUserId: ID!) {
    blockUser(targetUserId: $targetUserId) {
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
  }
`));

export const UnblockUser = known(graphql(`
  mutation UnblockUser($targetUserId: ID!) {
    unblockUser(targetUserId: $targetUserId) {
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
  }
`));

export type BlockAnswer =
  | { __typename: 'User'; id: string; viewerEdge: { id: string; isFollowing: boolean; isBlocking: boolean } }
  | { __typename: 'BadRequest' | 'NotFound'; message: string };
