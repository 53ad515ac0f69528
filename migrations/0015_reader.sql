-- The rest of the reader's site (issue 15).

-- Profile tabs (worker/graphql/modules/profile-tabs.ts): Has recommended walks a user's claps,
-- most recent first; Responses walks a user's responses, newest first. Each page is one range
-- of one of these indexes.
CREATE INDEX claps_by_user ON claps (user_id, updated_at DESC, post_id DESC);
CREATE INDEX posts_responses_by_creator ON posts (creator_id, first_published_at DESC, id DESC) WHERE in_response_to_post_id IS NOT NULL;

-- A tag's top stories (worker/graphql/modules/profile-queries.ts tagTopPosts) walk the stories
-- from the most clapped down and keep the tag's: the walk stops when the page is full. The
-- listing columns are in the entries so a story that is not shown is never read.
CREATE INDEX posts_by_claps ON posts (clap_count DESC, id DESC, first_published_at, creator_id, collection_id, status, visibility, is_suspended, deleted_at, in_response_to_post_id, in_response_to_catalog_id) WHERE in_response_to_post_id IS NULL AND deleted_at IS NULL;

-- Error reports (worker/reports/error-reports.ts): what the browser's error boundary and global
-- handler send, and server render crashes. The viewer comes from the session, never from the
-- report's body. Operators read them here and in the logs.
CREATE TABLE error_reports (
  id TEXT PRIMARY KEY,
  created_at INTEGER NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('client', 'server')),
  message TEXT NOT NULL,
  file TEXT,
  line INTEGER,
  column_number INTEGER,
  stack TEXT,
  client_build TEXT,
  route TEXT,
  url TEXT,
  user_id TEXT,
  user_agent TEXT
);
CREATE INDEX error_reports_by_time ON error_reports (created_at DESC);

-- Highlights and private notes (worker/highlights/, docs/reader.md "Highlights, quotes and
-- notes"): a passage of one paragraph, named by the paragraph's stable name and the offsets of
-- the passage in its text, with the passage's words kept so an edit elsewhere in the paragraph
-- can be followed and an edit of the passage itself drops it.
CREATE TABLE highlights (
  id TEXT PRIMARY KEY,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('HIGHLIGHT', 'NOTE')),
  paragraph_name TEXT NOT NULL,
  start_offset INTEGER NOT NULL,
  end_offset INTEGER NOT NULL,
  quote TEXT NOT NULL,
  note TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX highlights_by_post ON highlights (post_id, kind, paragraph_name);
CREATE INDEX highlights_by_user ON highlights (user_id, kind, created_at DESC);

-- Trending and top stories (worker/graphql/modules/discovery-pages.ts) rank the newest stories
-- of a window by claps on index entries alone: posts_recent_claps for the whole site, and
-- posts_claps_by_id to read a tagged story's claps without its row (its content).
CREATE INDEX posts_recent_claps ON posts (status, latest_published_at DESC, id DESC, clap_count, in_response_to_post_id, deleted_at) WHERE in_response_to_post_id IS NULL AND deleted_at IS NULL;
CREATE INDEX posts_claps_by_id ON posts (id, clap_count);

-- /collections lists everyone's public lists, most recently changed first.
CREATE INDEX catalogs_public_by_update ON catalogs (updated_at DESC, id DESC) WHERE type = 'LISTS' AND visibility = 'PUBLIC';
