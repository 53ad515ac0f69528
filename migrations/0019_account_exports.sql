-- Accounts, round 2 (issue 14): "Download my data" archives (docs/adr/0012-accounts.md §6).
-- The archive's bytes live in R2 under exports/{id}.zip; this row says whose it is, so only its
-- owner can fetch it, and when it stops being offered.
CREATE TABLE account_exports (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  byte_size INTEGER NOT NULL,
  story_count INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX account_exports_by_user ON account_exports (user_id, created_at DESC);
