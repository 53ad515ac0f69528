// The reader's views of a publication's stories (issue 12 item 7; docs/publications.md):
// /latest is Collection.postsConnection (worker/stories/story-lists.ts); here are /trending (the
// most applauded of the last 30 days, widened when that is too few), /featured (the most
// applauded ever), /archive by year, month or day (newest first, keyset-paged) with the years
// that have stories, and /all/{page} (numbered pages, newest first). Every list holds only what
// any list may hold (listedToEveryone).
import { and, count, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, users, type CollectionRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest } from '../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { after } from '../db/conditions.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { listedToEveryone, primedStories } from '../stories/story-lists.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Trending's window: the last 30 days, widened to 90 days and then a year while it holds fewer
 * than TRENDING_MIN_STORIES, so a publication that publishes monthly still has a trending page.
 */
export const TRENDING_WINDOWS_DAYS = [30, 90, 365] as const;
export const TRENDING_MIN_STORIES = 5;
export const MAX_RANKED = 25;
export const ALL_PAGE_SIZE = 25;
/** /all/{page} stops here: deeper pages are the archive's job. */
export const MAX_ALL_PAGE = 400;

function limitOf(limit: number | null | undefined): number {
  const value = limit ?? 10;
  if (!Number.isInteger(value) || value < 1 || value > MAX_RANKED) throw badRequest(`limit must be between 1 and ${MAX_RANKED} (got ${value}).`);
  return value;
}

function storyRows(ctx: RequestContext) {
  return orm(ctx.db).select({ post: posts, creator: users }).from(posts).innerJoin(users, eq(users.id, posts.creatorId)).$dynamic();
}

const inPublication = (collection: CollectionRow) => [eq(posts.collectionId, collection.id), ...listedToEveryone()];

async function mostApplauded(ctx: RequestContext, collection: CollectionRow, since: number | null, limit: number): Promise<StoryNode[]> {
  const rows = await storyRows(ctx)
    .where(and(...inPublication(collection), ...(since === null ? [] : [gte(posts.latestPublishedAt, since)])))
    .orderBy(desc(posts.clapCount), desc(posts.latestPublishedAt), desc(posts.id))
    .limit(limit);
  return primedStories(ctx, { items: rows, pagingInfo: { next: null } }).items;
}

/**
 * The most applauded of its stories published in the last 30 days, a window widened to 90 days
 * and then a year while it holds fewer than TRENDING_MIN_STORIES stories (limit 1–MAX_RANKED, default 10).
 */
export async function trendingPosts(ctx: RequestContext, collection: CollectionRow, limit: number | null | undefined): Promise<StoryNode[]> {
  const wanted = limitOf(limit);
  let ranked: StoryNode[] = [];
  for (const days of TRENDING_WINDOWS_DAYS) {
    ranked = await mostApplauded(ctx, collection, ctx.now - days * DAY_MS, wanted);
    if (ranked.length >= Math.min(TRENDING_MIN_STORIES, wanted)) break;
  }
  return ranked;
}

/** Its most applauded stories ever (limit 1–MAX_RANKED, default 10). */
export function featuredPosts(ctx: RequestContext, collection: CollectionRow, limit: number | null | undefined): Promise<StoryNode[]> {
  return mostApplauded(ctx, collection, null, limitOf(limit));
}

/** Its stories published in the period [from, to) (null: an impossible period, empty), newest first. */
export async function archivePosts(
  ctx: RequestContext,
  collection: CollectionRow,
  period: { from: number; to: number } | null,
  paging: PagingOptions | null | undefined,
): Promise<Page<StoryNode>> {
  const request = pageRequest(paging);
  if (!period) return { items: [], pagingInfo: { next: null } };
  const rows = await storyRows(ctx)
    .where(
      and(
        ...inPublication(collection),
        gte(posts.latestPublishedAt, period.from),
        lt(posts.latestPublishedAt, period.to),
        ...after(posts.latestPublishedAt, posts.id, request.after),
      ),
    )
    .orderBy(desc(posts.latestPublishedAt), desc(posts.id))
    .limit(request.limit + 1);
  return primedStories(ctx, pageOf(rows, request, (row) => ({ sortKey: row.post.latestPublishedAt ?? 0, id: row.post.id })));
}

/** The years (UTC) in which it published stories, newest first. */
export async function archiveYears(ctx: RequestContext, collection: CollectionRow): Promise<number[]> {
  const year = sql<number>`CAST(strftime('%Y', ${posts.latestPublishedAt} / 1000, 'unixepoch') AS INTEGER)`;
  const rows = await orm(ctx.db)
    .selectDistinct({ year })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...inPublication(collection)))
    .orderBy(desc(year));
  return rows.map((r) => r.year).filter((y) => Number.isInteger(y));
}

export interface PublicationStoriesPage {
  posts: StoryNode[];
  page: number;
  pageCount: number;
}

/** Page 1… of its stories, ALL_PAGE_SIZE a page, newest first; null past the last page (and past MAX_ALL_PAGE). */
export async function allPostsPage(ctx: RequestContext, collection: CollectionRow, page: number): Promise<PublicationStoriesPage | null> {
  if (!Number.isInteger(page) || page < 1 || page > MAX_ALL_PAGE) return null;
  const [total] = await orm(ctx.db)
    .select({ n: count() })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...inPublication(collection)));
  const pageCount = Math.max(1, Math.ceil((total?.n ?? 0) / ALL_PAGE_SIZE));
  if (page > pageCount) return null;
  const rows = await storyRows(ctx)
    .where(and(...inPublication(collection)))
    .orderBy(desc(posts.latestPublishedAt), desc(posts.id))
    .limit(ALL_PAGE_SIZE)
    .offset((page - 1) * ALL_PAGE_SIZE);
  return { posts: primedStories(ctx, { items: rows, pagingInfo: { next: null } }).items, page, pageCount };
}
