-- The registrar hand-off of custom-domain setup (docs/adr/0182-registrar-hand-off.md): one round
-- trip to the registrar's Domain Connect page and back to /m/callback/namecheap. Only the state's
-- hash, who started it, for which holder and domain; one use, thirty minutes.
CREATE TABLE registrar_states (
  state_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  holder_kind TEXT NOT NULL CHECK (holder_kind IN ('user', 'collection')),
  holder_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
