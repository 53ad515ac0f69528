-- Two-factor authentication (the spec's methods AUTH_APP, SMS_TEXT, VOICE_CALL and its
-- lockouts, docs/product/2-sign-in-notices-cache-routing.md §8; docs/adr/0162-two-factor-authentication.md).
-- One method per account; the authenticator app's shared secret (base32); the last time step a
-- code was accepted (a code is good once); failed attempts, the soft lockout's end and how many
-- soft lockouts there were (the permanent lockout). Recovery codes are kept as SHA-256 hashes
-- and are good once. A sign-in waiting for its second factor holds a challenge (hash of the
-- cookie's token) until it is answered or expires.
CREATE TABLE two_factor_methods (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  method TEXT NOT NULL DEFAULT 'AUTH_APP' CHECK (method IN ('AUTH_APP', 'SMS_TEXT', 'VOICE_CALL')),
  secret TEXT NOT NULL,
  confirmed_at INTEGER,
  last_used_step INTEGER,
  fail_count INTEGER NOT NULL DEFAULT 0,
  locked_until INTEGER,
  lockout_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);
CREATE TABLE two_factor_recovery_codes (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash TEXT NOT NULL,
  used_at INTEGER,
  PRIMARY KEY (user_id, code_hash)
);
CREATE TABLE two_factor_challenges (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  redirect TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
