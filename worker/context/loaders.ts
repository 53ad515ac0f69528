// Per-request DataLoaders: every lookup by key that a list can repeat (a feed's 25
// creators, their memberships, the viewer's follow of each) is collected over one tick
// and answered by one `WHERE … IN (…)` query, so a page costs a bounded number of D1
// queries whatever its length. maxBatchSize keeps each statement within D1's 100 bound
// parameters (a larger batch becomes several statements).
//
// Loaders cache for the life of one request (one GraphQL HTTP request, batch included,
// or one server render). Mutations must clear() or prime() what they change.

import type { D1Database } from '@cloudflare/workers-types';
import DataLoader from 'dataloader';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  blocks,
  catalogItems,
  catalogs,
  claps,
  collectionDesigns,
  collections,
  follows,
  memberships,
  mutes,
  posts,
  postRestrictions,
  postTags,
  tags,
  userPreferences,
  users,
  type CollectionDesignRow,
  type CollectionRow,
  type MembershipRow,
  type PostRestrictionRow,
  type TagRow,
  type UserRow,
} from '../db/schema.ts';
import { seriesParts } from '../db/series-tables.ts';
import { fediverseResponses } from '../db/fediverse-response-tables.ts';
import { MEMBERSHIP_PROMOTION_PREFERENCE } from '../../shared/accounts/settings.ts';
import { orm } from '../db/orm.ts';
import { placeholders, runShape, valuesOf } from '../db/isolate-statements.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { sealStoryNode, type StoryNode } from '../db/story-node.ts';

/** D1 refuses statements with more bound parameters than this. */
export const D1_MAX_BOUND_PARAMETERS = 100;

/** `${target type}:${target id}` of a follow or mute by the viewer. */
export type ViewerEdgeKey = `${'USER' | 'COLLECTION' | 'TAG'}:${string}`;

export interface Loaders {
  /** Every user row, deleted or suspended included: callers decide what to show. */
  userById: DataLoader<string, UserRow | null>;
  /** Case-insensitive, like the username column. */
  userByUsername: DataLoader<string, UserRow | null, string>;
  collectionById: DataLoader<string, CollectionRow | null>;
  collectionBySlug: DataLoader<string, CollectionRow | null, string>;
  /** Only domains whose state is LIVE resolve. */
  collectionByLiveDomain: DataLoader<string, CollectionRow | null, string>;
  /** Every post row, drafts and trash included: post-access.ts decides who sees it. */
  postById: DataLoader<string, StoryNode | null>;
  /**
   * A story's content JSON, for a node its list read without it (worker/db/story-node.ts); null
   * when there is no such row. Read through worker/stories/content-gate.ts only.
   */
  postContentById: DataLoader<string, string | null>;
  /** A publication's masthead design row (null: none set); primed by postById's query. */
  collectionDesignById: DataLoader<string, CollectionDesignRow | null>;
  /** The series a story is a part of (null: none); primed by postById's query. */
  seriesIdByPostId: DataLoader<string, string | null>;
  /** A story's restrictions (null: none); primed by postById's query. */
  postRestrictionByPostId: DataLoader<string, PostRestrictionRow | null>;
  /**
   * Whether a writer's member-only stories show the membership promotion (on unless they turned it
   * off: worker/accounts/membership-promotion.ts); primed by postById's query for the story's writer.
   */
  membershipPromotionByUserId: DataLoader<string, boolean>;
  /**
   * How many replies from the fediverse a story holds, hidden ones included; primed by postById's
   * query, so a story without any reads no list (worker/responses/fediverse-responses.ts).
   */
  fediverseResponseCountByPostId: DataLoader<string, number>;
  tagBySlug: DataLoader<string, TagRow | null>;
  /** A post's tags in their position order. */
  tagsByPostId: DataLoader<string, TagRow[]>;
  membershipByUserId: DataLoader<string, MembershipRow | null>;
  /** Whether the viewer follows a target (false when logged out, without a query). */
  viewerFollows: DataLoader<ViewerEdgeKey, boolean>;
  /** Whether the viewer mutes a target (false when logged out, without a query). */
  viewerMutes: DataLoader<ViewerEdgeKey, boolean>;
  /**
   * The viewer's own claps on a post (0 when none or logged out) and whether it is in their
   * Reading list: one statement for both (docs/scale.md, issue 25 eighth pass).
   */
  viewerPostEdgeByPostId: DataLoader<string, ViewerPostEdge>;
  /** A block between the viewer and a user, either way (none when logged out, without a query). */
  viewerBlockWith: DataLoader<string, ViewerBlock>;
}

