// The discovery pages' rankings (docs/product/3-routes-data-calls-constants.md §2.3, §2.5):
// trending (by mode and topic) and top stories of a day. The ranking rules are written down in
// docs/reader.md ("Discovery: ranking rules").
//
// Cost: every list reads one bounded range of an index ordered by publication time
// (posts_latest, post_tags_by_tag): at most RANK_WINDOW of the newest stories of its window
// are ranked, however many the site holds; trending this month site-wide reads the top of an
// index ordered by claps instead (posts_trending_month), so the pages stay flat from 1,000 to 50,000
// stories (bench/scale.bench.mjs measures /trending and a tag's top page).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, users, type TagRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest } from '../context/errors.ts';
import { listedAmong, notBlockedWith, notMutedBy, primedStories } from '../stories/story-lists.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { TRENDING_MONTH_MS } from './trending-month.ts';
import { utcDayStart } from './periods.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** How many of a window's newest stories are ranked (docs/reader.md). */
export const RANK_WINDOW = 500;
export const MAX_RANKED = 25;

/** Trending modes and their windows: the stories published in the last day, week or month. */
export const TRENDING_MODES = { DAY: DAY_MS, WEEK: 7 * DAY_MS, MONTH: TRENDING_MONTH_MS } as const;
export type TrendingMode = keyof typeof TRENDING_MODES;

function limitOf(limit: number | null | undefined, fallback: number): number {
  const value = limit ?? fallback;
  if (!Number.isInteger(value) || value < 1 || value > MAX_RANKED) throw badRequest(`limit must be between 1 and ${MAX_RANKED} (got ${value}).`);
  return value;
}

function viewerFilters(ctx: RequestContext): SQL[] {
  const viewer = viewerId(ctx);
  return viewer ? [...notMutedBy(ctx, viewer), ...notBlockedWith(ctx, viewer)] : [];
}

/** Candidates ranked per page: a few more than shown, so listing filters rarely leave a page short. */
const CANDIDATES_PER_SHOWN = 3;

/**
 * The ids of the most clapped among the newest RANK_WINDOW stories published in [from, to):
 * ranked on index entries alone (posts_recent_claps, or post_tags_by_tag with posts_claps_by_id
 * for a topic, migrations/0015_reader.sql), so no story row is read to rank, however many the
 * window holds. INDEXED BY because SQLite, without statistics, would rather read the rows.
 */
function rankedIds(from: number, to: number, tagSlug: string | null, count: number) {
  const window = tagSlug
    ? sql`SELECT pt.post_id AS id, p.clap_count AS claps, pt.published_at AS t
        FROM post_tags AS pt INDEXED BY post_tags_by_tag
        INNER JOIN posts AS p INDEXED BY posts_claps_by_id ON p.id = pt.post_id
        WHERE pt.tag_slug = ${tagSlug} AND pt.published_at >= ${from} AND pt.published_at < ${to}
        ORDER BY pt.published_at DESC, pt.post_id DESC LIMIT ${RANK_WINDOW}`
    : sql`SELECT p.id AS id, p.clap_count AS claps, p.latest_published_at AS t
        FROM posts AS p INDEXED BY posts_recent_claps
        WHERE p.status = 'PUBLISHED' AND p.in_response_to_post_id IS NULL AND p.deleted_at IS NULL
          AND p.latest_published_at >= ${from} AND p.latest_published_at < ${to}
        ORDER BY p.latest_published_at DESC, p.id DESC LIMIT ${RANK_WINDOW}`;
  return sql`SELECT c.id FROM (${window}) AS c ORDER BY c.claps DESC, c.t DESC, c.id DESC LIMIT ${count}`;
}

/**
 * The month's most clapped stories site-wide, read from the top of posts_trending_month (only
 * the month's stories are in it; migrations/0027_topic_curation_trending.sql): the first
 * `count` entries inside the window, however many stories the month holds.
 */
function trendingMonthIds(from: number, to: number, count: number) {
  return sql`SELECT p.id FROM posts AS p INDEXED BY posts_trending_month
    WHERE p.in_trending_month = 1 AND p.latest_published_at >= ${from} AND p.latest_published_at < ${to}
    ORDER BY p.clap_count DESC, p.latest_published_at DESC, p.id DESC LIMIT ${count}`;
}

/** The window's stories, most clapped first (ties: the newer, then the higher id). */
async function mostClappedIn(ctx: RequestContext, from: number, to: number, tagSlug: string | null, limit: number): Promise<StoryNode[]> {
  return storiesByIds(ctx, await idsOf(ctx, rankedIds(from, to, tagSlug, limit * CANDIDATES_PER_SHOWN)), limit);
}

