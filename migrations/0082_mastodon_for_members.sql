-- Mastodon for members (docs/adr/0180-mastodon-for-members.md). A member claims an account on
-- the product's instance or connects one they have elsewhere by OAuth 2; only the result is kept
-- (mastodon_accounts, migrations/0002_mastodon_accounts.sql), never the instance's tokens.

-- Our app's client credentials on each instance, registered once (POST /api/v1/apps) and reused.
CREATE TABLE mastodon_apps (
  domain TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  client_secret TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

-- One connection round trip: only the state's hash, the member who started it and the instance.
-- One use (used_at), ten minutes.
CREATE TABLE mastodon_states (
  state_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  domain TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- The local stand-in instance (development only, /_/dev/mastodon): its apps, accounts, one-use
-- authorization codes and access tokens, kept as a real instance keeps them.
CREATE TABLE local_mastodon_apps (
  client_id TEXT PRIMARY KEY,
  client_secret TEXT NOT NULL,
  name TEXT NOT NULL,
  redirect_uris TEXT NOT NULL,
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE local_mastodon_accounts (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  display_name TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE local_mastodon_codes (
  code_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  account_id TEXT NOT NULL,
  scopes TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE TABLE local_mastodon_tokens (
  token_hash TEXT PRIMARY KEY,
  client_id TEXT NOT NULL,
  -- null: an app token (client_credentials), which may create accounts but is no one.
  account_id TEXT,
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
