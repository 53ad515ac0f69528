// Typed mirror of migrations/0021_story_events.sql for drizzle-orm: the raw client events of the
// event intake (worker/events/) and the stories' daily view/read/reading-time rollups that the
// stats pages read (docs/stats.md). CHECK constraints stay in the SQL.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { posts, users } from './schema.ts';

/** One accepted client event. */
export const clientEvents = sqliteTable(
  'client_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    data: text('data').notNull().default('{}'),
    occurredAt: integer('occurred_at').notNull(),
    receivedAt: integer('received_at').notNull(),
  },
  (t) => [index('client_events_by_received').on(t.receivedAt)],
);

/** Views, reads and reading seconds of one story on one UTC day ('YYYY-MM-DD'). */
export const postStatsDaily = sqliteTable(
  'post_stats_daily',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    views: integer('views').notNull().default(0),
    reads: integer('reads').notNull().default(0),
    readingSeconds: integer('reading_seconds').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.postId, t.day] }), index('post_stats_daily_by_day').on(t.day)],
);

export const EVENT_TABLES = { client_events: clientEvents, post_stats_daily: postStatsDaily } as const;
