// Typed mirror of migrations/0012_search.sql (and 0016_search_lists.sql) for drizzle-orm: the search records and the
// clicks of SearchClickEvent. The FTS5 tables of that migration are virtual tables that
// drizzle cannot describe; worker/search/index-sql.ts writes them and the drift test leaves
// them (and their shadow tables) out.
import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, unique } from 'drizzle-orm/sqlite-core';

/** One searchable object of the post, user, collection, tag or catalog (list) index. */
export const searchRecords = sqliteTable(
  'search_records',
  {
    id: integer('id').primaryKey(),
    indexKind: text('index_kind', { enum: ['post', 'user', 'collection', 'tag', 'catalog'] }).notNull(),
    objectId: text('object_id').notNull(),
    record: text('record').notNull(),
    popularity: integer('popularity').notNull().default(0),
    highQuality: integer('high_quality').notNull().default(1),
    ownerId: text('owner_id'),
    collectionId: text('collection_id'),
  },
  (t) => [
    unique().on(t.indexKind, t.objectId),
    index('search_records_by_owner')
      .on(t.ownerId)
      .where(sql`${t.ownerId} IS NOT NULL`),
    index('search_records_by_popularity').on(t.indexKind, sql`${t.popularity} DESC`),
  ],
);

/** SearchClickEvent: one row per clicked hit (position 1-based). */
export const searchClicks = sqliteTable(
  'search_clicks',
  {
    id: integer('id').primaryKey(),
    queryId: text('query_id').notNull(),
    indexName: text('index_name').notNull(),
    objectId: text('object_id').notNull(),
    position: integer('position').notNull(),
    userId: text('user_id'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('search_clicks_by_query').on(t.queryId)],
);

export const SEARCH_TABLES = { search_records: searchRecords, search_clicks: searchClicks } as const;
