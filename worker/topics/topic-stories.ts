// A topic's stories and writers: its top stories over the spec's TOP_* windows, who to
// follow in it, its top writers by claps, and every topic with stories.

import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { posts, postTags, tags, users, type TagRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { listedToEveryone, primedStories } from '../stories/story-lists.ts';
import { after } from '../db/conditions.ts';
import { badRequest } from '../context/errors.ts';

/** A topic as the tags table holds it. */
export type { TagRow };

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
export async function topicTopStories(ctx: RequestContext, tag: TagRow, range: TopTimeRange, paging: PagingOptions | null | undefined): Promise<Page<StoryNode>> {
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
  return primedStories(ctx, pageOf(rows, request, (row) => ({ sortKey: row.post.clapCount, id: row.post.id })));
}

export interface TagWriter {
  user: UserRow;
  postCount: number;
}

/** Who to follow in a topic: the writers with the most listed stories in it (ties: more followers first). */
export async function topicTopWriters(ctx: RequestContext, tag: TagRow, limit: number): Promise<TagWriter[]> {
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

export const MAX_TOP_WRITERS_BY_CLAPS = 25;

export interface TagTopWriterByClaps {
  user: UserRow;
  clapCount: number;
  postCount: number;
}

/**
 * A topic's top writers (/tag/{tagSlug}/top-writers): the writers whose listed stories with the
 * tag, first published in the past year, drew the most claps altogether (ties: more stories,
 * then more followers). Who to follow ranks by the number of stories instead. limit 1 to
 * MAX_TOP_WRITERS_BY_CLAPS.
 */
export async function topicTopWritersByClaps(ctx: RequestContext, tag: TagRow, limit: number): Promise<TagTopWriterByClaps[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TOP_WRITERS_BY_CLAPS) throw badRequest(`limit must be between 1 and ${MAX_TOP_WRITERS_BY_CLAPS} (got ${limit}).`);
  const claps = sql<number>`sum(${posts.clapCount})`;
  const stories = sql<number>`count(${posts.id})`;
  const rows = await orm(ctx.db)
    .select({ user: users, clapCount: claps, postCount: stories })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(eq(postTags.tagSlug, tag.slug), gte(postTags.publishedAt, ctx.now - 365 * DAY_MS), ...listedToEveryone()))
    .groupBy(users.id)
    .orderBy(desc(claps), desc(stories), desc(users.followerCount), users.id)
    .limit(limit);
  for (const { user } of rows) ctx.loaders.userById.prime(user.id, user);
  return rows;
}
