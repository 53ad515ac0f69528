-- The fediverse (issue 30; docs/adr/0175-fedify-for-activitypub.md): what worker/federation/ keeps.

-- Fedify's key–value store (worker/federation/kv-store.ts): its caches, inbox idempotence and
-- outbox bookkeeping. key is the JSON of Fedify's key array; expires_at (ms) is null for "never".
CREATE TABLE federation_kv (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  expires_at INTEGER
);

-- Each actor's signing keys, generated once on first use and kept (worker/federation/keys.ts):
-- RSASSA-PKCS1-v1_5 for draft-cavage HTTP Signatures (what Mastodon verifies), Ed25519 for
-- FEP-8b32 object proofs and RFC 9421. actor_id is a user id (writer) or a collection id (publication).
CREATE TABLE federation_keys (
  actor_id TEXT NOT NULL,
  algorithm TEXT NOT NULL CHECK (algorithm IN ('RSASSA-PKCS1-v1_5', 'Ed25519')),
  private_jwk TEXT NOT NULL,
  public_jwk TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, algorithm)
);

-- Fediverse accounts following a writer or a publication (worker/federation/followers.ts).
CREATE TABLE federation_followers (
  actor_id TEXT NOT NULL,
  follower_uri TEXT NOT NULL,
  inbox TEXT NOT NULL,
  shared_inbox TEXT,
  -- The Follow activity's id, so an Undo of exactly that Follow is recognised.
  follow_uri TEXT,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (actor_id, follower_uri)
);
-- The followers collection's pages, oldest first.
CREATE INDEX federation_followers_by_actor ON federation_followers (actor_id, created_at, follower_uri);
