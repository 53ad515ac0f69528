-- Issue 26 point 1: series (the spec's Sequence; docs/series.md). A writer's ordered run of
-- their own stories under a title and a slug (/s/{sequenceSlug}), published when its writer
-- says so; readers follow it and are told of each new part (SERIES_PART notifications).

CREATE TABLE series (
  id TEXT PRIMARY KEY,
  creator_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Lowercase letters, digits and single hyphens (worker/series/series.ts validSlug); unique site-wide.
  slug TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  -- Unset while a draft: only its writer sees it.
  published_at INTEGER,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX series_by_creator ON series (creator_id, updated_at DESC);

-- A story is a part of at most one series (so its page can say "Part 2 of 3" unambiguously).
CREATE TABLE series_parts (
  series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  post_id TEXT NOT NULL UNIQUE REFERENCES posts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (series_id, post_id)
);
CREATE INDEX series_parts_in_order ON series_parts (series_id, position);

CREATE TABLE series_follows (
  follower_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (follower_id, series_id)
);
CREATE INDEX series_follows_by_series ON series_follows (series_id, follower_id);

-- SERIES_PART notifications: a series' follower is told of its new part. SQLite cannot alter a
-- CHECK constraint, so the table is rebuilt with every row and both indexes kept (as in
-- migrations/0018_story_notifications_newsletters.sql).
CREATE TABLE notifications_rebuilt (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('FOLLOW', 'CLAP', 'RESPONSE', 'MENTION', 'NEW_STORY', 'SERIES_PART')),
  post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
INSERT INTO notifications_rebuilt (id, user_id, actor_id, type, post_id, created_at, read_at)
  SELECT id, user_id, actor_id, type, post_id, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_rebuilt RENAME TO notifications;
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
