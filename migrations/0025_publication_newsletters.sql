-- Publication newsletters (issue 12, round 3; docs/newsletters.md "Publication newsletters").
-- One newsletter per publication, created by its editors; readers subscribe to it and receive
-- the stories the publication's editors publish (with "Send to subscribers"). The story's
-- once-only claim stays newsletter_sends (migrations/0018): one send per story covers both the
-- writer's and the publication's subscribers.

CREATE TABLE publication_newsletters (
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL UNIQUE REFERENCES collections(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  created_by TEXT NOT NULL REFERENCES users(id),
  created_at INTEGER NOT NULL
);

CREATE TABLE publication_newsletter_subscriptions (
  newsletter_id TEXT NOT NULL REFERENCES publication_newsletters(id) ON DELETE CASCADE,
  subscriber_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (newsletter_id, subscriber_id)
);
CREATE INDEX publication_newsletter_subscriptions_by_subscriber ON publication_newsletter_subscriptions (subscriber_id, newsletter_id);
