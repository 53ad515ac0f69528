-- A story's history: every change and who made it (issue 28 point 7;
-- docs/adr/0146-publication-editors-change-stories.md). A publication's editors change their
-- writers' stories, so "who" is no longer always the author: each save (its revision), title
-- edit, publish, republish, unpublish and settings change is one row, named by its actor.
-- Rows outlive the revisions kept (post_revisions keeps the newest 100): the history of who did
-- what is not pruned with the text.
CREATE TABLE post_history (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  -- The signed-in person who made the change; NULL once their account is erased.
  actor_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  change TEXT NOT NULL CHECK (change IN ('saved', 'edited', 'published', 'republished', 'unpublished', 'settings')),
  -- The revision a save wrote or a publish made live; NULL for the others.
  rev INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX post_history_by_post ON post_history (post_id, id);

-- Saves made before this table existed were all their author's.
INSERT INTO post_history (post_id, actor_id, change, rev, created_at)
  SELECT r.post_id, p.creator_id, 'saved', r.rev, r.created_at FROM post_revisions r JOIN posts p ON p.id = r.post_id ORDER BY r.created_at, r.rev;
