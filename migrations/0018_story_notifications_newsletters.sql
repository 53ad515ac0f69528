-- Issue 12, round 2: followers told of a new story, and writers' newsletters
-- (docs/newsletters.md).

-- 1. NEW_STORY notifications: a writer's (or publication's) follower is told when a story is
-- first published. SQLite cannot alter a CHECK constraint, so the table is rebuilt with
-- every row and both indexes kept. Nothing references notifications, so dropping the old
-- table cascades nowhere.
CREATE TABLE notifications_rebuilt (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('FOLLOW', 'CLAP', 'RESPONSE', 'MENTION', 'NEW_STORY')),
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

-- 2. A reader subscribed to a writer's newsletter: the writer's new stories arrive by email.
CREATE TABLE newsletter_subscriptions (
  subscriber_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  writer_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (subscriber_id, writer_id)
);
CREATE INDEX newsletter_subscriptions_by_writer ON newsletter_subscriptions (writer_id, subscriber_id);

-- A story emailed to its writer's subscribers: at most once per story (a republish never
-- sends it again), with how many it went to.
CREATE TABLE newsletter_sends (
  post_id TEXT PRIMARY KEY REFERENCES posts(id) ON DELETE CASCADE,
  sent_at INTEGER NOT NULL,
  recipient_count INTEGER NOT NULL
);

-- The development mailbox keeps a message's extra headers (List-Unsubscribe, …) as JSON,
-- so tests and developers see what a real provider would be given.
ALTER TABLE dev_mailbox ADD COLUMN headers_json TEXT NOT NULL DEFAULT '{}';
