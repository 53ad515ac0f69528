// Typed mirror of migrations/*.sql for drizzle-orm. The SQL migrations are the source of
// truth (wrangler applies them); this file only describes them to TypeScript, and
// tests/integration/db-schema.test.ts compares it with the migrated database (columns,
// types, NOT NULL, defaults, primary keys, foreign keys, indexes), so the two cannot drift.
//
// Conventions: snake_case columns, camelCase properties. Times are milliseconds since the
// epoch (plain numbers). 0/1 flags are typed as booleans. What drizzle cannot express here
// (COLLATE NOCASE, CHECK constraints) stays in the SQL and is noted in comments.

import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, unique, uniqueIndex, type AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import { EDGE_CACHE_TABLES } from './edge-cache-tables.ts';
import { SEARCH_TABLES } from './search-tables.ts';
import { EVENT_TABLES } from './event-tables.ts';
import { SERIES_TABLES } from './series-tables.ts';
import { MASTODON_TABLES } from './mastodon-tables.ts';
import { FEDERATION_TABLES } from './federation-tables.ts';
import { FEDIVERSE_RESPONSE_TABLES, fediverseResponses, remoteAuthors } from './fediverse-response-tables.ts';
import { CANCELLATION_REASONS, RETENTION_OFFERS } from '../../shared/membership/cancellation.ts';
import { POST_LICENSES } from '../../shared/stories/license.ts';

export const CUSTOM_DOMAIN_STATES = ['NONE', 'PENDING', 'LIVE'] as const;
export const PARTNER_PROGRAM_STATUSES = ['ACTIVE', 'INACTIVE', 'PENDING_ACTION', 'SUSPENDED'] as const;
export const COLLECTION_ROLES = ['OWNER', 'EDITOR', 'WRITER'] as const;
export const POST_STATUSES = ['DRAFT', 'PUBLISHED'] as const;
export const POST_VISIBILITIES = ['PUBLIC', 'UNLISTED', 'LOCKED'] as const;
export const FOLLOW_TARGET_TYPES = ['USER', 'COLLECTION', 'TAG', 'CATALOG'] as const;
export const MUTE_TARGET_TYPES = ['USER', 'COLLECTION'] as const;
export const CATALOG_TYPES = ['LISTS', 'PREDEFINED_LIST'] as const;
export const PREDEFINED_CATALOGS = ['READING_LIST', 'CURRENTLY_READING', 'PURCHASED'] as const;
export const CATALOG_VISIBILITIES = ['PUBLIC', 'PRIVATE', 'LOCKED'] as const;
export const MEMBERSHIP_TIERS = ['MEMBER', 'FRIEND'] as const;
export const MEMBERSHIP_PLANS = ['MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY'] as const;
export const PAYMENT_PROVIDERS = ['APPLE', 'BRAINTREE', 'GOOGLE', 'MEDIUM_GIFT', 'PAYPAL', 'STRIPE'] as const;
export const CURRENCIES = ['USD', 'CAD'] as const;
// NEW_STORY: migrations/0018_story_notifications_newsletters.sql (a followed writer's or publication's new story).
// SERIES_PART: migrations/0066_series.sql (a followed series' new part).
export const NOTIFICATION_TYPES = ['FOLLOW', 'CLAP', 'RESPONSE', 'MENTION', 'NEW_STORY', 'SERIES_PART', 'NOTE_FOR_WRITER', 'NOTE_REPLY'] as const;

// username, email and custom_domain compare case-insensitively (COLLATE NOCASE in SQL).
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  email: text('email').unique(),
  bio: text('bio').notNull().default(''),
  imageId: text('image_id'),
  customDomain: text('custom_domain').unique(),
  customDomainState: text('custom_domain_state', { enum: CUSTOM_DOMAIN_STATES }).notNull().default('NONE'),
  hasSubdomain: integer('has_subdomain', { mode: 'boolean' }).notNull().default(false),
  isSuspended: integer('is_suspended', { mode: 'boolean' }).notNull().default(false),
  isStaff: integer('is_staff', { mode: 'boolean' }).notNull().default(false),
  isBookAuthor: integer('is_book_author', { mode: 'boolean' }).notNull().default(false),
  partnerProgramStatus: text('partner_program_status', { enum: PARTNER_PROGRAM_STATUSES }),
  /** Comma-separated per-user feature flags (spec flag names). */
  flags: text('flags').notNull().default(''),
  followerCount: integer('follower_count').notNull().default(0),
  followingCount: integer('following_count').notNull().default(0),
  createdAt: integer('created_at').notNull(),
  deletedAt: integer('deleted_at'),
  // Accounts (migrations/0014_accounts.sql): onboarding done; staff limited the account.
  onboardedAt: integer('onboarded_at'),
  limitedAt: integer('limited_at'),
  /** IANA name; NULL is UTC (migrations/0037_user_time_zone.sql). */
  timeZone: text('time_zone'),
  },
  // Who to follow walks writers from the most followed down (migrations/0007_writer_suggestions.sql).
  (t) => [index('users_by_follower_count').on(sql`${t.followerCount} DESC`, t.id)],
);

// slug and domain compare case-insensitively (COLLATE NOCASE in SQL).
export const collections = sqliteTable('collections', {
  id: text('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  avatarId: text('avatar_id'),
  faviconId: text('favicon_id'),
  domain: text('domain').unique(),
  customDomainState: text('custom_domain_state', { enum: CUSTOM_DOMAIN_STATES }).notNull().default('NONE'),
  creatorId: text('creator_id')
    .notNull()
    .references(() => users.id),
  followerCount: integer('follower_count').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

export const collectionMembers = sqliteTable(
  'collection_members',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: COLLECTION_ROLES }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.userId] }), index('collection_members_by_user').on(t.userId, t.role)],
);

