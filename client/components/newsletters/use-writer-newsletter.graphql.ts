// Joining and leaving a writer's newsletter (issue 12 item 8; docs/newsletters.md).
import { graphql, known } from '../../app/graphql.ts';

export const SubscribeToNewsletterMutation = known(graphql(`
  mutation SubscribeToNewsletter($writerId: ID!) {
    subscribeToNewsletter(writerId: $writerId) {
      __typename
      ... on User {
        id
        viewerIsSubscribedToNewsletter
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

export const UnsubscribeFromNewsletterMutation = known(graphql(`
  mutation UnsubscribeFromNewsletter($writerId: ID!) {
    unsubscribeFromNewsletter(writerId: $writerId) {
      __typename
      ... on User {
        id
        viewerIsSubscribedToNewsletter
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
