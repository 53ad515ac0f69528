// The address check (docs/product/2-sign-in-notices-cache-routing.md §7): whether the viewer's
// email is unverified, and sending the verification email again. Each is defined once.
import { graphql, known } from '../../app/graphql.ts';

export const SendVerificationEmail = known(graphql(`
  mutation SendVerificationEmail {
    sendVerificationEmail {
      __typename
      ... on VerificationEmailSent {
        email
      }
      ... on BadRequest {
        message
      }
      ... on NotFound {
        message
      }
      ... on TooManyRequests {
        message
      }
    }
  }
`));

/** Whether the signed-in viewer has an email waiting to be verified (VERIFY_EMAIL toast). */
export const ViewerUnverifiedEmailQuery = known(graphql(`
  query ViewerUnverifiedEmailQuery {
    viewer {
      id
      unverifiedEmail
    }
  }
`));
