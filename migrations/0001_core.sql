-- Vellum core model. Times are milliseconds since the epoch (INTEGER); ids are short
-- lowercase hex strings (posts: 12 hex digits, the last segment of a story's address).

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  email TEXT UNIQUE COLLATE NOCASE,
  bio TEXT NOT NULL DEFAULT '',
  image_id TEXT,
  -- Custom domain of the writer's own site; only a 'live' domain is served.
  custom_domain TEXT UNIQUE COLLATE NOCASE,
  custom_domain_state TEXT NOT NULL DEFAULT 'NONE' CHECK (custom_domain_state IN ('NONE', 'PENDING', 'LIVE')),
  has_subdomain INTEGER NOT NULL DEFAULT 0,
  is_suspended INTEGER NOT NULL DEFAULT 0,
  is_staff INTEGER NOT NULL DEFAULT 0,
  is_book_author INTEGER NOT NULL DEFAULT 0,
  partner_program_status TEXT CHECK (partner_program_status IN ('ACTIVE', 'INACTIVE', 'PENDING_ACTION', 'SUSPENDED')),
  -- Per-user feature flags (comma separated spec flag names, e.g. can_view_suspended_content).
  flags TEXT NOT NULL DEFAULT '',
  follower_count INTEGER NOT NULL DEFAULT 0,
  following_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  deleted_at INTEGER
);

CREATE TABLE collections (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  avatar_id TEXT,
  favicon_id TEXT,
  domain TEXT UNIQUE COLLATE NOCASE,
  custom_domain_state TEXT NOT NULL DEFAULT 'NONE' CHECK (custom_domain_state IN ('NONE', 'PENDING', 'LIVE')),
  creator_id TEXT NOT NULL REFERENCES users(id),
  follower_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL
);

-- Who runs a publication: its owner and editors administer it; writers publish in it.
CREATE TABLE collection_members (
  collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('OWNER', 'EDITOR', 'WRITER')),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (collection_id, user_id)
);
CREATE INDEX collection_members_by_user ON collection_members (user_id, role);

CREATE TABLE posts (
  id TEXT PRIMARY KEY,
  creator_id TEXT NOT NULL REFERENCES users(id),
  collection_id TEXT REFERENCES collections(id),
  -- A response is a post written in reply to another post.
  in_response_to_post_id TEXT REFERENCES posts(id),
  title TEXT NOT NULL DEFAULT '',
  subtitle TEXT NOT NULL DEFAULT '',
  -- Title slug: the address is /@{username}/{slug}-{id}.
  slug TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('DRAFT', 'PUBLISHED')),
  visibility TEXT NOT NULL DEFAULT 'PUBLIC' CHECK (visibility IN ('PUBLIC', 'UNLISTED', 'LOCKED')),
  -- Structured content: JSON {"paragraphs":[{"name","type","text","markups":[...]}]}; never HTML.
  content TEXT NOT NULL,
  -- How many leading paragraphs a non-member sees of a LOCKED story.
  preview_paragraph_count INTEGER NOT NULL DEFAULT 3,
  word_count INTEGER NOT NULL DEFAULT 0,
  image_count INTEGER NOT NULL DEFAULT 0,
  reading_time REAL NOT NULL DEFAULT 0,
  preview_image_id TEXT,
  clap_count INTEGER NOT NULL DEFAULT 0,
  response_count INTEGER NOT NULL DEFAULT 0,
  responses_locked INTEGER NOT NULL DEFAULT 0,
  -- A response its parent's author hid from the thread.
  hidden_by_parent_author INTEGER NOT NULL DEFAULT 0,
  is_suspended INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  first_published_at INTEGER,
  latest_published_at INTEGER,
  -- Trash: set by DeletePost, cleared by UndeletePost, purged after 14 days.
  deleted_at INTEGER
);
CREATE INDEX posts_by_creator ON posts (creator_id, latest_published_at DESC);
CREATE INDEX posts_by_collection ON posts (collection_id, latest_published_at DESC);
CREATE INDEX posts_latest ON posts (status, latest_published_at DESC) WHERE in_response_to_post_id IS NULL AND deleted_at IS NULL;
CREATE INDEX posts_responses ON posts (in_response_to_post_id, created_at) WHERE in_response_to_post_id IS NOT NULL;
CREATE INDEX posts_trash ON posts (deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE tags (
  id TEXT PRIMARY KEY,
  slug TEXT NOT NULL UNIQUE,
  display_title TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  post_count INTEGER NOT NULL DEFAULT 0,
  follower_count INTEGER NOT NULL DEFAULT 0
);

-- Tag links carry the post's publication time so a tag feed is one index range scan.
CREATE TABLE post_tags (
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  tag_slug TEXT NOT NULL REFERENCES tags(slug),
  position INTEGER NOT NULL DEFAULT 0,
  published_at INTEGER,
  PRIMARY KEY (post_id, tag_slug)
);
CREATE INDEX post_tags_by_tag ON post_tags (tag_slug, published_at DESC);

-- follower → user, publication, tag or saved list.
CREATE TABLE follows (
  follower_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('USER', 'COLLECTION', 'TAG', 'CATALOG')),
  target_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (follower_id, target_type, target_id)
);
CREATE INDEX follows_by_target ON follows (target_type, target_id, created_at DESC);

