// The D1 reads behind profiles, publications and topics (./profiles.ts): followers and
// following, a user's lists and a list's stories, a tag's top stories and top writers, and
// every topic. Each list is one keyset-paged query (paging.ts); the rows it brings back
// prime the per-request loaders so the fields a page asks next cost nothing.

import { and, count, desc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import {
  catalogItems,
  catalogs,
  follows,
  posts,
  postTags,
  tags,
  users,
  type TagRow,
  type UserRow,
} from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { pageOf, pageRequest, type Cursor, type Page, type PagingOptions } from '../../context/paging.ts';
import { sealPostNode, type PostNode } from '../../stories/content-gate.ts';
import { listedToEveryone, primedPosts } from '../../stories/story-lists.ts';
import { activeAccount, after } from '../../db/conditions.ts';

export type CatalogRow = typeof catalogs.$inferSelect;

export type FollowTargetType = 'USER' | 'COLLECTION' | 'TAG';

/** Who follows a user, publication or tag, most recent follow first. */
export async function followersOf(ctx: RequestContext, type: FollowTargetType, targetId: string, paging: PagingOptions | null | undefined): Promise<Page<UserRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ user: users, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.targetType, type), eq(follows.targetId, targetId), ...activeAccount(), ...after(follows.createdAt, users.id, request.after)))
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(request.limit + 1);
  return primedUsers(ctx, pageOf(rows, request, (row) => ({ sortKey: row.followedAt, id: row.user.id })));
}

/** The writers a user follows, most recent follow first. */
export async function usersFollowedBy(ctx: RequestContext, followerId: string, paging: PagingOptions | null | undefined): Promise<Page<UserRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ user: users, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.targetId))
    .where(and(eq(follows.followerId, followerId), eq(follows.targetType, 'USER'), ...activeAccount(), ...after(follows.createdAt, users.id, request.after)))
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(request.limit + 1);
  return primedUsers(ctx, pageOf(rows, request, (row) => ({ sortKey: row.followedAt, id: row.user.id })));
}

function primedUsers(ctx: RequestContext, page: Page<{ user: UserRow }>): Page<UserRow> {
  return {
    items: page.items.map(({ user }) => {
      ctx.loaders.userById.prime(user.id, user);
      return user;
    }),
    pagingInfo: page.pagingInfo,
  };
}

/** A list's stories, most recently added first (only stories any list may show). */
export async function catalogPosts(ctx: RequestContext, catalog: CatalogRow, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users, addedAt: catalogItems.createdAt, itemId: catalogItems.id })
    .from(catalogItems)
    .innerJoin(posts, eq(posts.id, catalogItems.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(catalogItems.catalogId, catalog.id), ...listedToEveryone(), ...after(catalogItems.createdAt, catalogItems.id, request.after)))
    .orderBy(desc(catalogItems.createdAt), desc(catalogItems.id))
    .limit(request.limit + 1);
  return primedPosts(ctx, pageOf(rows, request, (row) => ({ sortKey: row.addedAt, id: row.itemId })));
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The spec's TOP_* sort orders (docs/product/3-routes-data-calls-constants.md §3) as windows on the
 * first publication date.
 */
export const TOP_TIME_RANGES = { TOP_WEEK: 7 * DAY_MS, TOP_MONTH: 30 * DAY_MS, TOP_YEAR: 365 * DAY_MS, TOP_ALL_TIME: null } as const;
export type TopTimeRange = keyof typeof TOP_TIME_RANGES;

/**
 * A tag's most clapped stories first published within the time range (ties: newest id
 * first). The recommended tab asks for TOP_YEAR: a year is long enough for a quiet topic
 * to fill a page and short enough that a topic's old favourites give way to new work.
 */
export async function tagTopPosts(ctx: RequestContext, tag: TagRow, range: TopTimeRange, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  const request = pageRequest(paging);
  const windowMs = TOP_TIME_RANGES[range];
  // The page's ids walk posts_by_claps (migrations/0015_reader.sql) from the most clapped
  // down, keeping the tag's listed stories: the walk is as long as the page needs, not as
  // long as the tag is, so a tag's top page costs the same at 1,000 and at 50,000 stories
  // (bench/scale.bench.mjs). INDEXED BY because SQLite, without statistics, would rather sort
  // every published story. The conditions are listedToEveryone's, written for the alias.
  const since = windowMs === null ? sql`` : sql` AND p.first_published_at >= ${ctx.now - windowMs}`;
  const cursor = request.after
    ? sql` AND (p.clap_count < ${request.after.sortKey} OR (p.clap_count = ${request.after.sortKey} AND p.id < ${request.after.id}))`
    : sql``;
  const pageIds = sql`SELECT p.id FROM posts AS p INDEXED BY posts_by_claps
    INNER JOIN users AS u ON u.id = p.creator_id AND u.is_suspended = 0 AND u.deleted_at IS NULL
    WHERE p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL
      AND p.in_response_to_catalog_id IS NULL AND p.visibility <> 'UNLISTED' AND p.is_suspended = 0
      AND EXISTS (SELECT 1 FROM post_tags AS pt WHERE pt.post_id = p.id AND pt.tag_slug = ${tag.slug})${since}${cursor}
    ORDER BY p.clap_count DESC, p.id DESC LIMIT ${request.limit + 1}`;
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(sql`${posts.id} IN (${pageIds})`)
    .orderBy(desc(posts.clapCount), desc(posts.id));
  return primedPosts(ctx, pageOf(rows, request, (row) => ({ sortKey: row.post.clapCount, id: row.post.id })));
}

export interface TagWriter {
  user: UserRow;
  postCount: number;
}

/** Who to follow in a topic: the writers with the most listed stories in it (ties: more followers first). */
export async function tagTopWriters(ctx: RequestContext, tag: TagRow, limit: number): Promise<TagWriter[]> {
  const postCount = count(posts.id);
  const rows = await orm(ctx.db)
    .select({ user: users, postCount })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(postTags.tagSlug, tag.slug), ...listedToEveryone()))
    .groupBy(users.id)
    .orderBy(desc(postCount), desc(users.followerCount), users.id)
    .limit(limit);
  for (const { user } of rows) ctx.loaders.userById.prime(user.id, user);
  return rows;
}

/** Every topic with at least one story, the most written-about first (then by name). */
export async function topicsWithStories(ctx: RequestContext): Promise<TagRow[]> {
  const rows = await orm(ctx.db).select().from(tags).where(gte(tags.postCount, 1)).orderBy(desc(tags.postCount), tags.displayTitle);
  for (const tag of rows) ctx.loaders.tagBySlug.prime(tag.slug, tag);
  return rows;
}

