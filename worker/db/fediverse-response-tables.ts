// Typed mirror of migrations/0097_fediverse_responses.sql and 0098_fediverse_reactions.sql for
// drizzle-orm: replies from the fediverse shown as responses, their remote authors, and the
// fediverse's likes and boosts (docs/adr/0204-fediverse-replies-beside-responses.md).
import { index, integer, sqliteTable, text, unique } from 'drizzle-orm/sqlite-core';
import { posts } from './schema.ts';

export const remoteAuthors = sqliteTable('remote_authors', {
  actorUri: text('actor_uri').primaryKey(),
  handle: text('handle').notNull(),
  name: text('name').notNull().default(''),
  profileUrl: text('profile_url').notNull(),
  avatarUrl: text('avatar_url'),
  updatedAt: integer('updated_at').notNull(),
});

export const fediverseResponses = sqliteTable(
  'fediverse_responses',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorUri: text('author_uri')
      .notNull()
      .references(() => remoteAuthors.actorUri),
    noteUri: text('note_uri').notNull().unique(),
    url: text('url').notNull(),
    content: text('content').notNull(),
    hiddenByParentAuthor: integer('hidden_by_parent_author', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('fediverse_responses_by_post').on(t.postId, t.createdAt)],
);

export const fediverseReactions = sqliteTable(
  'fediverse_reactions',
  {
    activityUri: text('activity_uri').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorUri: text('actor_uri').notNull(),
    kind: text('kind', { enum: ['LIKE', 'ANNOUNCE'] }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [unique().on(t.postId, t.actorUri, t.kind)],
);

export const FEDIVERSE_RESPONSE_TABLES = {
  remote_authors: remoteAuthors,
  fediverse_responses: fediverseResponses,
  fediverse_reactions: fediverseReactions,
} as const;
