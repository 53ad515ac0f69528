// Sign-in documents (docs/product/2-sign-in-notices-cache-routing.md §7): the options, the
// emailed link or code and its check. Each is defined once: the dialog and the sign-in page
// send the same objects (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../../app/graphql.ts';

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
        lockoutInfo {
          failCount
          lockedOutUntil
        }
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
        lockoutInfo {
          failCount
          lockedOutUntil
        }
      }
    }
  }
`));
