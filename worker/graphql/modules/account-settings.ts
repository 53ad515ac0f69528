// Settings (docs/product/1-product-screens-membership-header-search.md §2.4;
// docs/adr/0012-accounts.md §2): what the settings page reads and changes. Only the viewer's own
// account: every field and call works on ctx.viewer, never on an id the client sends.
//
//   query    AccountSettingsQuery    accountSettings → AccountSettings (null when logged out)
//   mutation UpdateProfile           updateProfile(name, bio) → AccountSettings | BadRequest
//   mutation SetProfilePhoto         setProfilePhoto(imageId) → AccountSettings | BadRequest (an image the viewer uploaded, or null)
//   mutation ChangeUsername          changeUsername(username) → AccountSettings | BadRequest (signUpErrorCode)
//   mutation ChangeEmail             changeEmail(email) → VerificationEmailSent | BadRequest | NotFound | TooManyRequests
//   mutation SetPreference           setPreference(key, enabled) → Preference | BadRequest
//   mutation SignOutOtherSessions    signOutOtherSessions → AccountSettings
//   mutation DisconnectSignInProvider disconnectSignInProvider(provider) → AccountSettings | BadRequest
//   mutation DeleteAccount           deleteAccount(username) → AccountDeleted | BadRequest
import { GraphQLError } from 'graphql';
import { canonicalTimeZone } from '../../../shared/time-zone.ts';
import { SESSION_COOKIE } from '../../session/session-store.ts';
import { revokeOtherSessions } from '../../session/session-store.ts';
import { sendVerificationEmail, unverifiedEmailOf } from '../../auth/email-verification.ts';
import { clearedCookie } from '../../auth/cookies.ts';
import { changeUsername, deleteAccount, disconnectSignInProvider, preferencesOf, requestEmailChange, setPreference, setProfilePhoto, updateProfile } from '../../accounts/account-changes.ts';
import { mainOrigin } from '../../env.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { authCall } from './auth.ts';
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
  }

  "The account is gone; the browser goes to redirect (the goodbye page)."
  type AccountDeleted {
    redirect: String!
  }

  union UpdateProfileResult = AccountSettings | BadRequest
  union ChangeUsernameResult = AccountSettings | BadRequest
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
  }
