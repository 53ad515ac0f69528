-- A publication's look, navigation and own pages (issue 12 item 7; docs/publications.md).
-- Kept beside collections rather than as new columns of it: a publication that was never
-- designed has no row and is drawn with the defaults.

-- The masthead: how it is laid out, its colours (#rrggbb, checked here as well as in the
-- resolver so no other writer can store a value a style attribute would misread), its logo,
-- and the long "about" text of /{collectionSlug}/settings/about (the tagline stays in
-- collections.description, which every existing card and feed reads).
CREATE TABLE collection_designs (
  collection_id TEXT PRIMARY KEY REFERENCES collections(id) ON DELETE CASCADE,
  header_layout TEXT NOT NULL DEFAULT 'AVATAR_AND_NAME' CHECK (header_layout IN ('AVATAR_AND_NAME', 'NAME_ONLY', 'LOGO')),
  accent_color TEXT CHECK (accent_color IS NULL OR (length(accent_color) = 7 AND accent_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')),
  background_color TEXT CHECK (background_color IS NULL OR (length(background_color) = 7 AND background_color GLOB '#[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]')),
  logo_id TEXT,
  about TEXT NOT NULL DEFAULT '',
  updated_at INTEGER NOT NULL
);

-- The masthead's navigation, in order: a tag's stories in the publication, one of its feature
-- pages, or an outside web address (http/https only).
CREATE TABLE collection_nav_items (
  collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  title TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('TAG', 'FEATURE_PAGE', 'LINK')),
  target TEXT NOT NULL,
  PRIMARY KEY (collection_id, position)
);

-- Feature pages: a publication's own static pages (/{collectionSlug}/{slug}/home), plain
-- paragraphs of text, optionally followed by the publication's stories with one tag.
CREATE TABLE collection_feature_pages (
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  slug TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  tag_slug TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  UNIQUE (collection_id, slug)
);