export const posts = sqliteTable(
  'posts',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id),
    collectionId: text('collection_id').references(() => collections.id),
    inResponseToPostId: text('in_response_to_post_id').references((): AnySQLiteColumn => posts.id),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    slug: text('slug').notNull().default(''),
    status: text('status', { enum: POST_STATUSES }).notNull(),
    visibility: text('visibility', { enum: POST_VISIBILITIES }).notNull().default('PUBLIC'),
    /** JSON of shared/content.ts StoryContent. Read it only through the GraphQL content gate. */
    content: text('content').notNull(),
    previewParagraphCount: integer('preview_paragraph_count').notNull().default(3),
    wordCount: integer('word_count').notNull().default(0),
    imageCount: integer('image_count').notNull().default(0),
    readingTime: real('reading_time').notNull().default(0),
    previewImageId: text('preview_image_id'),
    clapCount: integer('clap_count').notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
    responsesLocked: integer('responses_locked', { mode: 'boolean' }).notNull().default(false),
    hiddenByParentAuthor: integer('hidden_by_parent_author', { mode: 'boolean' }).notNull().default(false),
    isSuspended: integer('is_suspended', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    firstPublishedAt: integer('first_published_at'),
    latestPublishedAt: integer('latest_published_at'),
    deletedAt: integer('deleted_at'),
    /** A response to a list names the list here instead of in_response_to_post_id (migrations/0006_catalog_responses.sql). */
    inResponseToCatalogId: text('in_response_to_catalog_id').references((): AnySQLiteColumn => catalogs.id, { onDelete: 'cascade' }),
    /** Writing (migrations/0013_writing.sql): the revision the next save must be based on. */
    latestRev: integer('latest_rev').notNull().default(0),
    /** The revision posts.content holds for readers of a published story; null while a draft. */
    publishedRev: integer('published_rev'),
    canonicalUrl: text('canonical_url'),
    /** Submitted to this publication, waiting for an editor's approval. */
    submittedCollectionId: text('submitted_collection_id').references(() => collections.id),
    /** 1 while a listed story was published in the last 30 days (migrations/0027_topic_curation_trending.sql, triggers). */
    inTrendingMonth: integer('in_trending_month'),
    /** migrations/0077_post_license.sql: shared/stories/license.ts's enum. */
    license: text('license', { enum: POST_LICENSES }).notNull().default('ALL_RIGHTS_RESERVED'),
  },
  (t) => {
    // The columns that decide whether a list may hold a story: with them in the index
    // entries, a feed never reads a story row (with its content) it does not return
    // (migrations/0008_feed_covering_indexes.sql).
    const listing = [t.status, t.visibility, t.isSuspended, t.deletedAt, t.inResponseToPostId, t.inResponseToCatalogId] as const;
    return [
      index('posts_by_creator').on(t.creatorId, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`, t.collectionId, ...listing),
      index('posts_by_collection').on(t.collectionId, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`, t.creatorId, ...listing),
      index('posts_latest')
        .on(t.status, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`, t.creatorId, t.collectionId, t.visibility, t.isSuspended, t.deletedAt, t.inResponseToPostId, t.inResponseToCatalogId)
        .where(sql`${t.inResponseToPostId} IS NULL AND ${t.deletedAt} IS NULL`),
      index('posts_listing').on(t.id, t.latestPublishedAt, t.creatorId, t.collectionId, ...listing),
      index('posts_responses')
        .on(t.inResponseToPostId, t.createdAt)
        .where(sql`${t.inResponseToPostId} IS NOT NULL`),
      index('posts_trash').on(t.deletedAt).where(sql`${t.deletedAt} IS NOT NULL`),
      index('posts_catalog_responses')
        .on(t.inResponseToCatalogId, sql`${t.firstPublishedAt} DESC`)
        .where(sql`${t.inResponseToCatalogId} IS NOT NULL`),
      // A tag's top stories walk the stories by claps (migrations/0015_reader.sql).
      index('posts_by_claps')
        .on(sql`${t.clapCount} DESC`, sql`${t.id} DESC`, t.firstPublishedAt, t.creatorId, t.collectionId, ...listing)
        .where(sql`${t.inResponseToPostId} IS NULL AND ${t.deletedAt} IS NULL`),
      // Trending and top stories rank on index entries (migrations/0015_reader.sql).
      index('posts_recent_claps')
        .on(t.status, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`, t.clapCount, t.inResponseToPostId, t.deletedAt)
        .where(sql`${t.inResponseToPostId} IS NULL AND ${t.deletedAt} IS NULL`),
      index('posts_claps_by_id').on(t.id, t.clapCount),
      // Trending this month: the top of the month's stories by claps (migrations/0027_topic_curation_trending.sql).
      index('posts_trending_month')
        .on(sql`${t.clapCount} DESC`, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`)
        .where(sql`${t.inTrendingMonth} = 1`),
      // The Responses profile tab (migrations/0015_reader.sql).
      index('posts_responses_by_creator')
        .on(t.creatorId, sql`${t.firstPublishedAt} DESC`, sql`${t.id} DESC`)
        .where(sql`${t.inResponseToPostId} IS NOT NULL`),
      // "More from" a publication and a writer on the story page (migrations/0040_indexes_flat_as_the_site_grows.sql).
      index('posts_collection_published')
        .on(t.collectionId, t.status, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`, t.creatorId, t.visibility, t.isSuspended, t.inResponseToCatalogId)
        .where(sql`${t.inResponseToPostId} IS NULL AND ${t.deletedAt} IS NULL`),
      index('posts_creator_published')
        .on(t.creatorId, t.status, sql`${t.latestPublishedAt} DESC`, sql`${t.id} DESC`, t.collectionId, t.visibility, t.isSuspended, t.inResponseToCatalogId)
        .where(sql`${t.inResponseToPostId} IS NULL AND ${t.deletedAt} IS NULL`),
    ];
  },
);

export const tags = sqliteTable(
  'tags',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    displayTitle: text('display_title').notNull(),
    description: text('description').notNull().default(''),
    postCount: integer('post_count').notNull().default(0),
    followerCount: integer('follower_count').notNull().default(0),
  },
  // Home's topics, the most written-about first (migrations/0040_indexes_flat_as_the_site_grows.sql).
  (t) => [index('tags_by_post_count').on(sql`${t.postCount} DESC`, t.slug)],
);

/** published_at repeats the post's latest_published_at so a tag feed is one index range scan. */
export const postTags = sqliteTable(
  'post_tags',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    tagSlug: text('tag_slug')
      .notNull()
      .references(() => tags.slug),
    position: integer('position').notNull().default(0),
    publishedAt: integer('published_at'),
  },
  (t) => [primaryKey({ columns: [t.postId, t.tagSlug] }), index('post_tags_by_tag').on(t.tagSlug, sql`${t.publishedAt} DESC`, sql`${t.postId} DESC`)],
);