/**
 * The ids a ranking query returns. Ranking and reading are two statements on purpose: with the
 * ids as constants SQLite reads each story by its key, where an IN (subquery) let it scan
 * every published story to test membership (bench/scale.bench.mjs showed it at 50,000).
 */
async function idsOf(ctx: RequestContext, query: SQL): Promise<string[]> {
  const rows = await orm(ctx.db).all<{ id: string }>(query);
  return rows.map((row) => row.id);
}

/** The listed stories among the ids, most clapped first (ties: the newer, then the higher id). */
async function storiesByIds(ctx: RequestContext, ids: readonly string[], limit: number): Promise<StoryNode[]> {
  if (!ids.length) return [];
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...listedAmong(ids), ...viewerFilters(ctx)))
    .orderBy(desc(posts.clapCount), desc(posts.latestPublishedAt), desc(posts.id))
    .limit(limit);
  return primedStories(ctx, { items: rows, pagingInfo: { next: null } }).items;
}

/**
 * The most clapped stories of all time (with the tag, when given), walked on posts_by_claps from
 * the top until `limit` are found: what fills trending when its window is quiet.
 */
async function mostClappedEver(ctx: RequestContext, tagSlug: string | null, limit: number, except: readonly string[]): Promise<StoryNode[]> {
  const tagged = tagSlug ? sql` AND EXISTS (SELECT 1 FROM post_tags AS pt WHERE pt.post_id = p.id AND pt.tag_slug = ${tagSlug})` : sql``;
  const skip = except.length ? sql` AND p.id NOT IN (${sql.join(except.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const ids = sql`SELECT p.id FROM posts AS p INDEXED BY posts_by_claps
    INNER JOIN users AS u ON u.id = p.creator_id AND u.is_suspended = 0 AND u.deleted_at IS NULL
    WHERE p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL
      AND p.in_response_to_catalog_id IS NULL AND p.visibility <> 'UNLISTED' AND p.is_suspended = 0${tagged}${skip}
    ORDER BY p.clap_count DESC, p.id DESC LIMIT ${limit * CANDIDATES_PER_SHOWN}`;
  return storiesByIds(ctx, await idsOf(ctx, ids), limit);
}

/** Trending in the mode's window; a quiet window is filled with the most clapped of all time. */
export async function trending(ctx: RequestContext, mode: TrendingMode, topicSlug: string | null, limit: number): Promise<StoryNode[]> {
  const from = ctx.now - TRENDING_MODES[mode];
  const ranked =
    mode === 'MONTH' && !topicSlug
      ? await storiesByIds(ctx, await idsOf(ctx, trendingMonthIds(from, ctx.now + 1, limit * CANDIDATES_PER_SHOWN)), limit)
      : await mostClappedIn(ctx, from, ctx.now + 1, topicSlug, limit);
  if (ranked.length >= limit) return ranked;
  return [...ranked, ...(await mostClappedEver(ctx, topicSlug, limit - ranked.length, ranked.map((p) => p.id)))];
}

export interface TrendingPage {
  mode: TrendingMode;
  topic: TagRow | null;
  posts: StoryNode[];
}

/**
 * A trending page: the mode (day, week or month, any case; week when absent) and the topic
 * when given. Null for an unknown mode or topic. limit 1–MAX_RANKED, default 20.
 */
export async function trendingPage(ctx: RequestContext, modeName: string | null | undefined, topicSlug: string | null | undefined, requestedLimit: number | null | undefined): Promise<TrendingPage | null> {
  const limit = limitOf(requestedLimit, 20);
  const mode = (modeName ?? 'week').toUpperCase();
  if (!Object.hasOwn(TRENDING_MODES, mode)) return null;
  const topic = topicSlug ? await ctx.loaders.tagBySlug.load(topicSlug) : null;
  if (topicSlug && !topic) return null;
  return { mode: mode as TrendingMode, topic: topic ?? null, posts: await trending(ctx, mode as TrendingMode, topic?.slug ?? null, limit) };
}

export interface TopStoriesPage {
  /** The day, YYYY-MM-DD. */
  date: string;
  posts: StoryNode[];
}

/**
 * Top stories of one UTC day (date YYYY-MM-DD; yesterday when absent): of the newest
 * RANK_WINDOW stories published that day, the most clapped first. Null for an impossible date.
 */
export async function topStoriesPage(ctx: RequestContext, date: string | null | undefined, requestedLimit: number | null | undefined): Promise<TopStoriesPage | null> {
  const limit = limitOf(requestedLimit, 20);
  const from = date ? utcDayStart(date) : Math.floor(ctx.now / DAY_MS) * DAY_MS - DAY_MS;
  if (from === null) return null;
  return { date: new Date(from).toISOString().slice(0, 10), posts: await mostClappedIn(ctx, from, from + DAY_MS, null, limit) };
}