/** The viewer's own marks on a story. */
export interface ViewerPostEdge {
  clapCount: number;
  isBookmarked: boolean;
}

const NO_POST_EDGE: ViewerPostEdge = { clapCount: 0, isBookmarked: false };

/** Who blocked whom between the viewer and one other user. */
export interface ViewerBlock {
  /** The viewer blocked them (docs/product/2-sign-in-notices-cache-routing.md §3 (Blocking)). */
  blocking: boolean;
  /** They blocked the viewer (docs/product/2-sign-in-notices-cache-routing.md §3 (Blocked)). */
  blockedBy: boolean;
}

const NO_BLOCK: ViewerBlock = { blocking: false, blockedBy: false };

/**
 * A signed-in viewer's block with a story's writer, either way, as a column of the story's read
 * (two key lookups: blocks' primary key): the story's access check asks for it right after the
 * story, and it then costs no round trip of its own (docs/adr/0222-signed-in-story-page-reads.md).
 * 1: the viewer blocks the writer; 2: the writer blocks the viewer. NULL for a logged-out viewer.
 */
function viewerBlockColumn(signedIn: boolean) {
  if (!signedIn) return sql<number | null>`NULL`;
  const viewer = sql.placeholder('viewer');
  return sql<number | null>`(EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.blockerId} = ${viewer} AND ${blocks.blockedId} = ${posts.creatorId})
    + 2 * EXISTS (SELECT 1 FROM ${blocks} WHERE ${blocks.blockerId} = ${posts.creatorId} AND ${blocks.blockedId} = ${viewer}))`;
}

/**
 * Whether a signed-in viewer follows the story's writer and its publication, as columns of the
 * story's read (follows' primary key): the story page shows both follow buttons, and they then
 * cost no statement of their own (docs/adr/0222-signed-in-story-page-reads.md). NULL logged out.
 */
function viewerFollowsColumn(signedIn: boolean, targetType: 'USER' | 'COLLECTION') {
  if (!signedIn) return sql<number | null>`NULL`;
  const target = targetType === 'USER' ? posts.creatorId : posts.collectionId;
  return sql<number | null>`EXISTS (SELECT 1 FROM ${follows} WHERE ${follows.followerId} = ${sql.placeholder('viewer')} AND ${follows.targetType} = ${sql.raw(`'${targetType}'`)} AND ${follows.targetId} = ${target})`;
}

/**
 * The story's tags in their position order, as one JSON column of the story's read (post_tags'
 * primary key, then tags by slug): the story page shows them, and they then cost no statement of
 * their own (docs/scale.md, issue 25 eighth pass). Each tag is an array of TAG_COLUMNS' values.
 */
const TAG_COLUMNS = ['id', 'slug', 'displayTitle', 'description', 'postCount', 'followerCount'] as const satisfies readonly (keyof TagRow)[];

function storyTagsColumn() {
  return sql<string>`(SELECT json_group_array(json_array(${tags.id}, ${tags.slug}, ${tags.displayTitle}, ${tags.description}, ${tags.postCount}, ${tags.followerCount})
    ORDER BY ${postTags.position}, ${postTags.tagSlug})
    FROM ${postTags} INNER JOIN ${tags} ON ${tags.slug} = ${postTags.tagSlug} WHERE ${postTags.postId} = ${posts.id})`;
}

function tagsOfColumn(json: string): TagRow[] {
  return (JSON.parse(json) as unknown[][]).map((values) => Object.fromEntries(TAG_COLUMNS.map((column, i) => [column, values[i]])) as TagRow);
}

