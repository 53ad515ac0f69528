// GraphQL documents of blocking (worker/graphql/modules/blocks.ts). Each is defined once,
// here. The answer is the User: urql's document cache then refetches the queries that hold
// a User (the profile, the story page's Blocking outcome), which redraws what a block changes.
import { gql } from 'urql';

const BLOCK_RESULT = `
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
`;

export const BlockUser = gql`
  mutation BlockUser($targetUserId: ID!) {
    blockUser(targetUserId: $targetUserId) { ${BLOCK_RESULT} }
  }
`;

export const UnblockUser = gql`
  mutation UnblockUser($targetUserId: ID!) {
    unblockUser(targetUserId: $targetUserId) { ${BLOCK_RESULT} }
  }
`;

export type BlockAnswer =
  | { __typename: 'User'; id: string; viewerEdge: { id: string; isFollowing: boolean; isBlocking: boolean } }
  | { __typename: 'BadRequest' | 'NotFound'; message: string };
