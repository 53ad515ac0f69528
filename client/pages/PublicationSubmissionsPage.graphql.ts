// The documents of publication-stories (issue 12 item 7): the submitted stories, and their
// approval or decline.
import { graphql, known } from '../app/graphql.ts';

export const PublicationSubmissionsPageQuery = known(graphql(`
  query PublicationSubmissionsPageQuery($slug: String!) {
    collection(slug: $slug) {
      id
      name
      slug
      viewerIsEditor
      nextSubmission {
        __typename
        ... on EmptyQueue {
          message
        }
      }
      submissions {
        id
        title
        mediumUrl
        latestPublishedAt
        creator {
          id
          name
          username
        }
      }
    }
  }
`));

export const ApproveSubmission = known(graphql(`
  mutation ApproveSubmission($postId: ID!) {
    approveSubmission(postId: $postId) {
      __typename
      ... on Post {
        id
        statusForCollection
      }
      ... on NotFound {
        message
      }
    }
  }
`));

export const DeclineSubmission = known(graphql(`
  mutation DeclineSubmission($postId: ID!) {
    declineSubmission(postId: $postId) {
      __typename
      ... on Post {
        id
        statusForCollection
      }
      ... on NotFound {
        message
      }
    }
  }
`));
