-- A list's claps (issue 27 point 6, Catalog.clappers; docs/adr/0213-list-claps.md): one row per
-- reader per list, count 1 to 50 as for a story's claps (claps, migrations/0001_core.sql), and
-- the list's clap_count recounted from these rows in the same batch as every clap
-- (worker/claps/list-claps.ts).
CREATE TABLE catalog_claps (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  catalog_id TEXT NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
  count INTEGER NOT NULL CHECK (count BETWEEN 1 AND 50),
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, catalog_id)
);
-- Catalog.clappers: most recent clap first.
CREATE INDEX catalog_claps_by_catalog ON catalog_claps (catalog_id, updated_at DESC, user_id DESC);

ALTER TABLE catalogs ADD COLUMN clap_count INTEGER NOT NULL DEFAULT 0;