CREATE TABLE mutes (
  muter_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  target_type TEXT NOT NULL CHECK (target_type IN ('USER', 'COLLECTION')),
  target_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (muter_id, target_type, target_id)
);

-- Lists. Every reader has one predefined Reading list (type PREDEFINED_LIST, predefined READING_LIST).
CREATE TABLE catalogs (
  id TEXT PRIMARY KEY,
  creator_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  type TEXT NOT NULL CHECK (type IN ('LISTS', 'PREDEFINED_LIST')),
  predefined TEXT CHECK (predefined IN ('READING_LIST', 'CURRENTLY_READING', 'PURCHASED')),
  visibility TEXT NOT NULL DEFAULT 'PUBLIC' CHECK (visibility IN ('PUBLIC', 'PRIVATE', 'LOCKED')),
  responses_locked INTEGER NOT NULL DEFAULT 0,
  item_count INTEGER NOT NULL DEFAULT 0,
  response_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (creator_id, predefined)
);
CREATE INDEX catalogs_by_creator ON catalogs (creator_id, updated_at DESC);

CREATE TABLE catalog_items (
  id TEXT PRIMARY KEY,
  catalog_id TEXT NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  note TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  UNIQUE (catalog_id, post_id)
);
CREATE INDEX catalog_items_by_catalog ON catalog_items (catalog_id, created_at DESC);

-- One row per reader per story; count is that reader's claps, 1 to 50.
CREATE TABLE claps (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 50),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX claps_by_post ON claps (post_id);

CREATE TABLE reading_history (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  post_id TEXT NOT NULL REFERENCES posts(id) ON DELETE CASCADE,
  read_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, post_id)
);
CREATE INDEX reading_history_by_user ON reading_history (user_id, read_at DESC);

CREATE TABLE memberships (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  tier TEXT NOT NULL CHECK (tier IN ('MEMBER', 'FRIEND')),
  plan TEXT NOT NULL CHECK (plan IN ('MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY')),
  payment_provider TEXT NOT NULL CHECK (payment_provider IN ('APPLE', 'BRAINTREE', 'GOOGLE', 'MEDIUM_GIFT', 'PAYPAL', 'STRIPE')),
  currency TEXT NOT NULL DEFAULT 'USD' CHECK (currency IN ('USD', 'CAD')),
  amount INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  current_period_ends_at INTEGER NOT NULL,
  is_cancelled INTEGER NOT NULL DEFAULT 0,
  payment_failed_at INTEGER,
  friend_since INTEGER
);

CREATE TABLE notifications (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  actor_id TEXT REFERENCES users(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('FOLLOW', 'CLAP', 'RESPONSE', 'MENTION')),
  post_id TEXT REFERENCES posts(id) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  read_at INTEGER
);
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- Server-side sessions. The cookie holds a random token; only its SHA-256 is stored.
CREATE TABLE sessions (
  id_hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  xsrf TEXT NOT NULL,
  -- Staff acting as another user: the session is spoofed and never cached.
  spoofed_by_user_id TEXT REFERENCES users(id),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX sessions_by_user ON sessions (user_id);