/** target_id is the id of the user, collection, tag (tags.id, not its slug) or catalog. */
export const follows = sqliteTable(
  'follows',
  {
    followerId: text('follower_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: FOLLOW_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.targetType, t.targetId] }),
    index('follows_by_target').on(t.targetType, t.targetId, sql`${t.createdAt} DESC`),
    // The new-story fan-out's pages (migrations/0023_queues.sql).
    index('follows_by_target_follower').on(t.targetType, t.targetId, t.followerId),
  ],
);

/** Sites stories may not link to, kept by staff (migrations/0093_banned_link_domains.sql). */
export const bannedLinkDomains = sqliteTable('banned_link_domains', {
  domain: text('domain').primaryKey().notNull(),
  reason: text('reason').notNull().default(''),
  addedBy: text('added_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: integer('created_at').notNull(),
});

/** Stories pinned to a publication's homepage (migrations/0090_publication_pins.sql). */
export const publicationPins = sqliteTable(
  'publication_pins',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    pinnedBy: text('pinned_by').references(() => users.id, { onDelete: 'set null' }),
    pinnedAt: integer('pinned_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.postId] })],
);

/** "Show less like this" on a home-feed card (migrations/0089_negative_signals.sql). */
export const negativeSignals = sqliteTable(
  'negative_signals',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

export const mutes = sqliteTable(
  'mutes',
  {
    muterId: text('muter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: MUTE_TARGET_TYPES }).notNull(),
    targetId: text('target_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.muterId, t.targetType, t.targetId] })],
);

export const catalogs = sqliteTable(
  'catalogs',
  {
    id: text('id').primaryKey(),
    creatorId: text('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    type: text('type', { enum: CATALOG_TYPES }).notNull(),
    predefined: text('predefined', { enum: PREDEFINED_CATALOGS }),
    visibility: text('visibility', { enum: CATALOG_VISIBILITIES }).notNull().default('PUBLIC'),
    responsesLocked: integer('responses_locked', { mode: 'boolean' }).notNull().default(false),
    itemCount: integer('item_count').notNull().default(0),
    responseCount: integer('response_count').notNull().default(0),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** The sum of the list's catalog_claps (migrations/0104_catalog_claps.sql). */
    clapCount: integer('clap_count').notNull().default(0),
  },
  (t) => [
    unique().on(t.creatorId, t.predefined),
    index('catalogs_by_creator').on(t.creatorId, sql`${t.updatedAt} DESC`),
    // /collections (migrations/0015_reader.sql).
    index('catalogs_public_by_update')
      .on(sql`${t.updatedAt} DESC`, sql`${t.id} DESC`)
      .where(sql`${t.type} = 'LISTS' AND ${t.visibility} = 'PUBLIC'`),
  ],
);

export const catalogItems = sqliteTable(
  'catalog_items',
  {
    id: text('id').primaryKey(),
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    note: text('note').notNull().default(''),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [unique().on(t.catalogId, t.postId), index('catalog_items_by_catalog').on(t.catalogId, sql`${t.createdAt} DESC`)],
);

/** One row per reader per story; count is that reader's claps, 1 to 50 (CHECK in SQL). */
export const claps = sqliteTable(
  'claps',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.postId] }),
    index('claps_by_post').on(t.postId),
    // The Has recommended profile tab (migrations/0015_reader.sql).
    index('claps_by_user').on(t.userId, sql`${t.updatedAt} DESC`, sql`${t.postId} DESC`),
  ],
);

/** One row per reader per list; count is that reader's claps, 1 to 50 (migrations/0104_catalog_claps.sql). */
export const catalogClaps = sqliteTable(
  'catalog_claps',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    catalogId: text('catalog_id')
      .notNull()
      .references(() => catalogs.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.catalogId] }), index('catalog_claps_by_catalog').on(t.catalogId, sql`${t.updatedAt} DESC`, sql`${t.userId} DESC`)],
);

export const readingHistory = sqliteTable(
  'reading_history',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    readAt: integer('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] }), index('reading_history_by_user').on(t.userId, sql`${t.readAt} DESC`)],
);

export const memberships = sqliteTable('memberships', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  tier: text('tier', { enum: MEMBERSHIP_TIERS }).notNull(),
  plan: text('plan', { enum: MEMBERSHIP_PLANS }).notNull(),
  paymentProvider: text('payment_provider', { enum: PAYMENT_PROVIDERS }).notNull(),
  currency: text('currency', { enum: CURRENCIES }).notNull().default('USD'),
  /** Integer cents. */
  amount: integer('amount').notNull(),
  startedAt: integer('started_at').notNull(),
  currentPeriodEndsAt: integer('current_period_ends_at').notNull(),
  isCancelled: integer('is_cancelled', { mode: 'boolean' }).notNull().default(false),
  paymentFailedAt: integer('payment_failed_at'),
  friendSince: integer('friend_since'),
  /** A discount offer's id (shared/membership/plans.ts DISCOUNT_OFFERS), migrations/0055_membership_discounts.sql. */
  discountId: text('discount_id'),
  discountNumCycles: integer('discount_num_cycles'),
  /** Integer cents per discounted cycle. */
  discountAmount: integer('discount_amount'),
  discountEndsAt: integer('discount_ends_at'),
  /** A renewal waiting for the member's 3-D Secure authentication: where to confirm it (migrations/0087_membership_payment_action.sql). */
  paymentActionUrl: text('payment_action_url'),
});

// Why members cancel and what they were offered to stay (migrations/0060_membership_cancellations.sql).
export const membershipCancellations = sqliteTable(
  'membership_cancellations',
  {
    id: text('id').primaryKey(),
    membershipId: text('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: CANCELLATION_REASONS }).notNull(),
    retentionOffer: text('retention_offer', { enum: RETENTION_OFFERS }).notNull(),
    offerAccepted: integer('offer_accepted', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    // Staff's counts by reason, and a member's own answers (migrations/0060_membership_cancellations.sql).
    index('membership_cancellations_reason').on(t.reason, t.offerAccepted),
    index('membership_cancellations_user').on(t.userId, t.createdAt),
    // One accepted retention offer per account: a concurrent second accept fails (migrations/0086_one_accepted_retention_offer.sql).
    uniqueIndex('membership_cancellations_one_accepted_offer').on(t.userId).where(sql`${t.offerAccepted} = 1`),
  ],
);

export const notifications = sqliteTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    postId: text('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    /** NOTE_FOR_WRITER, NOTE_REPLY: the note (migrations/0092_notes_for_the_writer.sql). */
    noteId: text('note_id').references((): AnySQLiteColumn => highlights.id, { onDelete: 'cascade' }),
    /** NOTE_REPLY: the reply it opens at /p/notereplies/{replyId}. */
    noteReplyId: text('note_reply_id').references((): AnySQLiteColumn => noteReplies.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    readAt: integer('read_at'),
    /** RESPONSE from the fediverse: the remote person (actorId is null; migrations/0095_remote_actor_notifications.sql). */
    remoteActorUri: text('remote_actor_uri').references((): AnySQLiteColumn => remoteAuthors.actorUri, { onDelete: 'cascade' }),
    /** RESPONSE from the fediverse: the reply it opens. */
    fediverseResponseId: text('fediverse_response_id').references((): AnySQLiteColumn => fediverseResponses.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('notifications_by_user').on(t.userId, sql`${t.createdAt} DESC`),
    index('notifications_unread').on(t.userId).where(sql`${t.readAt} IS NULL`),
    uniqueIndex('notifications_by_fediverse_response').on(t.fediverseResponseId).where(sql`${t.fediverseResponseId} IS NOT NULL`),
  ],
);

/** A member's linked account on the federated instance (migrations/0002_mastodon_accounts.sql). */
export const mastodonAccounts = sqliteTable('mastodon_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  domain: text('domain').notNull(),
  createdAt: integer('created_at').notNull(),
});

/** Server-side sessions; only the SHA-256 of the cookie token is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    xsrf: text('xsrf').notNull(),
    spoofedByUserId: text('spoofed_by_user_id').references(() => users.id),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    revokedAt: integer('revoked_at'),
    // Accounts (migrations/0014_accounts.sql): a cross-host session's main-host session and host.
    parentIdHash: text('parent_id_hash'),
    host: text('host'),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [index('sessions_by_user').on(t.userId), index('sessions_by_parent').on(t.parentIdHash)],
);

// ---- Sign-in and sign-up (migrations/0003_auth.sql; worker/auth/) ----------------------
export const AUTH_OPERATIONS = ['login', 'register'] as const;
export const SOCIAL_PROVIDERS = ['google', 'facebook', 'apple', 'twitter'] as const;

/** One sign-in email request: its code and link are two faces of it (one use kills both). */
export const loginTokens = sqliteTable(
  'login_tokens',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    operation: text('operation', { enum: AUTH_OPERATIONS }).notNull(),
    redirect: text('redirect').notNull(),
    fullName: text('full_name').notNull().default(''),
    codeHash: text('code_hash').notNull(),
    linkHash: text('link_hash').notNull().unique(),
    browserHash: text('browser_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('login_tokens_by_browser').on(t.browserHash), index('login_tokens_by_email').on(t.email, t.createdAt)],
);

/** A proven email or provider identity waiting for a name and username. */
export const registrationTickets = sqliteTable('registration_tickets', {
  idHash: text('id_hash').primaryKey(),
  email: text('email'),
  emailVerified: integer('email_verified', { mode: 'boolean' }).notNull().default(true),
  redirect: text('redirect').notNull(),
  fullName: text('full_name').notNull().default(''),
  provider: text('provider', { enum: SOCIAL_PROVIDERS }),
  providerSubject: text('provider_subject'),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

export const socialIdentities = sqliteTable(
  'social_identities',
  {
    provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('social_identities_by_user').on(t.userId)],
);

export const oauthStates = sqliteTable('oauth_states', {
  stateHash: text('state_hash').primaryKey(),
  provider: text('provider', { enum: SOCIAL_PROVIDERS }).notNull(),
  operation: text('operation', { enum: AUTH_OPERATIONS }).notNull(),
  redirect: text('redirect').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  browserHash: text('browser_hash').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
  /** The OpenID Connect nonce the ID token must carry back (migrations/0069_social_sign_in_nonce_and_connect.sql). */
  nonce: text('nonce').notNull().default(''),
  /** Set when a signed-in reader connects the provider from settings: the account it joins. */
  connectUserId: text('connect_user_id'),
});

/** The local identity provider's signing key and codes (development only; migrations/0070_local_identity_provider.sql). */
export const localIdentityKeys = sqliteTable('local_identity_keys', {
  kid: text('kid').primaryKey(),
  privateJwk: text('private_jwk').notNull(),
  publicJwk: text('public_jwk').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const localIdentityCodes = sqliteTable('local_identity_codes', {
  codeHash: text('code_hash').primaryKey(),
  provider: text('provider').notNull(),
  clientId: text('client_id').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  codeChallenge: text('code_challenge').notNull(),
  nonce: text('nonce').notNull(),
  /** The chosen test identity, as JSON. */
  identity: text('identity').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

/** One registrar hand-off round trip of custom-domain setup (migrations/0084_registrar_hand_off.sql): one use, thirty minutes. */
export const registrarStates = sqliteTable('registrar_states', {
  stateHash: text('state_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  holderKind: text('holder_kind', { enum: ['user', 'collection'] }).notNull(),
  holderId: text('holder_id').notNull(),
  domain: text('domain').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

export const rateLimits = sqliteTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: integer('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const authLockouts = sqliteTable('auth_lockouts', {
  subject: text('subject').primaryKey(),
  kind: text('kind', { enum: ['NETWORK'] }).notNull(),
  lockedUntil: integer('locked_until').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const emailVerifications = sqliteTable('email_verifications', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  keyHash: text('key_hash').unique(),
  createdAt: integer('created_at').notNull(),
  sentAt: integer('sent_at'),
  expiresAt: integer('expires_at'),
});

export const devMailbox = sqliteTable(
  'dev_mailbox',
  {
    id: integer('id').primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: integer('created_at').notNull(),
    /** Extra headers (List-Unsubscribe, …) as a JSON object (migrations/0018_story_notifications_newsletters.sql). */
    headersJson: text('headers_json').notNull().default('{}'),
  },
  (t) => [index('dev_mailbox_by_recipient').on(t.toAddress, t.createdAt)],
);

/** Blocks between users (migrations/0005_blocks.sql): blocker_id blocked blocked_id. */
export const blocks = sqliteTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_by_blocked').on(t.blockedId)],
);

// ---- Post-retrieval restrictions (issue 18 point 6; migrations/0009_post_restrictions.sql) ----

/** Staff-set restrictions on reading a story: a legal block, countries it is withheld in, sign-in required. */
export const postRestrictions = sqliteTable('post_restrictions', {
  postId: text('post_id')
    .primaryKey()
    .notNull()
    .references(() => posts.id, { onDelete: 'cascade' }),
  legalBlockedAt: integer('legal_blocked_at'),
  /** Comma-separated ISO 3166-1 alpha-2 codes. */
  withheldCountries: text('withheld_countries').notNull().default(''),
  signInRequired: integer('sign_in_required', { mode: 'boolean' }).notNull().default(false),
  updatedAt: integer('updated_at').notNull(),
});
// ---------------------------------------------------------------- Writing (migrations/0013_writing.sql)

/** Every saved revision of a story's title, subtitle and content. */
export const postRevisions = sqliteTable(
  'post_revisions',
  {
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    rev: integer('rev').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    content: text('content').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.rev] })],
);

/**
 * A story's history: each change and who made it (migrations/0064_story_history.sql; the CHECK
 * on change stays in the SQL). worker/stories/story-history.ts writes and reads it.
 */
export const postHistory = sqliteTable(
  'post_history',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    change: text('change').notNull(),
    rev: integer('rev'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('post_history_by_post').on(t.postId, t.id)],
);

/** Images writers uploaded; the bytes are in R2 under the id (worker/uploads/). */
export const uploadedImages = sqliteTable(
  'uploaded_images',
  {
    id: text('id').primaryKey(),
    uploaderId: text('uploader_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('uploaded_images_by_uploader').on(t.uploaderId, t.createdAt)],
);
// ---------------------------------------------------------------------------------------------
// The rest of the reader's site (issue 15, migrations/0015_reader.sql).

/** Client and server error reports (worker/reports/error-reports.ts). */
export const errorReports = sqliteTable(
  'error_reports',
  {
    id: text('id').primaryKey(),
    createdAt: integer('created_at').notNull(),
    source: text('source', { enum: ['client', 'server'] }).notNull(),
    message: text('message').notNull(),
    file: text('file'),
    line: integer('line'),
    columnNumber: integer('column_number'),
    stack: text('stack'),
    clientBuild: text('client_build'),
    route: text('route'),
    url: text('url'),
    userId: text('user_id'),
    userAgent: text('user_agent'),
  },
  (t) => [index('error_reports_by_time').on(sql`${t.createdAt} DESC`)],
);

/** Highlights and private notes on a passage of a story (worker/highlights/). */
export const highlights = sqliteTable(
  'highlights',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['HIGHLIGHT', 'NOTE'] }).notNull(),
    paragraphName: text('paragraph_name').notNull(),
    startOffset: integer('start_offset').notNull(),
    endOffset: integer('end_offset').notNull(),
    quote: text('quote').notNull(),
    note: text('note'),
    createdAt: integer('created_at').notNull(),
    /** 1: a note its author left for the story's writer (migrations/0092_notes_for_the_writer.sql). */
    forWriter: integer('for_writer').notNull().default(0),
  },
  (t) => [
    index('highlights_by_post').on(t.postId, t.kind, t.paragraphName),
    index('highlights_by_user').on(t.userId, t.kind, sql`${t.createdAt} DESC`),
    index('highlights_for_writer').on(t.postId, t.createdAt).where(sql`${t.forWriter} = 1`),
  ],
);
export type HighlightRow = typeof highlights.$inferSelect;

/** The thread of replies on a note for the writer (migrations/0092_notes_for_the_writer.sql). */
export const noteReplies = sqliteTable(
  'note_replies',
  {
    id: text('id').primaryKey(),
    noteId: text('note_id')
      .notNull()
      .references(() => highlights.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('note_replies_by_note').on(t.noteId, t.createdAt)],
);
export type NoteReplyRow = typeof noteReplies.$inferSelect;
// ---- Accounts (migrations/0014_accounts.sql; docs/adr/0078-signed-in-on-every-host.md and docs/adr/0079-account-settings.md and docs/adr/0082-integration-tokens-and-v1.md and docs/adr/0083-staff-pages.md) ----------------

/** One-use tokens of the cross-host sign-in, bound to their target host (SHA-256 stored). */
export const crossHostTokens = sqliteTable('cross_host_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  sessionIdHash: text('session_id_hash')
    .notNull()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  targetHost: text('target_host').notNull(),
  createdAt: integer('created_at').notNull(),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});

/** Old usernames (COLLATE NOCASE in SQL) and the user they now lead to. */
export const usernameRedirects = sqliteTable('username_redirects', {
  oldUsername: text('old_username').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: integer('created_at').notNull(),
});

/** Notification and email preferences that differ from their defaults. */
export const userPreferences = sqliteTable(
  'user_preferences',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Integration tokens of the /v1 API (SHA-256 stored; scopes comma-separated). */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    scopes: text('scopes').notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at'),
    revokedAt: integer('revoked_at'),
    // migrations/0026_accounts_oauth.sql: the application a token was issued to (NULL: the user's own).
    oauthApplicationId: text('oauth_application_id').references(() => oauthApplications.id, { onDelete: 'cascade' }),
  },
  (t) => [index('api_tokens_by_user').on(t.userId, sql`${t.createdAt} DESC`)],
);

export const ADMIN_ACTIONS = ['suspend', 'limit', 'restore', 'verify_book_author'] as const;

/** What staff did to an account (action: CHECK in SQL). */
export const adminActions = sqliteTable(
  'admin_actions',
  {
    id: text('id').primaryKey(),
    staffUserId: text('staff_user_id')
      .notNull()
      .references(() => users.id),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ADMIN_ACTIONS }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('admin_actions_by_user').on(t.userId, sql`${t.createdAt} DESC`)],
);

/** A story's original address elsewhere (the /v1 API's canonicalUrl). */
export const postCanonicalUrls = sqliteTable('post_canonical_urls', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  url: text('url').notNull(),
});

// ---- Membership, payments and gifts (migrations/0011_membership.sql, docs/membership.md) ----
// CHECK constraints (plans, kinds, statuses, last4 length) stay in the SQL.

export const paymentMethods = sqliteTable('payment_methods', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  customerRef: text('customer_ref').notNull(),
  paymentMethodRef: text('payment_method_ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** migrations/0063_payment_method_kinds.sql */
  kind: text('kind', { enum: ['CreditCard', 'ApplePayCard', 'GooglePayCard', 'PaypalAccount'] }).notNull().default('CreditCard'),
});

export const subscriptions = sqliteTable('subscriptions', {
  membershipId: text('membership_id')
    .primaryKey()
    .references(() => memberships.id, { onDelete: 'cascade' }),
  subscriptionRef: text('subscription_ref').notNull().unique(),
  switchPlan: text('switch_plan', { enum: MEMBERSHIP_PLANS }),
  switchPlanAt: integer('switch_plan_at'),
});

export const CHECKOUT_KINDS = ['MEMBERSHIP', 'GIFT', 'PAYMENT_METHOD'] as const;
export const checkouts = sqliteTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CHECKOUT_KINDS }).notNull(),
    plan: text('plan', { enum: MEMBERSHIP_PLANS }).notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    giftRecipientEmail: text('gift_recipient_email'),
    status: text('status', { enum: ['OPEN', 'COMPLETE'] }).notNull().default('OPEN'),
    providerRef: text('provider_ref').unique(),
    createdAt: integer('created_at').notNull(),
    discountId: text('discount_id'),
    /** A group gift's recipients (JSON array of addresses; migrations/0061_group_gifts.sql). */
    giftRecipientEmails: text('gift_recipient_emails'),
  },
  (t) => [index('checkouts_by_user').on(t.userId, sql`${t.createdAt} DESC`)],
);

export const charges = sqliteTable(
  'charges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    membershipId: text('membership_id').references(() => memberships.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: ['MEMBERSHIP', 'GIFT'] }).notNull(),
    plan: text('plan', { enum: MEMBERSHIP_PLANS }).notNull(),
    currency: text('currency').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['SUCCEEDED', 'FAILED'] }).notNull(),
    providerRef: text('provider_ref').notNull().unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: integer('created_at').notNull(),
    /** The discount offer this charge was made under (a free month is a charge of 0). */
    discountId: text('discount_id'),
    /** What paid it (migrations/0063_payment_method_kinds.sql); null on older charges: a card. */
    paymentMethodKind: text('payment_method_kind', { enum: ['CreditCard', 'ApplePayCard', 'GooglePayCard', 'PaypalAccount'] }),
  },
  (t) => [index('charges_by_user').on(t.userId, sql`${t.createdAt} DESC`)],
);

