// Series (the spec's Sequence; migrations/0066_series.sql, docs/series.md): a writer's ordered
// run of stories, its parts and its followers.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { posts, users } from './schema.ts';

export const series = sqliteTable(
  'series',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    publishedAt: integer('published_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('series_by_creator').on(t.creatorId, sql`${t.updatedAt} DESC`)],
);

export const seriesParts = sqliteTable(
  'series_parts',
  {
    seriesId: text('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .unique()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    addedAt: integer('added_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.postId] }), index('series_parts_in_order').on(t.seriesId, t.position)],
);

export const seriesFollows = sqliteTable(
  'series_follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seriesId: text('series_id')
      .notNull()
      .references(() => series.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.followerId, t.seriesId] }), index('series_follows_by_series').on(t.seriesId, t.followerId)],
);

export const SERIES_TABLES = { series, series_parts: seriesParts, series_follows: seriesFollows };

export type SeriesRow = typeof series.$inferSelect;
