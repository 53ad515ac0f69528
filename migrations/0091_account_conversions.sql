-- Finishing an account a newsletter invitation made (docs/newsletters.md "Finishing an invited
-- account", docs/adr/0198-finishing-an-invited-account.md): confirming an invitation for an
-- address with no account makes a bare one and gives a one-use link /m/account/convert/{token}.
-- Only the token's SHA-256 is kept; used_at is set once, when the form is sent.
CREATE TABLE account_conversions (
  token_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX account_conversions_by_user ON account_conversions (user_id);
