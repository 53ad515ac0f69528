-- Accounts, round 2 (issue 14): "Download my data" archives (docs/adr/0085-download-my-data.md) and
-- development's DNS zone for custom-domain verification (§7).
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

-- Development's DNS zone (docs/adr/0086-a-writers-custom-domain.md): the local stand-in of the DNS-over-HTTPS
-- resolver answers custom-domain verification lookups from these rows. Only read in development.
CREATE TABLE dev_dns_records (
  name TEXT NOT NULL COLLATE NOCASE,
  type TEXT NOT NULL CHECK (type IN ('TXT', 'CNAME')),
  value TEXT NOT NULL,
  PRIMARY KEY (name, type, value)
);
