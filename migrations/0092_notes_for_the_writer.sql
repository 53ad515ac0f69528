-- Notes for the writer (docs/reader.md "Notes for the writer", docs/adr/0199-notes-for-the-writer.md):
-- a reader's private note may be left for the story's writer; the writer and the note's author
-- answer it in one thread of replies, each opened at /p/notereplies/{replyId}.

-- 1 when the note's author left it for the story's writer (NOTE only; a highlight is never).
ALTER TABLE highlights ADD COLUMN for_writer INTEGER NOT NULL DEFAULT 0;
CREATE INDEX highlights_for_writer ON highlights (post_id, created_at) WHERE for_writer = 1;

-- The thread of one note: its writer's and its author's answers, oldest first.
CREATE TABLE note_replies (
  id TEXT PRIMARY KEY,
  note_id TEXT NOT NULL REFERENCES highlights(id) ON DELETE CASCADE,
  author_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX note_replies_by_note ON note_replies (note_id, created_at);

-- NOTE_FOR_WRITER (a writer is told of a note left for them) and NOTE_REPLY (the other side of
-- the thread is told of an answer), with the note and the reply they open. SQLite cannot alter a
-- CHECK constraint, so the table is rebuilt with every row and both indexes kept (as in
-- migrations/0066_series.sql).
CREATE TABLE notifications_rebuilt (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('FOLLOW', 'CLAP', 'RESPONSE', 'MENTION', 'NEW_STORY', 'SERIES_PART', 'NOTE_FOR_WRITER', 'NOTE_REPLY')),
  post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
  note_id TEXT REFERENCES highlights(id) ON DELETE CASCADE,
  note_reply_id TEXT REFERENCES note_replies(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
INSERT INTO notifications_rebuilt (id, user_id, actor_id, type, post_id, created_at, read_at)
  SELECT id, user_id, actor_id, type, post_id, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_rebuilt RENAME TO notifications;
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