export const webhookEvents = sqliteTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: integer('received_at').notNull(),
});

export const giftCodes = sqliteTable(
  'gift_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    purchaserId: text('purchaser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    plan: text('plan', { enum: MEMBERSHIP_PLANS }).notNull(),
    recipientEmail: text('recipient_email').notNull(),
    chargeId: text('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    redeemedBy: text('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: integer('redeemed_at'),
    /** 29 gift, 31 group gift (shared/urls/misc-urls.ts GIFT_TYPE_CODES). */
    giftType: integer('gift_type').notNull().default(29),
    /** A group gift's purchase (its checkout id); null for a single gift. */
    groupId: text('group_id'),
  },
  // A giver's group gifts and which of them were redeemed (migrations/0061_group_gifts.sql).
  (t) => [index('gift_codes_by_purchaser').on(t.purchaserId, t.groupId, t.createdAt)],
);

// The local test provider's books (development only, worker/payments/local-provider.ts).
export const devpaySessions = sqliteTable('devpay_sessions', {
  id: text('id').primaryKey(),
  mode: text('mode', { enum: ['subscription', 'payment', 'setup'] }).notNull(),
  customerRef: text('customer_ref').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  interval: text('interval'),
  description: text('description').notNull(),
  metadata: text('metadata').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  status: text('status', { enum: ['open', 'complete'] }).notNull().default('open'),
  subscriptionRef: text('subscription_ref'),
  paymentMethodRef: text('payment_method_ref'),
  createdAt: integer('created_at').notNull(),
});

