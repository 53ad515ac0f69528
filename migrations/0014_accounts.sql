-- Accounts (issue 14): sessions on every host, settings, onboarding, developer tokens and
-- the /v1 API, staff actions. Decisions: docs/adr/0078-signed-in-on-every-host.md and docs/adr/0079-account-settings.md and docs/adr/0082-integration-tokens-and-v1.md and docs/adr/0083-staff-pages.md.

-- A session made by the cross-host sign-in belongs to one host (a custom domain or a
-- username subdomain) and to the main-host session it came from: signing out of either
-- ends the whole family. Main-host sessions have neither.
ALTER TABLE sessions ADD COLUMN parent_id_hash TEXT;
ALTER TABLE sessions ADD COLUMN host TEXT;
-- Shown in the list of signed-in sessions (Settings → Security and apps).
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
CREATE INDEX sessions_by_parent ON sessions (parent_id_hash);

-- One-use, short-lived tokens of the cross-host sign-in (/m/token → /m/callback/authenticate),
-- bound to the host they were made for. Only the SHA-256 of a token is stored.
CREATE TABLE cross_host_tokens (
  token_hash TEXT PRIMARY KEY,
  session_id_hash TEXT NOT NULL REFERENCES sessions(id_hash) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_host TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);

-- A changed username's old address keeps working: /@{old} redirects to the user.
CREATE TABLE username_redirects (
  old_username TEXT PRIMARY KEY COLLATE NOCASE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL
);

-- Notification and email preferences that differ from the defaults (key → on/off).
CREATE TABLE user_preferences (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  enabled INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, key)
);

-- Onboarding (/get-started): done once; a limited account cannot publish or respond.
ALTER TABLE users ADD COLUMN onboarded_at INTEGER;
ALTER TABLE users ADD COLUMN limited_at INTEGER;

-- Integration tokens of the /v1 API (/me/applications): shown once, SHA-256 stored.
CREATE TABLE api_tokens (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  description TEXT NOT NULL,
  token_hash TEXT NOT NULL UNIQUE,
  -- Comma-separated scopes: basicProfile, listPublications, publishPost.
  scopes TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER,
  revoked_at INTEGER
);
CREATE INDEX api_tokens_by_user ON api_tokens (user_id, created_at DESC);

-- What staff did to an account (/_/admin/users/{id}).
CREATE TABLE admin_actions (
  id TEXT PRIMARY KEY,
  staff_user_id TEXT NOT NULL REFERENCES users(id),
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  action TEXT NOT NULL CHECK (action IN ('suspend', 'limit', 'restore', 'verify_book_author')),
  created_at INTEGER NOT NULL
);
CREATE INDEX admin_actions_by_user ON admin_actions (user_id, created_at DESC);

-- The original address of a story first published elsewhere (the /v1 API's canonicalUrl).
CREATE TABLE post_canonical_urls (
  post_id TEXT PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  url TEXT NOT NULL
);
