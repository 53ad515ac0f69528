// Settings (docs/product/1-product-screens-membership-header-search.md §2.4;
// docs/adr/0079-account-settings.md): what the settings page reads and changes. Only the viewer's own
// account: every field and call works on ctx.viewer, never on an id the client sends.
//
//   query    AccountSettingsQuery    accountSettings → AccountSettings (null when logged out)
//   mutation UpdateProfile           updateProfile(name, bio) → AccountSettings | BadRequest
//   mutation SetProfilePhoto         setProfilePhoto(imageId) → AccountSettings | BadRequest (an image the viewer uploaded, or null)
//   mutation ChangeUsername          changeUsername(username) → AccountSettings | BadRequest (signUpErrorCode) | AlreadyExists
//   mutation ChangeEmail             changeEmail(email) → VerificationEmailSent | BadRequest | NotFound | TooManyRequests
//   mutation SetPreference           setPreference(key, enabled) → Preference | BadRequest
//   mutation SignOutOtherSessions    signOutOtherSessions → AccountSettings
//   mutation DisconnectSignInProvider disconnectSignInProvider(provider) → AccountSettings | BadRequest
//   mutation SetMembershipPromotion  setMembershipPromotion(enabled) → MembershipPromotion
//   mutation DeleteAccount           deleteAccount(username) → AccountDeleted | BadRequest
import { unverifiedEmailOf } from '../../auth/email-verification.ts';
import {
  changeEmail,
  changeUsername,
  deleteAccount,
  disconnectSignInProvider,
  preferencesOf,
  setPreference,
  setProfilePhoto,
  setTimeZone,
  unclaimSubdomain,
  signOutOtherSessions,
  updateProfile,
} from '../../accounts/account-changes.ts';
import { connectedProvidersOf, managedPublicationsOf, sessionsOf, settingsRowOf, viewerSettings, type AccountSettingsSource, type UserSettingsRow } from '../../accounts/account-settings.ts';
import { membershipPromotionEnabled, setMembershipPromotion } from '../../accounts/membership-promotion.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A signed-in session of the viewer (Settings → Security and apps)."
  type AccountSession {
    "An opaque id: the first characters of the session's hash."
    id: ID!
    createdAt: Long!
    userAgent: String!
    "The custom domain or subdomain a cross-host session serves; null on the main host."
    host: String
    isCurrent: Boolean!
  }

  "A notification or email preference."
  type Preference {
    key: String!
    label: String!
    enabled: Boolean!
  }

  "A sign-in provider account linked to the viewer's (Security and apps)."
  type ConnectedSignInProvider {
    "google, facebook, apple or twitter."
    provider: String!
    "The email the provider gave, when it gave one."
    email: String
    connectedAt: Long!
  }

  "A publication the viewer runs (Manage publications)."
  type ManagedPublication {
    id: ID!
    name: String!
    slug: String!
    role: String!
  }

  "The viewer's own account as Settings shows it."
  type AccountSettings {
    id: ID!
    name: String!
    username: String!
    bio: String!
    imageId: String
    email: String
    "A new email waiting for the link mailed to it."
    unverifiedEmail: String
    customDomain: String
    customDomainState: String!
    hasSubdomain: Boolean!
    preferences: [Preference!]!
    sessions: [AccountSession!]!
    publications: [ManagedPublication!]!
    connectedProviders: [ConnectedSignInProvider!]!
    "IANA time zone the writer's stats days are cut in; null: UTC."
    timeZone: String
    "Whether the paywall of the viewer's member-only stories invites readers to support them (docs/membership.md)."
    membershipPromotionEnabled: Boolean!
  }

  "The writer's membership promotion after a change (the SUBSCRIPTION_PROMOTION toast)."
  type MembershipPromotion {
    enabled: Boolean!
    "Whose membership page the toast's Take a look opens."
    username: String!
  }

  type User {
    "Whether the paywall of this writer's member-only stories invites readers to support them."
    membershipPromotionEnabled: Boolean!
  }

  "The account is gone; the browser goes to redirect (the goodbye page)."
  type AccountDeleted {
    redirect: String!
  }

  union UpdateProfileResult = AccountSettings | BadRequest
  union ChangeUsernameResult = AccountSettings | BadRequest | AlreadyExists
  union SetProfilePhotoResult = AccountSettings | BadRequest
  union ChangeEmailResult = VerificationEmailSent | BadRequest | NotFound | TooManyRequests
  union SetPreferenceResult = Preference | BadRequest
  union DeleteAccountResult = AccountDeleted | BadRequest
  union DisconnectSignInProviderResult = AccountSettings | BadRequest
  union SetTimeZoneResult = AccountSettings | BadRequest

  type Query {
    "The viewer's settings; null when logged out."
    accountSettings: AccountSettings
  }

  type Mutation {
    "UpdateProfile: name and bio."
    updateProfile(name: String!, bio: String!): UpdateProfileResult!
    "SetProfilePhoto: an image the viewer uploaded (POST /_/upload), or null for none."
    setProfilePhoto(imageId: String): SetProfilePhotoResult!
    "ChangeUsername: the old /@username keeps leading to the account."
    changeUsername(username: String!): ChangeUsernameResult!
    "ChangeEmail: mails a confirmation link to the new address; the email changes when it is followed."
    changeEmail(email: String!): ChangeEmailResult!
    setPreference(key: String!, enabled: Boolean!): SetPreferenceResult!
    "SignOutOtherSessions: every session but this one (and its other hosts)."
    signOutOtherSessions: AccountSettings!
    "DisconnectSignInProvider: unlinks a provider's account; refused when it is the only way left to sign in."
    disconnectSignInProvider(provider: String!): DisconnectSignInProviderResult!
    "DeleteAccount: confirmed by typing the username."
    deleteAccount(username: String!): DeleteAccountResult!
    "SetTimeZone: an IANA name (e.g. America/Los_Angeles), or null for UTC: the days of the viewer's stats."
    setTimeZone(timeZone: String): SetTimeZoneResult!
    "Gives up the viewer's subdomain: their pages are served from the main host again (idempotent)."
    unclaimSubdomain: AccountSettings!
    "SetMembershipPromotion: turns the invitation on the writer's member-only stories on or off."
    setMembershipPromotion(enabled: Boolean!): MembershipPromotion!
  }