export const devpayCards = sqliteTable('devpay_cards', {
  paymentMethodRef: text('payment_method_ref').primaryKey(),
  customerRef: text('customer_ref').notNull(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: integer('exp_month').notNull(),
  expYear: integer('exp_year').notNull(),
  behaviour: text('behaviour', { enum: ['succeeds', 'fails_on_renewal', 'authenticates_on_renewal'] }).notNull(),
  wallet: text('wallet', { enum: ['apple_pay', 'google_pay', 'paypal'] }),
});

export const devpaySubscriptions = sqliteTable(
  'devpay_subscriptions',
  {
    id: text('id').primaryKey(),
    customerRef: text('customer_ref').notNull(),
    paymentMethodRef: text('payment_method_ref').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    interval: text('interval', { enum: ['month', 'year'] }).notNull(),
    metadata: text('metadata').notNull(),
    currentPeriodEnd: integer('current_period_end').notNull(),
    cancelAtPeriodEnd: integer('cancel_at_period_end', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: ['active', 'past_due', 'canceled'] }).notNull(),
  },
  (t) => [index('devpay_subscriptions_due').on(t.status, t.currentPeriodEnd)],
);

/** Events the webhook handler did not take, sent again by the next billing run (migrations/0028_local_provider_outbox.sql). */
export const devpayUndeliveredEvents = sqliteTable('devpay_undelivered_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  payload: text('payload').notNull(),
  attempts: integer('attempts').notNull(),
  lastAttemptAt: integer('last_attempt_at').notNull(),
});

