// Mastodon for members (migrations/0082_mastodon_for_members.sql, docs/adr/0180-mastodon-for-members.md):
// our app's credentials on each instance, the one-use connection states, and the development
// stand-in instance's own apps, accounts, codes and tokens. The connected account itself is
// `mastodon_accounts` (./schema.ts).
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './schema.ts';

export const mastodonApps = sqliteTable('mastodon_apps', {
  domain: text('domain').primaryKey(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const mastodonStates = sqliteTable('mastodon_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  domain: text('domain').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

export const localMastodonApps = sqliteTable('local_mastodon_apps', {
  clientId: text('client_id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  name: text('name').notNull(),
  redirectUris: text('redirect_uris').notNull(),
  scopes: text('scopes').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const localMastodonAccounts = sqliteTable('local_mastodon_accounts', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const localMastodonCodes = sqliteTable('local_mastodon_codes', {
  codeHash: text('code_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  accountId: text('account_id').notNull(),
  scopes: text('scopes').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

export const localMastodonTokens = sqliteTable('local_mastodon_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  clientId: text('client_id').notNull(),
  /** Null for an app token (client_credentials), which may create accounts but is no one. */
  accountId: text('account_id'),
  scopes: text('scopes').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const MASTODON_TABLES = {
  mastodon_apps: mastodonApps,
  mastodon_states: mastodonStates,
  local_mastodon_apps: localMastodonApps,
  local_mastodon_accounts: localMastodonAccounts,
  local_mastodon_codes: localMastodonCodes,
  local_mastodon_tokens: localMastodonTokens,
};