`;

const field = <K extends keyof UserSettingsRow>(key: K) => async (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => (await settingsRowOf(ctx, source))?.[key] ?? null;

export const accountSettingsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      accountSettings: (_: unknown, __: unknown, ctx: RequestContext) => viewerSettings(ctx),
    },
    AccountSettings: {
      id: (source: AccountSettingsSource) => source.userId,
      name: field('name'),
      username: field('username'),
      bio: field('bio'),
      imageId: field('image_id'),
      email: field('email'),
      unverifiedEmail: (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => unverifiedEmailOf(ctx.db, source.userId),
      customDomain: field('custom_domain'),
      timeZone: field('time_zone'),
      customDomainState: async (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => (await settingsRowOf(ctx, source))?.custom_domain_state ?? 'NONE',
      hasSubdomain: async (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => (await settingsRowOf(ctx, source))?.has_subdomain === 1,
      preferences: (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => preferencesOf(ctx, source),
      sessions: (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => sessionsOf(ctx, source),
      connectedProviders: (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => connectedProvidersOf(ctx, source),
      publications: (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => managedPublicationsOf(ctx, source),
      membershipPromotionEnabled: (source: AccountSettingsSource, _: unknown, ctx: RequestContext) => membershipPromotionEnabled(ctx, source.userId),
    },
    User: {
      membershipPromotionEnabled: (user: { id: string }, _: unknown, ctx: RequestContext) => membershipPromotionEnabled(ctx, user.id),
    },
    Mutation: {
      updateProfile: (_: unknown, args: { name: string; bio: string }, ctx: RequestContext) => updateProfile(ctx, args),
      setProfilePhoto: (_: unknown, args: { imageId?: string | null }, ctx: RequestContext) => setProfilePhoto(ctx, args.imageId ?? null),
      changeUsername: (_: unknown, args: { username: string }, ctx: RequestContext) => changeUsername(ctx, args.username),
      changeEmail: (_: unknown, args: { email: string }, ctx: RequestContext) => changeEmail(ctx, args.email),
      setTimeZone: (_: unknown, args: { timeZone?: string | null }, ctx: RequestContext) => setTimeZone(ctx, args.timeZone ?? null),
      unclaimSubdomain: (_: unknown, _args: unknown, ctx: RequestContext) => unclaimSubdomain(ctx),
      setPreference: (_: unknown, args: { key: string; enabled: boolean }, ctx: RequestContext) => setPreference(ctx, args.key, args.enabled),
      signOutOtherSessions: (_: unknown, __: unknown, ctx: RequestContext) => signOutOtherSessions(ctx),
      disconnectSignInProvider: (_: unknown, args: { provider: string }, ctx: RequestContext) => disconnectSignInProvider(ctx, args.provider),
      deleteAccount: (_: unknown, args: { username: string }, ctx: RequestContext) => deleteAccount(ctx, args.username),
      setMembershipPromotion: (_: unknown, args: { enabled: boolean }, ctx: RequestContext) => setMembershipPromotion(ctx, args.enabled),
    },
    UpdateProfileResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'AccountSettings' },
    SetProfilePhotoResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'AccountSettings' },
    ChangeUsernameResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'AccountSettings' },
    ChangeEmailResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    SetPreferenceResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    DisconnectSignInProviderResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'AccountSettings' },
    SetTimeZoneResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'AccountSettings' },
    DeleteAccountResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