/** A 3-D Secure challenge of the local provider (migrations/0062_devpay_challenges.sql). */
export const devpayChallenges = sqliteTable(
  'devpay_challenges',
  {
    id: text('id').primaryKey(),
    sessionRef: text('session_ref').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    behaviour: text('behaviour', { enum: ['succeeds', 'fails_on_renewal', 'authenticates_on_renewal'] }).notNull(),
    kind: text('kind', { enum: ['three_d_secure', 'apple_pay', 'google_pay', 'paypal'] }).notNull().default('three_d_secure'),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull().default('pending'),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('devpay_challenges_by_session').on(t.sessionRef)],
);

export const MEMBERSHIP_BILLING_TABLES = {
  payment_methods: paymentMethods,
  subscriptions,
  checkouts,
  charges,
  webhook_events: webhookEvents,
  gift_codes: giftCodes,
  devpay_sessions: devpaySessions,
  devpay_cards: devpayCards,
  devpay_subscriptions: devpaySubscriptions,
  devpay_undelivered_events: devpayUndeliveredEvents,
  devpay_challenges: devpayChallenges,
} as const;

// ---- Writers' newsletters (migrations/0018_story_notifications_newsletters.sql; docs/newsletters.md) ----

/** A reader subscribed to a writer's newsletter. */
export const newsletterSubscriptions = sqliteTable(
  'newsletter_subscriptions',
  {
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    writerId: text('writer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.writerId] }), index('newsletter_subscriptions_by_writer').on(t.writerId, t.subscriberId)],
);

/** A story emailed to its writer's subscribers (once per story). */
export const newsletterSends = sqliteTable('newsletter_sends', {
  postId: text('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  sentAt: integer('sent_at').notNull(),
  recipientCount: integer('recipient_count').notNull(),
});

export const NEWSLETTER_TABLES = {
  newsletter_subscriptions: newsletterSubscriptions,
  newsletter_sends: newsletterSends,
} as const;

// ── Accounts, round 2 (migrations/0019_accounts_round2.sql): "Download my data" archives.
export const accountExports = sqliteTable(
  'account_exports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byteSize: integer('byte_size').notNull(),
    storyCount: integer('story_count').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
  },
  (t) => [index('account_exports_by_user').on(t.userId, sql`${t.createdAt} DESC`)],
);

/** Development's DNS zone: the local stand-in resolver's records (name is COLLATE NOCASE in the SQL). */
export const devDnsRecords = sqliteTable(
  'dev_dns_records',
  {
    name: text('name').notNull(),
    type: text('type', { enum: ['TXT', 'CNAME'] }).notNull(),
    value: text('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.name, t.type, t.value] })],
);

/** Members' reading time per story and UTC day (migrations/0020_member_reading_time.sql): written
 * by the event intake, read by the Partner Program's earnings job. `day` is 'YYYY-MM-DD'. */
export const memberReadingTimeDaily = sqliteTable(
  'member_reading_time_daily',
  {
    day: text('day').notNull(),
    memberId: text('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    seconds: integer('seconds').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.memberId, t.postId] }), index('member_reading_time_daily_by_post').on(t.postId, t.day)],
);

// ---------------------------------------------------------------------------------------------
// Publication design, navigation and feature pages (migrations/0024_publication_design.sql).

export const collectionDesigns = sqliteTable('collection_designs', {
  collectionId: text('collection_id')
    .primaryKey()
    .references(() => collections.id, { onDelete: 'cascade' }),
  headerLayout: text('header_layout', { enum: ['AVATAR_AND_NAME', 'NAME_ONLY', 'LOGO'] }).notNull().default('AVATAR_AND_NAME'),
  accentColor: text('accent_color'),
  backgroundColor: text('background_color'),
  logoId: text('logo_id'),
  about: text('about').notNull().default(''),
  updatedAt: integer('updated_at').notNull(),
});

// Custom style sheets of writers and publications (migrations/0072_custom_style_sheets.sql;
// docs/adr/0160-custom-style-sheets.md): structured values, never CSS.
export const customStyleSheets = sqliteTable(
  'custom_style_sheets',
  {
    ownerKind: text('owner_kind', { enum: ['user', 'collection'] }).notNull(),
    ownerId: text('owner_id').notNull(),
    headingFont: text('heading_font', { enum: ['SERIF_1', 'SERIF_2', 'SANS_SERIF_1', 'SANS_SERIF_2'] }).notNull().default('SANS_SERIF_1'),
    bodyFont: text('body_font', { enum: ['SERIF_1', 'SERIF_2', 'SANS_SERIF_1', 'SANS_SERIF_2'] }).notNull().default('SERIF_1'),
    accentColor: text('accent_color'),
    headerLayout: text('header_layout', { enum: ['STANDARD', 'CENTERED'] }).notNull().default('STANDARD'),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ownerKind, t.ownerId] })],
);

// Two-factor authentication (migrations/0073_two_factor.sql; docs/adr/0162-two-factor-authentication.md).
export const twoFactorMethods = sqliteTable('two_factor_methods', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  method: text('method', { enum: ['AUTH_APP', 'SMS_TEXT', 'VOICE_CALL'] }).notNull().default('AUTH_APP'),
  secret: text('secret').notNull(),
  confirmedAt: integer('confirmed_at'),
  lastUsedStep: integer('last_used_step'),
  failCount: integer('fail_count').notNull().default(0),
  lockedUntil: integer('locked_until'),
  lockoutCount: integer('lockout_count').notNull().default(0),
  createdAt: integer('created_at').notNull(),
});

export const twoFactorRecoveryCodes = sqliteTable(
  'two_factor_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export const twoFactorChallenges = sqliteTable('two_factor_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  redirect: text('redirect').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

export const collectionNavItems = sqliteTable(
  'collection_nav_items',
  {
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    kind: text('kind', { enum: ['TAG', 'FEATURE_PAGE', 'LINK'] }).notNull(),
    target: text('target').notNull(),
  },
  (t) => [primaryKey({ columns: [t.collectionId, t.position] })],
);

export const collectionFeaturePages = sqliteTable(
  'collection_feature_pages',
  {
    id: text('id').primaryKey(),
    collectionId: text('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    tagSlug: text('tag_slug'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [unique().on(t.collectionId, t.slug)],
);

export type CollectionDesignRow = typeof collectionDesigns.$inferSelect;
export type CustomStyleSheetRow = typeof customStyleSheets.$inferSelect;
export type CollectionNavItemRow = typeof collectionNavItems.$inferSelect;
export type CollectionFeaturePageRow = typeof collectionFeaturePages.$inferSelect;

// ── Accounts, round 3 (migrations/0026_accounts_oauth.sql; docs/adr/0088-oauth-for-third-party-applications.md): OAuth applications.
export const oauthApplications = sqliteTable(
  'oauth_applications',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    createdAt: integer('created_at').notNull(),
    revokedAt: integer('revoked_at'),
  },
  (t) => [index('oauth_applications_by_owner').on(t.ownerId, sql`${t.createdAt} DESC`)],
);

export const oauthCodes = sqliteTable(
  'oauth_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => oauthApplications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    scopes: text('scopes').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
    tokenId: text('token_id'),
  },
  (t) => [index('oauth_codes_by_expiry').on(t.expiresAt)],
);
// ── Fan-out on queues (migrations/0023_queues.sql, docs/adr/0090-one-fan-out-queue.md and docs/adr/0091-idempotency-keys.md).
export const queueIdempotencyKeys = sqliteTable('queue_idempotency_keys', {
  key: text('key').primaryKey(),
  claimedAt: integer('claimed_at').notNull(),
});

export const queueDeadLetters = sqliteTable('queue_dead_letters', {
  id: integer('id').primaryKey(),
  messageId: text('message_id').notNull(),
  kind: text('kind'),
  bodyJson: text('body_json').notNull(),
  attempts: integer('attempts').notNull(),
  receivedAt: integer('received_at').notNull(),
});

export const queueBacklog = sqliteTable('queue_backlog', {
  id: integer('id').primaryKey(),
  sent: integer('sent').notNull(),
  settled: integer('settled').notNull(),
});
// ---- Publication newsletters (migrations/0025_publication_newsletters.sql; docs/newsletters.md) ----

/** A publication's newsletter (at most one per publication). */
export const publicationNewsletters = sqliteTable('publication_newsletters', {
  id: text('id').primaryKey(),
  collectionId: text('collection_id')
    .notNull()
    .unique()
    .references(() => collections.id, { onDelete: 'cascade' }),
  slug: text('slug').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdBy: text('created_by')
    .notNull()
    .references(() => users.id),
  createdAt: integer('created_at').notNull(),
});

/** A reader subscribed to a publication's newsletter. */
export const publicationNewsletterSubscriptions = sqliteTable(
  'publication_newsletter_subscriptions',
  {
    newsletterId: text('newsletter_id')
      .notNull()
      .references(() => publicationNewsletters.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.subscriberId] }), index('publication_newsletter_subscriptions_by_subscriber').on(t.subscriberId, t.newsletterId)],
);

export const PUBLICATION_NEWSLETTER_TABLES = {
  publication_newsletters: publicationNewsletters,
  publication_newsletter_subscriptions: publicationNewsletterSubscriptions,
} as const;

export type PublicationNewsletterRow = typeof publicationNewsletters.$inferSelect;


/** Every table of the schema, by SQL name (the drift test walks this). */
// ---------------------------------------------------------------------------------------------
// Topic curation (migrations/0027_topic_curation_trending.sql; docs/reader.md, "Topic curators").
export const topicCurators = sqliteTable(
  'topic_curators',
  {
    tagSlug: text('tag_slug')
      .notNull()
      .references(() => tags.slug),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagSlug, t.userId] })],
);

