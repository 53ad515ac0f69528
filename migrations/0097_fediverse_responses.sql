-- Replies from the fediverse shown as responses (issue 30 point 4;
-- docs/adr/0204-fediverse-replies-beside-responses.md). A remote person is not an account:
-- they are kept in remote_authors (what their actor document says of them), and their replies
-- in fediverse_responses, beside the posts table's responses, never in users or posts.

-- A fediverse person, by their actor id (a URI on their server), refreshed on each activity.
CREATE TABLE remote_authors (
  actor_uri TEXT PRIMARY KEY,
  -- @{preferredUsername}@{host} of the actor's server.
  handle TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  -- Their profile page (the actor's url, else its id).
  profile_url TEXT NOT NULL,
  -- Their avatar (the actor's icon), a public https address or null.
  avatar_url TEXT,
  updated_at INTEGER NOT NULL
);

-- One reply (a Note whose inReplyTo is a federated story) under the story it answers.
CREATE TABLE fediverse_responses (
  id TEXT PRIMARY KEY,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  author_uri TEXT NOT NULL REFERENCES remote_authors(actor_uri),
  -- The Note's id: a replayed Create stores nothing new; Update and Delete name it.
  note_uri TEXT NOT NULL UNIQUE,
  -- Where a reader opens the reply on its own server (the Note's url, else its id).
  url TEXT NOT NULL,
  -- Structured content ({"paragraphs":[…]}), read from the Note's HTML by the import reader: never HTML.
  content TEXT NOT NULL,
  -- Hidden from the thread by the story's writer (as posts.hidden_by_parent_author).
  hidden_by_parent_author INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX fediverse_responses_by_post ON fediverse_responses (post_id, created_at);
