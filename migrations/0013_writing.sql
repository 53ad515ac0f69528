-- Writing and publishing (issue 12; docs/adr/0068-drafts-and-revisions.md).
--
-- Drafts are saved as numbered revisions. posts.latest_rev is the revision the next save must
-- be based on: a save based on an older one is refused (two tabs never overwrite each other).
-- A draft's content is posts.content itself; a published story keeps serving posts.content
-- (the published revision, posts.published_rev) while its writer edits newer revisions, until
-- they publish the changes.
ALTER TABLE posts ADD COLUMN latest_rev INTEGER NOT NULL DEFAULT 0;
ALTER TABLE posts ADD COLUMN published_rev INTEGER;
-- The story's original address when it was first published elsewhere (post settings).
ALTER TABLE posts ADD COLUMN canonical_url TEXT;
-- A writer's story submitted to a publication, waiting for an editor: it joins the publication
-- (collection_id) only when approved, so no publication list shows it before.
ALTER TABLE posts ADD COLUMN submitted_collection_id TEXT REFERENCES collections(id);

CREATE TABLE post_revisions (
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  rev INTEGER NOT NULL,
  title TEXT NOT NULL,
  subtitle TEXT NOT NULL,
  -- JSON of shared/content.ts StoryContent, normalised (shared/editor/story-content-rules.ts).
  content TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (post_id, rev)
);

-- Images writers uploaded (worker/uploads/): the bytes live in R2 under the id.
CREATE TABLE uploaded_images (
  id TEXT PRIMARY KEY,
  uploader_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  content_type TEXT NOT NULL,
  byte_size INTEGER NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX uploaded_images_by_uploader ON uploaded_images (uploader_id, created_at);
