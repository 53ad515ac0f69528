// Settings documents (docs/product/1-product-screens-membership-header-search.md §2.4;
// docs/adr/0079-account-settings.md), each defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const AccountSettings_settings = known(graphql(`
  fragment AccountSettings_settings on AccountSettings {
    id
    name
    username
    bio
    imageId
    email
    unverifiedEmail
    customDomain
    customDomainState
    hasSubdomain
    timeZone
    membershipPromotionEnabled
    preferences {
      key
      label
      enabled
    }
    sessions {
      id
      createdAt
      userAgent
      host
      isCurrent
    }
    publications {
      id
      name
      slug
      role
    }
    connectedProviders {
      provider
      email
      connectedAt
    }
  }
`));

export const DisconnectSignInProvider = known(graphql(`
  mutation DisconnectSignInProvider($provider: String!) {
    disconnectSignInProvider(provider: $provider) {
      __typename
      ... on AccountSettings {
        ...AccountSettings_settings
      }
      ... on BadRequest {
        message
      }
    }
  }
`, [AccountSettings_settings]));

export const AccountSettingsQuery = known(graphql(`
  query AccountSettingsQuery {
    accountSettings {
      ...AccountSettings_settings
    }
    signInOptions {
      socialButtons {
        provider
        href
      }
    }
  }
`, [AccountSettings_settings]));

export type AccountSettingsData = ResultOf<typeof AccountSettingsQuery>;

export type AccountSettingsValue = NonNullable<AccountSettingsData['accountSettings']>;

export const UpdateProfile = known(graphql(`
  mutation UpdateProfile($name: String!, $bio: String!) {
    updateProfile(name: $name, bio: $bio) {
      __typename
      ... on AccountSettings {
        ...AccountSettings_settings
      }
      ... on BadRequest {
        message
      }
    }
  }
`, [AccountSettings_settings]));

export const SetProfilePhoto = known(graphql(`
  mutation SetProfilePhoto($imageId: String) {
    setProfilePhoto(imageId: $imageId) {
      __typename
      ... on AccountSettings {
        ...AccountSettings_settings
      }
      ... on BadRequest {
        message
      }
    }
  }
`, [AccountSettings_settings]));

export const ChangeUsername = known(graphql(`
  mutation ChangeUsername($username: String!) {
    changeUsername(username: $username) {
      __typename
      ... on AccountSettings {
        ...AccountSettings_settings
      }
      ... on BadRequest {
        message
        signUpErrorCode
      }
      ... on AlreadyExists {
        message
      }
    }
  }
`, [AccountSettings_settings]));

export const ChangeEmail = known(graphql(`
  mutation ChangeEmail($email: String!) {
    changeEmail(email: $email) {
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

export const SetPreference = known(graphql(`
  mutation SetPreference($key: String!, $enabled: Boolean!) {
    setPreference(key: $key, enabled: $enabled) {
      __typename
      ... on Preference {
        key
        label
        enabled
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

export const SignOutOtherSessions = known(graphql(`
  mutation SignOutOtherSessions {
    signOutOtherSessions {
      ...AccountSettings_settings
    }
  }
`, [AccountSettings_settings]));

export const DeleteAccount = known(graphql(`
  mutation DeleteAccount($username: String!) {
    deleteAccount(username: $username) {
      __typename
      ... on AccountDeleted {
        redirect
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

/** The zone a writer's stats days are cut in (the settings row and the stats page's offer). */
export const SetTimeZoneMutation = known(graphql(`
  mutation SetTimeZone($timeZone: String) {
    setTimeZone(timeZone: $timeZone) {
      __typename
      ... on AccountSettings {
        id
        timeZone
      }
      ... on BadRequest {
        message
      }
    }
  }
`));

/** Gives up the viewer's subdomain (a failure: UNCLAIM_SUBDOMAIN_ERROR). */
export const UnclaimSubdomain = known(graphql(`
  mutation UnclaimSubdomain {
    unclaimSubdomain {
      id
      hasSubdomain
    }
  }
`));

/** The writer's switch in "Customize membership promotion"; the answer raises SUBSCRIPTION_PROMOTION. */
export const SetMembershipPromotion = known(graphql(`
  mutation SetMembershipPromotion($enabled: Boolean!) {
    setMembershipPromotion(enabled: $enabled) {
      enabled
      username
    }
  }
`));
