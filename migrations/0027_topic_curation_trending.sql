-- Topic curation (docs/reader.md, "Topic curators"): the people besides staff who may edit a
-- topic's description and featured stories and add stories to it, and the featured stories
-- themselves, in the curator's order.
CREATE TABLE topic_curators (
  tag_slug TEXT NOT NULL REFERENCES tags(slug),
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (tag_slug, user_id)
);

CREATE TABLE topic_featured_posts (
  tag_slug TEXT NOT NULL REFERENCES tags(slug),
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  featured_by TEXT NOT NULL,
  featured_at INTEGER NOT NULL,
  PRIMARY KEY (tag_slug, post_id)
);
CREATE INDEX topic_featured_posts_in_order ON topic_featured_posts (tag_slug, position);

-- Trending this month (docs/reader.md, "Discovery: ranking rules"): a story is ranked by its
-- claps among every story published in the last 30 days, read from the top of an index
-- instead of ranking a 30-day window per request. in_trending_month is 1 while a listed story's
-- latest publication is in the last 30 days (NULL otherwise): set by the triggers below on
-- every write path that publishes, unpublishes, deletes or restores a story, cleared by the
-- daily job (worker/trending/trending-month.ts) once the story is older; the query also tests the
-- time, so a story the job has not cleared yet is only skipped. Claps change clap_count, and
-- with it the index, in the same statement.
ALTER TABLE posts ADD COLUMN in_trending_month INTEGER;

UPDATE posts SET in_trending_month = 1
WHERE status = 'PUBLISHED' AND in_response_to_post_id IS NULL AND deleted_at IS NULL
  AND latest_published_at >= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 2592000000;

CREATE INDEX posts_trending_month ON posts (clap_count DESC, latest_published_at DESC, id DESC) WHERE in_trending_month = 1;

CREATE TRIGGER posts_trending_month_on_insert AFTER INSERT ON posts
WHEN NEW.status = 'PUBLISHED' AND NEW.in_response_to_post_id IS NULL AND NEW.deleted_at IS NULL
  AND NEW.latest_published_at >= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 2592000000
BEGIN
  UPDATE posts SET in_trending_month = 1 WHERE id = NEW.id;
END;

CREATE TRIGGER posts_trending_month_on_update AFTER UPDATE OF status, latest_published_at, deleted_at, in_response_to_post_id ON posts
BEGIN
  UPDATE posts SET in_trending_month = CASE
    WHEN NEW.status = 'PUBLISHED' AND NEW.in_response_to_post_id IS NULL AND NEW.deleted_at IS NULL
      AND NEW.latest_published_at >= CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) - 2592000000
    THEN 1 END
  WHERE id = NEW.id;
END;