export const topicFeaturedPosts = sqliteTable(
  'topic_featured_posts',
  {
    tagSlug: text('tag_slug')
      .notNull()
      .references(() => tags.slug),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    featuredBy: text('featured_by').notNull(),
    featuredAt: integer('featured_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tagSlug, t.postId] }), index('topic_featured_posts_in_order').on(t.tagSlug, t.position)],
);

// The Partner Program (migrations/0022_partner_program.sql; docs/partner-program.md).
// CHECK constraints (status values, country and last-four lengths) stay in the SQL.

export const partnerEnrollments = sqliteTable('partner_enrollments', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enrolledAt: integer('enrolled_at').notNull(),
  earningsLimitedAt: integer('earnings_limited_at').notNull(),
  earningsForfeitedAt: integer('earnings_forfeited_at').notNull(),
});

export const taxDocuments = sqliteTable(
  'tax_documents',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formType: text('form_type').notNull(),
    legalName: text('legal_name').notNull(),
    country: text('country').notNull(),
    address: text('address').notNull(),
    taxIdLast4: text('tax_id_last4').notNull(),
    signature: text('signature').notNull(),
    status: integer('status').notNull(),
    invalidReason: text('invalid_reason'),
    submittedAt: integer('submitted_at').notNull(),
    reviewedAt: integer('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('tax_documents_by_user').on(t.userId, sql`${t.submittedAt} DESC`)],
);

export const partnerEarnings = sqliteTable(
  'partner_earnings',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    seconds: integer('seconds').notNull(),
    amount: integer('amount').notNull(),
    state: text('state', { enum: ['EARNED', 'WITHHELD', 'STOPPED', 'FORFEITED'] }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.month, t.postId] })],
);

export const partnerPayouts = sqliteTable(
  'partner_payouts',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    state: text('state', { enum: ['PENDING', 'PAID', 'FAILED'] }).notNull(),
    transferRef: text('transfer_ref'),
    error: text('error'),
    createdAt: integer('created_at').notNull(),
    paidAt: integer('paid_at'),
  },
  (t) => [index('partner_payouts_by_user').on(t.userId, sql`${t.month} DESC`)],
);

export const payoutAccounts = sqliteTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider', { enum: ['stripe', 'local'] }).notNull(),
  accountRef: text('account_ref').notNull().unique(),
  state: text('state', { enum: ['CREATED', 'VERIFIED', 'FAILED', 'DELETED'] }).notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

export const devpayConnectedAccounts = sqliteTable('devpay_connected_accounts', {
  id: text('id').primaryKey(),
  email: text('email'),
  country: text('country').notNull(),
  payoutsEnabled: integer('payouts_enabled', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at').notNull(),
});

export const devpayTransfers = sqliteTable('devpay_transfers', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  destination: text('destination')
    .notNull()
    .references(() => devpayConnectedAccounts.id),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  createdAt: integer('created_at').notNull(),
});

export const partnerEarningsMonths = sqliteTable('partner_earnings_months', {
  month: text('month').primaryKey(),
  computedAt: integer('computed_at').notNull(),
});

export const authorVerificationRequests = sqliteTable(
  'author_verification_requests',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['PENDING', 'APPROVED', 'DECLINED'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    reviewedAt: integer('reviewed_at'),
  },
  (t) => [index('author_verification_requests_by_user').on(t.userId, sql`${t.createdAt} DESC`)],
);

