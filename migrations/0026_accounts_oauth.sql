-- Accounts, round 3 (docs/adr/0088-oauth-for-third-party-applications.md): OAuth applications that readers authorize
-- at /m/oauth/authorize (authorization code flow with PKCE).

-- An application registered by its developer under /me/applications. The id is the client_id;
-- the client secret is shown once and stored as SHA-256. One redirect URI, matched exactly.
CREATE TABLE oauth_applications (
  id TEXT PRIMARY KEY,
  owner_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  redirect_uri TEXT NOT NULL,
  secret_hash TEXT NOT NULL UNIQUE,
  created_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX oauth_applications_by_owner ON oauth_applications (owner_id, created_at DESC);

-- Authorization codes: SHA-256 stored, short-lived, used once. token_id is the token the code
-- was exchanged for (a replayed code revokes it, RFC 6749 §4.1.2).
CREATE TABLE oauth_codes (
  code_hash TEXT PRIMARY KEY,
  application_id TEXT NOT NULL REFERENCES oauth_applications(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  redirect_uri TEXT NOT NULL,
  scopes TEXT NOT NULL,
  code_challenge TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  token_id TEXT
);
CREATE INDEX oauth_codes_by_expiry ON oauth_codes (expires_at);

-- A /v1 token issued to an application (NULL: the user's own integration token).
ALTER TABLE api_tokens ADD COLUMN oauth_application_id TEXT REFERENCES oauth_applications(id) ON DELETE CASCADE;
