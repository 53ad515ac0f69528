// Sign-in and sign-up documents (docs/product/2-sign-in-notices-cache-routing.md §7), each defined
// once: the components and pages that send them import them from here
// (docs/adr/0006-graphql-documents.md).
import { graphql, known } from '../app/graphql.ts';

export const SignInOptionsQuery = known(graphql(`
  query SignInOptionsQuery {
    signInOptions {
      socialButtons {
        provider
        href
        offeredForSignUp
      }
      email
      captchaSiteKey
      captchaOnLogin
      captchaOnRegister
      captchaV3
    }
  }
`));

export const EmailAvailability = known(graphql(`
  query EmailAvailability($email: String!) {
    isEmailAvailable(email: $email)
  }
`));

export const SendAcctAuthEmail = known(graphql(`
  mutation SendAcctAuthEmail(
    $email: String!
    $redirect: String
    $fullName: String
    $captchaValue: String
    $operation: String
    $onMobileWeb: Boolean
  ) {
    sendAcctAuthEmail(
      email: $email
      redirect: $redirect
      fullName: $fullName
      captchaValue: $captchaValue
      operation: $operation
      onMobileWeb: $onMobileWeb
    ) {
      __typename
      ... on SusiMethod {
        value
      }
      ... on BadRequest {
        message
      }
      ... on FailedChallenge {
        message
      }
      ... on NotFound {
        message
      }
      ... on TooManyRequests {
        message
      }
      ... on IpAuthLockout {
        message
      }
    }
  }
`));

export const VerifyLoginCode = known(graphql(`
  mutation VerifyLoginCode($loginCode: String!) {
    verifyLoginCode(loginCode: $loginCode) {
      __typename
      ... on Token {
        value
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
      ... on IpAuthLockout {
        message
      }
    }
  }
`));

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
    }
  }
`));

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
