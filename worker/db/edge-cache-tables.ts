// Typed mirror of migrations/0004_edge_cache.sql for drizzle-orm: the edge cache's tag ledger
// and tag index (read and written by worker/cache/ledger.ts). Listed in ./schema.ts TABLES,
// so the schema drift test checks it against the migrated database.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** The tag ledger: tag → when it was last purged (ms). */
export const cacheTagInvalidations = sqliteTable('cache_tag_invalidations', {
  tag: text('tag').primaryKey(),
  invalidatedAt: integer('invalidated_at').notNull(),
});

/** The tag index: stored copies by key. */
export const cacheEntries = sqliteTable(
  'cache_entries',
  {
    key: text('key').primaryKey(),
    storedAt: integer('stored_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('cache_entries_by_expiry').on(t.expiresAt)],
);

/** The tag index: the tags each stored copy carries. */
export const cacheEntryTags = sqliteTable(
  'cache_entry_tags',
  {
    tag: text('tag').notNull(),
    key: text('key')
      .notNull()
      .references(() => cacheEntries.key, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tag, t.key] }), index('cache_entry_tags_by_key').on(t.key)],
);

export const EDGE_CACHE_TABLES = {
  cache_tag_invalidations: cacheTagInvalidations,
  cache_entries: cacheEntries,
  cache_entry_tags: cacheEntryTags,
} as const;