function blockOf(bits: number): ViewerBlock {
  return bits === 0 ? NO_BLOCK : { blocking: (bits & 1) === 1, blockedBy: (bits & 2) === 2 };
}

/** Orders looked-up rows by the keys asked for; missing keys answer the fallback. */
function byKeys<K, R, V>(keys: readonly K[], rows: readonly R[], keyOf: (row: R) => K, valueOf: (row: R) => V, fallback: V): V[] {
  const found = new Map<K, V>();
  for (const row of rows) found.set(keyOf(row), valueOf(row));
  return keys.map((key) => (found.has(key) ? (found.get(key) as V) : fallback));
}

const lower = (text: string) => text.toLowerCase();
/** Room for the keys of a statement that binds `fixed` other parameters. */
const batchOf = (fixed: number) => ({ maxBatchSize: D1_MAX_BOUND_PARAMETERS - fixed });

export function createLoaders(db: D1Database, viewer: RequestViewer): Loaders {
  const q = orm(db);
  const viewerUserId = viewer.user?.id ?? null;

  // The hot loaders' statements are built once per isolate per key count and bound here
  // (worker/db/isolate-statements.ts): same text, same rows, no building per request.
  const userById = new DataLoader<string, UserRow | null>(async (ids) => {
    const rows = await runShape(db, `userById:${ids.length}`, (b) => b.select().from(users).where(inArray(users.id, placeholders('k', ids.length))).prepare(), valuesOf('k', ids));
    return byKeys(ids, rows, (r) => r.id, (r) => r, null);
  }, batchOf(0));

  const userByUsername = new DataLoader<string, UserRow | null, string>(
    async (names) => {
      const rows = await q.select().from(users).where(inArray(users.username, [...names]));
      for (const row of rows) userById.prime(row.id, row);
      return byKeys(names.map(lower), rows, (r) => lower(r.username), (r) => r, null);
    },
    { ...batchOf(0), cacheKeyFn: lower },
  );

  const collectionById = new DataLoader<string, CollectionRow | null>(async (ids) => {
    const rows = await runShape(db, `collectionById:${ids.length}`, (b) => b.select().from(collections).where(inArray(collections.id, placeholders('k', ids.length))).prepare(), valuesOf('k', ids));
    return byKeys(ids, rows, (r) => r.id, (r) => r, null);
  }, batchOf(0));

  const collectionBySlug = new DataLoader<string, CollectionRow | null, string>(
    async (slugs) => {
      const rows = await q.select().from(collections).where(inArray(collections.slug, [...slugs]));
      for (const row of rows) collectionById.prime(row.id, row);
      return byKeys(slugs.map(lower), rows, (r) => lower(r.slug), (r) => r, null);
    },
    { ...batchOf(0), cacheKeyFn: lower },
  );

  const collectionByLiveDomain = new DataLoader<string, CollectionRow | null, string>(
    async (domains) => {
      const rows = await q
        .select()
        .from(collections)
        .where(and(inArray(collections.domain, [...domains]), eq(collections.customDomainState, 'LIVE')));
      for (const row of rows) collectionById.prime(row.id, row);
      return byKeys(domains.map(lower), rows, (r) => lower(r.domain ?? ''), (r) => r, null);
    },
    { ...batchOf(1), cacheKeyFn: lower },
  );

  // Read on its own only for a post that postById did not load (postById's join primes it).
  const postRestrictionByPostId = new DataLoader<string, PostRestrictionRow | null>(async (ids) => {
    const rows = await q.select().from(postRestrictions).where(inArray(postRestrictions.postId, [...ids]));
    return byKeys(ids, rows, (r) => r.postId, (r) => r, null);
  }, batchOf(0));

  // A story is always shown with its writer (the access check reads them) and usually its
  // publication: one joined query primes both, instead of a round trip each after it.
  const collectionDesignById = new DataLoader<string, CollectionDesignRow | null>(async (ids) => {
    const rows = await q.select().from(collectionDesigns).where(inArray(collectionDesigns.collectionId, [...ids]));
    return byKeys(ids, rows, (r) => r.collectionId, (r) => r, null);
  }, batchOf(0));

  const seriesIdByPostId = new DataLoader<string, string | null>(async (postIds) => {
    const rows = await q.select({ postId: seriesParts.postId, seriesId: seriesParts.seriesId }).from(seriesParts).where(inArray(seriesParts.postId, [...postIds]));
    return byKeys(postIds, rows, (r) => r.postId, (r) => r.seriesId, null);
  }, batchOf(0));

  // Read on their own only for a writer or story that postById did not load (its query primes them).
  const membershipPromotionByUserId = new DataLoader<string, boolean>(async (userIds) => {
    const rows = await q
      .select({ userId: userPreferences.userId, enabled: userPreferences.enabled })
      .from(userPreferences)
      .where(and(inArray(userPreferences.userId, [...userIds]), eq(userPreferences.key, MEMBERSHIP_PROMOTION_PREFERENCE)));
    return byKeys(userIds, rows, (r) => r.userId, (r) => r.enabled, true);
  }, batchOf(1));

  const fediverseResponseCountByPostId = new DataLoader<string, number>(async (postIds) => {
    const rows = await q
      .select({ postId: fediverseResponses.postId, count: sql<number>`count(*)` })
      .from(fediverseResponses)
      .where(inArray(fediverseResponses.postId, [...postIds]))
      .groupBy(fediverseResponses.postId);
    return byKeys(postIds, rows, (r) => r.postId, (r) => Number(r.count), 0);
  }, batchOf(0));

  const postById = new DataLoader<string, StoryNode | null>(async (ids) => {
    // The story's series and its publication's design too (key lookups: series_parts.post_id is
    // unique, collection_designs is keyed by publication): the story page asks for them next, and
    // they then cost no statement of their own (docs/adr/0210-reads-of-one-turn-in-one-batch.md).
    // Likewise the writer's membership promotion (user_preferences' primary key) and the count of
    // the story's replies from the fediverse (fediverse_responses_by_post): the paywall and the
    // thread read them, and a story without replies then reads no list (docs/scale.md).
    const shape = `postById:${viewerUserId ? 'viewer' : 'anonymous'}:${ids.length}`;
    const values = valuesOf('k', ids, viewerUserId ? { viewer: viewerUserId } : {});
    const rows = await runShape(db, shape, (b) => b
      .select({
        post: posts,
        creator: users,
        collection: collections,
        restriction: postRestrictions,
        design: collectionDesigns,
        seriesId: sql<string | null>`(SELECT ${seriesParts.seriesId} FROM ${seriesParts} WHERE ${seriesParts.postId} = ${posts.id} LIMIT 1)`,
        promotion: sql<number | null>`(SELECT ${userPreferences.enabled} FROM ${userPreferences} WHERE ${userPreferences.userId} = ${posts.creatorId} AND ${userPreferences.key} = ${MEMBERSHIP_PROMOTION_PREFERENCE})`,
        fediverseResponseCount: sql<number>`(SELECT count(*) FROM ${fediverseResponses} WHERE ${fediverseResponses.postId} = ${posts.id})`,
        viewerBlock: viewerBlockColumn(viewerUserId !== null),
        tags: storyTagsColumn(),
        followsWriter: viewerFollowsColumn(viewerUserId !== null, 'USER'),
        followsPublication: viewerFollowsColumn(viewerUserId !== null, 'COLLECTION'),
      })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.creatorId))
      .leftJoin(collections, eq(collections.id, posts.collectionId))
      .leftJoin(postRestrictions, eq(postRestrictions.postId, posts.id))
      .leftJoin(collectionDesigns, eq(collectionDesigns.collectionId, posts.collectionId))
      .where(inArray(posts.id, placeholders('k', ids.length)))
      .prepare(), values);
    for (const { post, creator, collection, restriction, design, seriesId, promotion, fediverseResponseCount, tags: tagsJson, viewerBlock, followsWriter, followsPublication } of rows) {
      userById.prime(creator.id, creator);
      const storyTags = tagsOfColumn(tagsJson);
      tagsByPostId.prime(post.id, storyTags);
      for (const tag of storyTags) tagBySlug.prime(tag.slug, tag);
      if (viewerBlock !== null) viewerBlockWith.prime(creator.id, blockOf(Number(viewerBlock)));
      if (followsWriter !== null) viewerFollows.prime(`USER:${creator.id}`, Number(followsWriter) === 1);
      if (followsPublication !== null && collection) viewerFollows.prime(`COLLECTION:${collection.id}`, Number(followsPublication) === 1);
      membershipPromotionByUserId.prime(creator.id, promotion === null ? true : Number(promotion) === 1);
      fediverseResponseCountByPostId.prime(post.id, Number(fediverseResponseCount));
      if (collection) collectionById.prime(collection.id, collection);
      if (collection) collectionDesignById.prime(collection.id, design);
      postRestrictionByPostId.prime(post.id, restriction);
      seriesIdByPostId.prime(post.id, seriesId);
    }
    return byKeys(ids, rows, (r) => r.post.id, (r) => sealStoryNode(r.post), null);
  }, batchOf(viewerUserId ? 5 : 1));

  const postContentById = new DataLoader<string, string | null>(async (ids) => {
    const rows = await q.select({ id: posts.id, content: posts.content }).from(posts).where(inArray(posts.id, [...ids]));
    return byKeys(ids, rows, (r) => r.id, (r) => r.content, null);
  }, batchOf(0));

  const tagBySlug = new DataLoader<string, TagRow | null>(async (slugs) => {
    const rows = await q.select().from(tags).where(inArray(tags.slug, [...slugs]));
    return byKeys(slugs, rows, (r) => r.slug, (r) => r, null);
  }, batchOf(0));

  const tagsByPostId = new DataLoader<string, TagRow[]>(async (postIds) => {
    const rows = await runShape(db, `tagsByPostId:${postIds.length}`, (b) => b
      .select({ postId: postTags.postId, tag: tags })
      .from(postTags)
      .innerJoin(tags, eq(tags.slug, postTags.tagSlug))
      .where(inArray(postTags.postId, placeholders('k', postIds.length)))
      .orderBy(postTags.postId, postTags.position, postTags.tagSlug)
      .prepare(), valuesOf('k', postIds));
    const tagsOf = new Map<string, TagRow[]>(postIds.map((id) => [id, []]));
    for (const row of rows) {
      tagsOf.get(row.postId)?.push(row.tag);
      tagBySlug.prime(row.tag.slug, row.tag);
    }
    return postIds.map((id) => tagsOf.get(id) ?? []);
  }, batchOf(0));

  const membershipByUserId = new DataLoader<string, MembershipRow | null>(async (userIds) => {
    const rows = await runShape(db, `membershipByUserId:${userIds.length}`, (b) => b.select().from(memberships).where(inArray(memberships.userId, placeholders('k', userIds.length))).prepare(), valuesOf('k', userIds));
    return byKeys(userIds, rows, (r) => r.userId, (r) => r, null);
  }, batchOf(0));

  // The viewer's edges: one query for all targets of all types (ids may repeat across
  // types, so rows are matched on type and id).
  const viewerFollows = new DataLoader<ViewerEdgeKey, boolean>(async (keys) => {
    if (!viewerUserId) return keys.map(() => false);
    const rows = await runShape(db, `viewerFollows:${keys.length}`, (b) => b
      .select({ type: follows.targetType, id: follows.targetId })
      .from(follows)
      .where(and(eq(follows.followerId, sql.placeholder('viewer')), inArray(follows.targetId, placeholders('k', keys.length))))
      .prepare(), valuesOf('k', keys.map(targetIdOf), { viewer: viewerUserId }));
    return byKeys(keys, rows, (r) => `${r.type}:${r.id}`, () => true, false);
  }, batchOf(1));

  const viewerMutes = new DataLoader<ViewerEdgeKey, boolean>(async (keys) => {
    if (!viewerUserId) return keys.map(() => false);
    const rows = await q
      .select({ type: mutes.targetType, id: mutes.targetId })
      .from(mutes)
      .where(and(eq(mutes.muterId, viewerUserId), inArray(mutes.targetId, keys.map(targetIdOf))));
    return byKeys(keys, rows, (r) => `${r.type}:${r.id}`, () => true, false);
  }, batchOf(1));

  // Two key lookups per story (claps' primary key; the Reading list's catalog, then its
  // (catalog, post) unique index): the story page asks for both together.
  const viewerPostEdgeByPostId = new DataLoader<string, ViewerPostEdge>(async (postIds) => {
    if (!viewerUserId) return postIds.map(() => NO_POST_EDGE);
    const viewer = sql.placeholder('viewer');
    const rows = await runShape(db, `viewerPostEdgeByPostId:${postIds.length}`, (b) => b
      .select({
        postId: posts.id,
        // Written out qualified: drizzle names a one-table query's columns without their table.
        clapCount: sql<number | null>`(SELECT "claps"."count" FROM "claps" WHERE "claps"."user_id" = ${viewer} AND "claps"."post_id" = "posts"."id")`,
        bookmarked: sql<number>`EXISTS (SELECT 1 FROM "catalog_items" INNER JOIN "catalogs" ON "catalogs"."id" = "catalog_items"."catalog_id"
          WHERE "catalogs"."creator_id" = ${viewer} AND "catalogs"."predefined" = 'READING_LIST' AND "catalog_items"."post_id" = "posts"."id")`,
      })
      .from(posts)
      .where(inArray(posts.id, placeholders('k', postIds.length)))
      .prepare(), valuesOf('k', postIds, { viewer: viewerUserId }));
    return byKeys(postIds, rows, (r) => r.postId, (r) => ({ clapCount: Number(r.clapCount ?? 0), isBookmarked: Number(r.bookmarked) === 1 }), NO_POST_EDGE);
  }, batchOf(2));

  // Both directions in one query: rows the viewer wrote and rows written about the viewer.
  const viewerBlockWith = new DataLoader<string, ViewerBlock>(async (userIds) => {
    if (!viewerUserId) return userIds.map(() => NO_BLOCK);
    const ids = [...userIds];
    const rows = await runShape(db, `viewerBlockWith:${ids.length}`, (b) => b
      .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
      .from(blocks)
      .where(
        or(
          and(eq(blocks.blockerId, sql.placeholder('viewer')), inArray(blocks.blockedId, placeholders('k', ids.length))),
          and(eq(blocks.blockedId, sql.placeholder('viewer')), inArray(blocks.blockerId, placeholders('k', ids.length))),
        ),
      )
      .prepare(), valuesOf('k', ids, { viewer: viewerUserId }));
    const found = new Map<string, ViewerBlock>();
    for (const row of rows) {
      const other = row.blockerId === viewerUserId ? row.blockedId : row.blockerId;
      const block = { ...(found.get(other) ?? NO_BLOCK) };
      if (row.blockerId === viewerUserId) block.blocking = true;
      else block.blockedBy = true;
      found.set(other, block);
    }
    return ids.map((id) => found.get(id) ?? NO_BLOCK);
  }, { maxBatchSize: (D1_MAX_BOUND_PARAMETERS - 2) / 2 });

  return {
    userById,
    userByUsername,
    collectionById,
    collectionBySlug,
    collectionByLiveDomain,
    postById,
    postContentById,
    postRestrictionByPostId,
    seriesIdByPostId,
    collectionDesignById,
    membershipPromotionByUserId,
    fediverseResponseCountByPostId,
    tagBySlug,
    tagsByPostId,
    membershipByUserId,
    viewerFollows,
    viewerMutes,
    viewerPostEdgeByPostId,
    viewerBlockWith,
  };
}

function targetIdOf(key: ViewerEdgeKey): string {
  return key.slice(key.indexOf(':') + 1);
}
