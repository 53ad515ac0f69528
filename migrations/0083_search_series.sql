-- Search: an index of published series, {prefix}series (docs/search.md, "What is indexed";
-- docs/adr/0181-series-in-search.md). A series is found by its title (strongest), its
-- description and its writer's name.
--
-- search_records' index_kind CHECK gains 'series'. SQLite cannot change a CHECK in place, so the
-- table is rebuilt with the same ids (the FTS tables' rowids point at them) and its indexes are
-- made again, as migrations/0016_search_lists.sql did for lists.
CREATE TABLE search_records_next (
  id INTEGER PRIMARY KEY,
  index_kind TEXT NOT NULL CHECK (index_kind IN ('post', 'user', 'collection', 'tag', 'catalog', 'series')),
  object_id TEXT NOT NULL,
  record TEXT NOT NULL,
  popularity INTEGER NOT NULL DEFAULT 0,
  high_quality INTEGER NOT NULL DEFAULT 1,
  owner_id TEXT,
  collection_id TEXT,
  UNIQUE (index_kind, object_id)
);
INSERT INTO search_records_next (id, index_kind, object_id, record, popularity, high_quality, owner_id, collection_id)
  SELECT id, index_kind, object_id, record, popularity, high_quality, owner_id, collection_id FROM search_records;
DROP TABLE search_records;
ALTER TABLE search_records_next RENAME TO search_records;
CREATE INDEX search_records_by_owner ON search_records (owner_id) WHERE owner_id IS NOT NULL;
CREATE INDEX search_records_by_popularity ON search_records (index_kind, popularity DESC);

CREATE VIRTUAL TABLE search_series_fts USING fts5(
  title, description, writer,
  tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
