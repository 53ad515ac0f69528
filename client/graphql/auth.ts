// Sign-in and sign-up documents (spec 2 §7), re-exported by ./queries.ts so that every
// document the client sends still comes from one module.
import { gql } from 'urql';

export const SignInOptionsQuery = gql`
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
    }
  }
`;

export const EmailAvailability = gql`
  query EmailAvailability($email: String!) {
    isEmailAvailable(email: $email)
  }
`;

export const SendAcctAuthEmail = gql`
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
`;

export const VerifyLoginCode = gql`
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
`;

export const PendingRegistrationQuery = gql`
  query PendingRegistrationQuery {
    pendingRegistration {
      email
      fullName
      suggestedUsername
      redirect
    }
  }
`;

export const CreateAccount = gql`
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
`;

export const SendVerificationEmail = gql`
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
`;

/** Whether the signed-in viewer has an email waiting to be verified (VERIFY_EMAIL toast). */
export const ViewerUnverifiedEmailQuery = gql`
  query ViewerUnverifiedEmailQuery {
    viewer {
      id
      unverifiedEmail
    }
  }
`;
