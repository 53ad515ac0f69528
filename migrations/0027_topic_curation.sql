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
