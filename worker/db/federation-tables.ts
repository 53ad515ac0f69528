// Typed mirror of migrations/0079_federation.sql, 0080_federated_stories.sql,
// 0099_fediverse_audience.sql, 0100_federation_site_blocks.sql, 0103_fediverse_follow_requests.sql and 0094_fediverse_person_blocks.sql for drizzle-orm:
// what worker/federation/ keeps (Fedify's key–value store, the actors' keys, their fediverse
// followers, the stories they were sent). worker/federation/ reads and writes them with bound
// statements; the mirror keeps tests/integration/db-schema.test.ts able to check the database
// against one description. CHECK constraints stay in the SQL.
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const federationKv = sqliteTable('federation_kv', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  expiresAt: integer('expires_at'),
});

export const federationKeys = sqliteTable(
  'federation_keys',
  {
    actorId: text('actor_id').notNull(),
    algorithm: text('algorithm').notNull(),
    privateJwk: text('private_jwk').notNull(),
    publicJwk: text('public_jwk').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.algorithm] })],
);

export const federationFollowers = sqliteTable(
  'federation_followers',
  {
    actorId: text('actor_id').notNull(),
    followerUri: text('follower_uri').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    followUri: text('follow_uri'),
    createdAt: integer('created_at').notNull(),
    handle: text('handle'),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.followerUri] }), index('federation_followers_by_actor').on(t.actorId, t.createdAt, t.followerUri)],
);

export const federationInstanceBlocks = sqliteTable(
  'federation_instance_blocks',
  {
    actorId: text('actor_id').notNull(),
    host: text('host').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.host] })],
);

export const federationPersonBlocks = sqliteTable(
  'federation_person_blocks',
  {
    actorId: text('actor_id').notNull(),
    remoteActorUri: text('remote_actor_uri').notNull(),
    handle: text('handle').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.remoteActorUri] })],
);

export const federationActorSettings = sqliteTable('federation_actor_settings', {
  actorId: text('actor_id').primaryKey(),
  approvesFollowers: integer('approves_followers').notNull().default(0),
  updatedAt: integer('updated_at').notNull(),
});

export const federationFollowRequests = sqliteTable(
  'federation_follow_requests',
  {
    actorId: text('actor_id').notNull(),
    followerUri: text('follower_uri').notNull(),
    inbox: text('inbox').notNull(),
    sharedInbox: text('shared_inbox'),
    followUri: text('follow_uri'),
    handle: text('handle'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.actorId, t.followerUri] })],
);

export const federationSiteBlocks = sqliteTable('federation_site_blocks', {
  host: text('host').primaryKey(),
  blockedBy: text('blocked_by').notNull(),
  reason: text('reason').notNull().default(''),
  createdAt: integer('created_at').notNull(),
});

export const federatedStories = sqliteTable('federated_stories', {
  postId: text('post_id').primaryKey(),
  actorId: text('actor_id').notNull(),
  state: text('state').notNull(),
  sequence: integer('sequence').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const FEDERATION_TABLES = {
  federation_kv: federationKv,
  federation_keys: federationKeys,
  federation_followers: federationFollowers,
  federated_stories: federatedStories,
  federation_instance_blocks: federationInstanceBlocks,
  federation_person_blocks: federationPersonBlocks,
  federation_site_blocks: federationSiteBlocks,
  federation_actor_settings: federationActorSettings,
  federation_follow_requests: federationFollowRequests,
} as const;
