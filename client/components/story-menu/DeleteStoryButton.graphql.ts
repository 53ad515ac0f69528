// Moving a story to the trash and back (issue 6 item 12), loaded when the button is used.
import { graphql, known } from '../../app/graphql.ts';

export const DeletePost = known(graphql(`
  mutation DeletePost($targetPostId: ID!) {
    deletePost(targetPostId: $targetPostId) {
      __typename
      ... on TrashedPost {
        id
        deletedAt
        purgeAt
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const UndeletePostMutation = known(graphql(`
  mutation UndeletePostMutation($targetPostId: ID!) {
    undeletePost(targetPostId: $targetPostId) {
      __typename
      ... on Post {
        id
        title
        type
      }
      ... on NotFound {
        message
      }
    }
  }
`));
