-- Search (docs/search.md; docs/adr/0059-search-index-in-d1-fts5.md): the local search service that answers
-- the hosted provider's protocol at /1/indexes/* (docs/product/3-routes-data-calls-constants.md §7.1).
--
-- search_records holds one row per searchable object of the four indexes (post, user,
-- collection, tag): the hit exactly as the provider would return it (record, JSON) and the
-- columns the service filters and ranks on. Each index has an FTS5 table whose rowid is the
-- record's id; worker/search/index-sql.ts writes both in one batch, from the tables, so the
-- same statements build the index for a seeded world, rebuild it (npm run search:reindex)
-- and refresh one object on every write.
CREATE TABLE search_records (
  id INTEGER PRIMARY KEY,
  index_kind TEXT NOT NULL CHECK (index_kind IN ('post', 'user', 'collection', 'tag')),
  object_id TEXT NOT NULL,
  -- The hit's attributes as JSON (objectID included).
  record TEXT NOT NULL,
  -- Tie-break after text relevance: claps (post), followers (user, collection), stories (tag).
  popularity INTEGER NOT NULL DEFAULT 0,
  -- 0: shown only to viewers with can_view_unfiltered_search (docs/search.md, "High quality").
  high_quality INTEGER NOT NULL DEFAULT 1,
  -- Post: its writer (mutes and blocks are applied per viewer at query time).
  owner_id TEXT,
  -- Post: its publication (publication-scoped search).
  collection_id TEXT,
  UNIQUE (index_kind, object_id)
);
CREATE INDEX search_records_by_owner ON search_records (owner_id) WHERE owner_id IS NOT NULL;
-- An empty query lists an index by popularity (Explore topics, the search page's first tab).
CREATE INDEX search_records_by_popularity ON search_records (index_kind, popularity DESC);

-- Diacritics folded (unicode61 remove_diacritics 2); prefix indexes of 1 to 3 characters so
-- a query typed one keystroke at a time stays an index lookup.
CREATE VIRTUAL TABLE search_post_fts USING fts5(
  title, subtitle, topics, writer, publication, opening,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE VIRTUAL TABLE search_user_fts USING fts5(
  name, username, bio,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE VIRTUAL TABLE search_collection_fts USING fts5(
  name, slug, description,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE VIRTUAL TABLE search_tag_fts USING fts5(
  name, slug, description,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);

-- SearchClickEvent (docs/product/1-product-screens-membership-header-search.md §7): one row per
-- clicked hit, position 1-based. Kept for relevance analysis; the viewer is null for visitors.
CREATE TABLE search_clicks (
  id INTEGER PRIMARY KEY,
  query_id TEXT NOT NULL,
  index_name TEXT NOT NULL,
  object_id TEXT NOT NULL,
  position INTEGER NOT NULL,
  user_id TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX search_clicks_by_query ON search_clicks (query_id);
