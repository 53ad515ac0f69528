-- Likes and boosts (Announce) of a federated story from the fediverse (issue 30 point 4;
-- docs/adr/0204-fediverse-replies-beside-responses.md): counted apart from claps, one of each
-- kind per person and story; an Undo removes it. activity_uri is the Like's or Announce's id, so a
-- replayed activity is stored once.
CREATE TABLE fediverse_reactions (
  activity_uri TEXT PRIMARY KEY,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  actor_uri TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('LIKE', 'ANNOUNCE')),
  created_at INTEGER NOT NULL,
  UNIQUE (post_id, actor_uri, kind)
);
