-- Blocking (docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states Blocked and
-- Blocking): a row means blocker_id blocked blocked_id. The blocked reader cannot read, clap for,
-- respond to or follow the blocker; the blocker no longer sees the blocked writer's stories in
-- their feeds. The primary key answers "whom does X block" and "does X block Y"; the index on
-- blocked_id answers "who blocks Y" (the other half of "is there a block between us").
CREATE TABLE blocks (
  blocker_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blocked_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (blocker_id, blocked_id)
);
CREATE INDEX blocks_by_blocked ON blocks (blocked_id);
