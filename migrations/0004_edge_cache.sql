-- The edge cache's records in D1 (worker/cache/, docs/adr/0020-purge-by-tag.md and docs/adr/0022-withdraw-renders-a-purge-overtook.md).

-- The tag ledger: when each tag was last purged. A stored page rendered at or before the
-- latest invalidation of any of its tags is stale, in every data centre, whether or not a
-- purge reached that data centre's copy. Rows older than the freshness lifetime no longer
-- matter (such copies are stale anyway) and are pruned by purges.
CREATE TABLE cache_tag_invalidations (
  tag TEXT PRIMARY KEY,
  invalidated_at INTEGER NOT NULL
);

-- The tag index: which stored copies carry which tags, so a purge can delete the copies
-- this data centre holds (the Cache API cannot purge by tag from inside a worker).
CREATE TABLE cache_entries (
  key TEXT PRIMARY KEY,
  stored_at INTEGER NOT NULL,
  -- When storage drops the copy by itself (freshness + stale retention).
  expires_at INTEGER NOT NULL
);
CREATE INDEX cache_entries_by_expiry ON cache_entries (expires_at);

CREATE TABLE cache_entry_tags (
  tag TEXT NOT NULL,
  key TEXT NOT NULL REFERENCES cache_entries(key) ON DELETE CASCADE,
  PRIMARY KEY (tag, key)
);
CREATE INDEX cache_entry_tags_by_key ON cache_entry_tags (key);