export const authorBooks = sqliteTable(
  'author_books',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: text('request_id').references(() => authorVerificationRequests.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    url: text('url').notNull(),
    position: integer('position').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('author_books_by_user').on(t.userId, t.position)],
);

export const PARTNER_PROGRAM_TABLES = {
  partner_enrollments: partnerEnrollments,
  tax_documents: taxDocuments,
  partner_earnings: partnerEarnings,
  partner_payouts: partnerPayouts,
  payout_accounts: payoutAccounts,
  devpay_connected_accounts: devpayConnectedAccounts,
  devpay_transfers: devpayTransfers,
  partner_earnings_months: partnerEarningsMonths,
  author_verification_requests: authorVerificationRequests,
  author_books: authorBooks,
} as const;

// ---- Subscriber imports (migrations/0035_subscriber_imports.sql; docs/newsletters.md "Importing subscribers") ----

export const newsletterImports = sqliteTable(
  'newsletter_imports',
  {
    id: text('id').primaryKey(),
    newsletterId: text('newsletter_id').notNull(),
    importerId: text('importer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull().default(''),
    invitedCount: integer('invited_count').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('newsletter_imports_by_newsletter').on(t.newsletterId, t.createdAt)],
);

/** email is COLLATE NOCASE in SQL. */
export const newsletterInvitations = sqliteTable(
  'newsletter_invitations',
  {
    id: text('id').primaryKey(),
    importId: text('import_id')
      .notNull()
      .references(() => newsletterImports.id, { onDelete: 'cascade' }),
    newsletterId: text('newsletter_id').notNull(),
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    keyHash: text('key_hash').unique(),
    sentAt: integer('sent_at'),
    confirmedAt: integer('confirmed_at'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [unique().on(t.newsletterId, t.email), index('newsletter_invitations_by_import').on(t.importId, t.id)],
);

/** One-use links that finish an account an invitation made (migrations/0091_account_conversions.sql). */
export const accountConversions = sqliteTable(
  'account_conversions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    usedAt: integer('used_at'),
  },
  (t) => [index('account_conversions_by_user').on(t.userId)],
);

export const newsletterUnsubscribes = sqliteTable(
  'newsletter_unsubscribes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newsletterId: text('newsletter_id').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.newsletterId] })],
);

// ---- Event ids (migrations/0036_client_event_ids.sql; docs/stats.md "Sent once") ----

export const clientEventIds = sqliteTable(
  'client_event_ids',
  {
    id: text('id').primaryKey(),
    receivedAt: integer('received_at').notNull(),
  },
  (t) => [index('client_event_ids_by_received').on(t.receivedAt)],
);

export const TABLES = {
  client_event_ids: clientEventIds,
  newsletter_imports: newsletterImports,
  newsletter_invitations: newsletterInvitations,
  account_conversions: accountConversions,
  newsletter_unsubscribes: newsletterUnsubscribes,
  users,
  collections,
  collection_members: collectionMembers,
  posts,
  tags,
  post_tags: postTags,
  follows,
  mutes,
  catalogs,
  catalog_items: catalogItems,
  catalog_claps: catalogClaps,
  claps,
  reading_history: readingHistory,
  memberships,
  membership_cancellations: membershipCancellations,
  notifications,
  sessions,
  mastodon_accounts: mastodonAccounts,
  login_tokens: loginTokens,
  registration_tickets: registrationTickets,
  social_identities: socialIdentities,
  oauth_states: oauthStates,
  local_identity_keys: localIdentityKeys,
  local_identity_codes: localIdentityCodes,
  rate_limits: rateLimits,
  auth_lockouts: authLockouts,
  negative_signals: negativeSignals,
  publication_pins: publicationPins,
  banned_link_domains: bannedLinkDomains,
  email_verifications: emailVerifications,
  dev_mailbox: devMailbox,
  // The edge cache's tag ledger and tag index (migrations/0004_edge_cache.sql).
  ...EDGE_CACHE_TABLES,
  blocks,
  // Search records and clicks (migrations/0012_search.sql).
  ...SEARCH_TABLES,
  // The fediverse (migrations/0079_federation.sql, 0080_federated_stories.sql).
  ...FEDERATION_TABLES,
  ...FEDIVERSE_RESPONSE_TABLES,
  post_restrictions: postRestrictions,
  post_revisions: postRevisions,
  post_history: postHistory,
  uploaded_images: uploadedImages,
  // The rest of the reader's site (issue 15).
  error_reports: errorReports,
  highlights,
  note_replies: noteReplies,
  // Accounts (migrations/0014_accounts.sql).
  cross_host_tokens: crossHostTokens,
  username_redirects: usernameRedirects,
  user_preferences: userPreferences,
  api_tokens: apiTokens,
  admin_actions: adminActions,
  post_canonical_urls: postCanonicalUrls,
  // Membership, payments and gifts (migrations/0011_membership.sql): defined at the end of this file.
  ...MEMBERSHIP_BILLING_TABLES,
  // Writers' newsletters (migrations/0018_story_notifications_newsletters.sql).
  ...NEWSLETTER_TABLES,
  // Accounts, round 2 (migrations/0019_accounts_round2.sql).
  account_exports: accountExports,
  dev_dns_records: devDnsRecords,
  // Members' reading time (migrations/0020_member_reading_time.sql).
  member_reading_time_daily: memberReadingTimeDaily,
  // Publication design, navigation and feature pages (migrations/0024_publication_design.sql).
  collection_designs: collectionDesigns,
  custom_style_sheets: customStyleSheets,
  two_factor_methods: twoFactorMethods,
  two_factor_recovery_codes: twoFactorRecoveryCodes,
  two_factor_challenges: twoFactorChallenges,
  collection_nav_items: collectionNavItems,
  collection_feature_pages: collectionFeaturePages,
  // Accounts, round 3 (migrations/0026_accounts_oauth.sql).
  oauth_applications: oauthApplications,
  oauth_codes: oauthCodes,
  // Topic curation (migrations/0027_topic_curation_trending.sql).
  topic_curators: topicCurators,
  topic_featured_posts: topicFeaturedPosts,
  // Fan-out on queues (migrations/0023_queues.sql).
  queue_idempotency_keys: queueIdempotencyKeys,
  queue_dead_letters: queueDeadLetters,
  queue_backlog: queueBacklog,
  // The Partner Program (migrations/0022_partner_program.sql).
  ...PARTNER_PROGRAM_TABLES,
  // Publication newsletters (migrations/0025_publication_newsletters.sql).
  ...PUBLICATION_NEWSLETTER_TABLES,
  // Event reporting and story stats (migrations/0021_story_events.sql).
  ...EVENT_TABLES,
  // Series (migrations/0066_series.sql).
  ...SERIES_TABLES,
  // Mastodon for members (migrations/0082_mastodon_for_members.sql).
  ...MASTODON_TABLES,
  registrar_states: registrarStates,
} as const;

export type UserRow = typeof users.$inferSelect;
export type CollectionRow = typeof collections.$inferSelect;
export type PostRow = typeof posts.$inferSelect;
export type TagRow = typeof tags.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type MastodonAccountRow = typeof mastodonAccounts.$inferSelect;
export type PostRestrictionRow = typeof postRestrictions.$inferSelect;


