// Sign-up documents (docs/product/2-sign-in-notices-cache-routing.md §7): the pending
// registration and the account's creation, each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';

export const PendingRegistrationQuery = known(graphql(`
  query PendingRegistrationQuery {
    pendingRegistration {
      email
      fullName
      suggestedUsername
      redirect
    }
  }
`));

export const CreateAccount = known(graphql(`
  mutation CreateAccount($name: String!, $username: String!) {
    createAccount(name: $name, username: $username) {
      __typename
      ... on User {
        id
        username
      }
      ... on BadRequest {
        message
        signUpErrorCode
      }
      ... on NotFound {
        message
      }
      ... on UserCreationRateLimited {
        message
      }
    }
  }
`));