`;

interface SettingsSource {
  userId: string;
}

function requireUser(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id) throw new GraphQLError('Sign in to change your settings.', { extensions: { code: 'UNAUTHENTICATED' } });
  // A staff member acting as someone may look, not change their account.
  if (ctx.viewer.isSpoofed) throw new GraphQLError('A spoofed session cannot change settings.', { extensions: { code: 'FORBIDDEN' } });
  return id;
}

const settingsOf = (ctx: RequestContext, userId: string): SettingsSource => {
  ctx.loaders.userById.clear(userId);
  return { userId };
};

interface UserSettingsRow {
  id: string;
  name: string;
  username: string;
  bio: string;
  image_id: string | null;
  email: string | null;
  custom_domain: string | null;
  custom_domain_state: string;
  has_subdomain: number;
  time_zone: string | null;
}

/** One read of the user row per settings object (fields share it). */
const rowCache = new WeakMap<SettingsSource, Promise<UserSettingsRow | null>>();
function rowOf(source: SettingsSource, ctx: RequestContext): Promise<UserSettingsRow | null> {
  let row = rowCache.get(source);
  if (!row) {
    row = ctx.db
      .prepare('SELECT id, name, username, bio, image_id, email, custom_domain, custom_domain_state, has_subdomain, time_zone FROM users WHERE id = ?')
      .bind(source.userId)
      .first<UserSettingsRow>();
    rowCache.set(source, row);
  }
  return row;
}

const field = <K extends keyof UserSettingsRow>(key: K) => async (source: SettingsSource, _: unknown, ctx: RequestContext) => (await rowOf(source, ctx))?.[key] ?? null;

export const accountSettingsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      accountSettings: (_: unknown, __: unknown, ctx: RequestContext): SettingsSource | null => (ctx.viewer.user ? { userId: ctx.viewer.user.id } : null),
    },
    AccountSettings: {
      id: (source: SettingsSource) => source.userId,
      name: field('name'),
      username: field('username'),
      bio: field('bio'),
      imageId: field('image_id'),
      email: field('email'),
      unverifiedEmail: (source: SettingsSource, _: unknown, ctx: RequestContext) => unverifiedEmailOf(ctx.db, source.userId),
      customDomain: field('custom_domain'),
      timeZone: field('time_zone'),
      customDomainState: async (source: SettingsSource, _: unknown, ctx: RequestContext) => (await rowOf(source, ctx))?.custom_domain_state ?? 'NONE',
      hasSubdomain: async (source: SettingsSource, _: unknown, ctx: RequestContext) => (await rowOf(source, ctx))?.has_subdomain === 1,
      preferences: (source: SettingsSource, _: unknown, ctx: RequestContext) => preferencesOf(ctx.db, source.userId),
      sessions: async (source: SettingsSource, _: unknown, ctx: RequestContext) => {
        const { results } = await ctx.db
          .prepare('SELECT id_hash, created_at, user_agent, host FROM sessions WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ? ORDER BY created_at DESC LIMIT 50')
          .bind(source.userId, ctx.now)
          .all<{ id_hash: string; created_at: number; user_agent: string; host: string | null }>();
        return results.map((row) => ({
          id: row.id_hash.slice(0, 12),
          createdAt: row.created_at,
          userAgent: row.user_agent,
          host: row.host,
          isCurrent: row.id_hash === ctx.viewer.sessionIdHash,
        }));
      },
      connectedProviders: async (source: SettingsSource, _: unknown, ctx: RequestContext) => {
        const { results } = await ctx.db
          .prepare('SELECT provider, email, created_at FROM social_identities WHERE user_id = ? ORDER BY created_at')
          .bind(source.userId)
          .all<{ provider: string; email: string | null; created_at: number }>();
        return results.map((row) => ({ provider: row.provider, email: row.email, connectedAt: row.created_at }));
      },
      publications: async (source: SettingsSource, _: unknown, ctx: RequestContext) => {
        const { results } = await ctx.db
          .prepare(
            "SELECT c.id, c.name, c.slug, m.role FROM collection_members m JOIN collections c ON c.id = m.collection_id WHERE m.user_id = ? AND m.role IN ('OWNER', 'EDITOR') ORDER BY c.name",
          )
          .bind(source.userId)
          .all<{ id: string; name: string; slug: string; role: string }>();
        return results;
      },
    },
    Mutation: {
      updateProfile: async (_: unknown, args: { name: string; bio: string }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        return (await updateProfile(ctx.db, ctx.env, userId, args)) ?? settingsOf(ctx, userId);
      },
      setProfilePhoto: async (_: unknown, args: { imageId?: string | null }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        return (await setProfilePhoto(ctx.db, ctx.env, userId, args.imageId ?? null)) ?? settingsOf(ctx, userId);
      },
      changeUsername: async (_: unknown, args: { username: string }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        return (await changeUsername(ctx.db, ctx.env, userId, args.username, ctx.now)) ?? settingsOf(ctx, userId);
      },
      changeEmail: async (_: unknown, args: { email: string }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        const refused = await requestEmailChange(ctx.db, userId, args.email, ctx.now);
        return refused ?? sendVerificationEmail(authCall(ctx));
      },
      setTimeZone: async (_: unknown, args: { timeZone?: string | null }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        const zone = args.timeZone == null ? null : canonicalTimeZone(args.timeZone);
        if (args.timeZone != null && !zone) return { __typename: 'BadRequest', message: 'Choose a time zone from the list.', signUpErrorCode: null };
        await ctx.db.prepare('UPDATE users SET time_zone = ? WHERE id = ?').bind(zone, userId).run();
        return settingsOf(ctx, userId);
      },
      setPreference: async (_: unknown, args: { key: string; enabled: boolean }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        const value = await setPreference(ctx.db, userId, args.key, args.enabled, ctx.now);
        return value ? { __typename: 'Preference', ...value } : { __typename: 'BadRequest', message: 'There is no such preference.', signUpErrorCode: null };
      },
      signOutOtherSessions: async (_: unknown, __: unknown, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        if (ctx.viewer.sessionIdHash) await revokeOtherSessions(ctx.db, userId, ctx.viewer.sessionIdHash, ctx.now);
        return { userId };
      },
      disconnectSignInProvider: async (_: unknown, args: { provider: string }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        return (await disconnectSignInProvider(ctx.db, userId, args.provider)) ?? settingsOf(ctx, userId);
      },
      deleteAccount: async (_: unknown, args: { username: string }, ctx: RequestContext) => {
        const userId = requireUser(ctx);
        const username = ctx.viewer.user?.username ?? '';
        if (args.username.trim().replace(/^@/, '').toLowerCase() !== username.toLowerCase()) {
          return { __typename: 'BadRequest', message: 'Type your username to confirm.', signUpErrorCode: null };
        }
        await deleteAccount(ctx.db, ctx.env, userId, ctx.now);
        const url = new URL(ctx.request?.url ?? mainOrigin(ctx.env));
        ctx.responseHeaders?.append('set-cookie', clearedCookie(url, SESSION_COOKIE));
        return { __typename: 'AccountDeleted', redirect: '/goodbye' };
      },
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
