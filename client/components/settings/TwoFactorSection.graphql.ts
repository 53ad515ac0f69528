// Two-factor authentication in the settings' Security tab (TwoFactorSection.tsx).
import { graphql, known } from '../../app/graphql.ts';

export const TwoFactorStatusQuery = known(graphql(`
  query TwoFactorStatusQuery {
    viewerTwoFactorAuth {
      enabled
      method
      recoveryCodesLeft
    }
  }
`));

export const StartTwoFactorAuth = known(graphql(`
  mutation StartTwoFactorAuth {
    startTwoFactorAuthEnrollment {
      __typename
      ... on TwoFactorAuthEnrollment {
        secret
        otpauthUri
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

export const ConfirmTwoFactorAuth = known(graphql(`
  mutation ConfirmTwoFactorAuth($code: String!) {
    confirmTwoFactorAuth(code: $code) {
      __typename
      ... on TwoFactorAuthRecoveryCodes {
        recoveryCodes
      }
      ... on InvalidTwoFactorAuthCode {
        message
      }
      ... on TwoFactorAuthSoftLockout {
        message
      }
      ... on TwoFactorAuthPermanentLockout {
        message
      }
    }
  }
`));

export const DisableTwoFactorAuth = known(graphql(`
  mutation DisableTwoFactorAuth($code: String!) {
    disableTwoFactorAuth(code: $code) {
      __typename
      ... on TwoFactorAuthStatus {
        enabled
        method
        recoveryCodesLeft
      }
      ... on InvalidTwoFactorAuthCode {
        message
      }
      ... on TwoFactorAuthSoftLockout {
        message
      }
      ... on TwoFactorAuthPermanentLockout {
        message
      }
    }
  }
`));
