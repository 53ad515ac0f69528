// The discovery pages' lists (docs/product/3-routes-data-calls-constants.md §2.3, §2.5): trending
// (by mode and topic), top stories of a day, and a tag's archive by year, month or day. The
// ranking rules are written down in docs/reader.md ("Discovery: ranking rules").
//
// Cost: every list reads one bounded range of an index ordered by publication time
// (posts_latest, post_tags_by_tag): at most RANK_WINDOW of the newest stories of its window
// are ranked, however many the site holds; trending this month site-wide reads the top of an
// index ordered by claps instead (posts_trending_month), so the pages stay flat from 1,000 to 50,000
// stories (bench/scale.bench.mjs measures /trending and a tag's top page).
import { and, desc, eq, gt, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { orm } from '../../db/orm.ts';
import { catalogs, posts, postTags, users, type TagRow } from '../../db/schema.ts';
import type { CatalogRow } from '../../lists/list-stories.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { badRequest } from '../../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../../context/paging.ts';
import { listedToEveryone, notBlockedWith, notMutedBy } from '../../stories/story-lists.ts';
import type { PostNode } from '../../stories/content-gate.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import { after } from '../../db/conditions.ts';
import { primedPosts } from '../../stories/story-lists.ts';
import type { SchemaModule } from './schema-module.ts';
import { TRENDING_MONTH_MS } from '../../trending/trending-month.ts';

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
async function mostClappedIn(ctx: RequestContext, from: number, to: number, tagSlug: string | null, limit: number): Promise<PostNode[]> {
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
async function storiesByIds(ctx: RequestContext, ids: readonly string[], limit: number): Promise<PostNode[]> {
  if (!ids.length) return [];
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(inArray(posts.id, [...ids]), ...listedToEveryone(), ...viewerFilters(ctx)))
    .orderBy(desc(posts.clapCount), desc(posts.latestPublishedAt), desc(posts.id))
    .limit(limit);
  return primedPosts(ctx, { items: rows, pagingInfo: { next: null } }).items;
}

/**
 * The most clapped stories of all time (with the tag, when given), walked on posts_by_claps from
 * the top until `limit` are found: what fills trending when its window is quiet.
 */
async function mostClappedEver(ctx: RequestContext, tagSlug: string | null, limit: number, except: readonly string[]): Promise<PostNode[]> {
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
export async function trending(ctx: RequestContext, mode: TrendingMode, topicSlug: string | null, limit: number): Promise<PostNode[]> {
  const from = ctx.now - TRENDING_MODES[mode];
  const ranked =
    mode === 'MONTH' && !topicSlug
      ? await storiesByIds(ctx, await idsOf(ctx, trendingMonthIds(from, ctx.now + 1, limit * CANDIDATES_PER_SHOWN)), limit)
      : await mostClappedIn(ctx, from, ctx.now + 1, topicSlug, limit);
  if (ranked.length >= limit) return ranked;
  return [...ranked, ...(await mostClappedEver(ctx, topicSlug, limit - ranked.length, ranked.map((p) => p.id)))];
}

/** Parses "2026-11-22" into the UTC day's start; null when it is not a real date. */
export function utcDayStart(date: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const check = new Date(start);
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? start : null;
}

/** The archive period [from, to) for a year, a month of it or a day of that. */
export function archivePeriod(year: number, month?: number | null, day?: number | null): { from: number; to: number } | null {
  if (!Number.isInteger(year) || year < 1970 || year > 9999) return null;
  if (month == null) return { from: Date.UTC(year, 0, 1), to: Date.UTC(year + 1, 0, 1) };
  if (!Number.isInteger(month) || month < 1 || month > 12) return null;
  if (day == null) return { from: Date.UTC(year, month - 1, 1), to: Date.UTC(year, month, 1) };
  const from = utcDayStart(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  return from === null ? null : { from, to: from + DAY_MS };
}

/** A tag's stories published in the period, newest first, keyset-paged on post_tags_by_tag. */
async function tagArchive(ctx: RequestContext, tag: TagRow, from: number, to: number, paging: PagingOptions | null | undefined): Promise<Page<PostNode>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ post: posts, creator: users, publishedAt: postTags.publishedAt })
    .from(postTags)
    .innerJoin(posts, eq(posts.id, postTags.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(
      and(
        eq(postTags.tagSlug, tag.slug),
        gte(postTags.publishedAt, from),
        lt(postTags.publishedAt, to),
        ...listedToEveryone(),
        ...after(postTags.publishedAt, postTags.postId, request.after),
      ),
    )
    .orderBy(desc(postTags.publishedAt), desc(postTags.postId))
    .limit(request.limit + 1);
  return primedPosts(ctx, pageOf(rows, request, (row) => ({ sortKey: row.publishedAt ?? 0, id: row.post.id })));
}

export const discoveryPagesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "Trending windows: stories published in the last day, week (the default) or month."
    enum TrendingMode {
      DAY
      WEEK
      MONTH
    }

    "A trending page: its mode, its topic (when given) and the ranked stories."
    type TrendingPage {
      mode: TrendingMode!
      topic: Tag
      posts: [Post!]!
    }

    "The top stories of one UTC day."
    type TopStoriesPage {
      "The day, YYYY-MM-DD."
      date: String!
      posts: [Post!]!
    }

    type Query {
      """
      Trending: of the newest ${RANK_WINDOW} stories published within the mode's window (day,
      week or month; any case), with the topic's tag when given, the most clapped first. Null
      for an unknown mode or topic. limit 1–${MAX_RANKED}, default 20.
      """
      trendingPage(mode: String, topicSlug: String, limit: Int): TrendingPage
      """
      Top stories of one UTC day (date YYYY-MM-DD; yesterday when absent): of the newest
      ${RANK_WINDOW} stories published that day, the most clapped first. Null for an impossible
      date. limit 1–${MAX_RANKED}, default 20.
      """
      topStoriesPage(date: String, limit: Int): TopStoriesPage
    }

    type Tag {
      """
      The tag's stories published in a year, a month of it or a day of that (UTC), newest
      first. An impossible period is empty.
      """
      archivePostsConnection(year: Int!, month: Int, day: Int, paging: PagingOptions): PostConnection!
    }
  `,
  resolvers: {
    Query: {
      trendingPage: async (_root: unknown, args: { mode?: string | null; topicSlug?: string | null; limit?: number | null }, ctx: RequestContext) => {
        const limit = limitOf(args.limit, 20);
        const mode = (args.mode ?? 'week').toUpperCase();
        if (!Object.hasOwn(TRENDING_MODES, mode)) return null;
        const topic = args.topicSlug ? await ctx.loaders.tagBySlug.load(args.topicSlug) : null;
        if (args.topicSlug && !topic) return null;
        return { mode, topic, posts: await trending(ctx, mode as TrendingMode, topic?.slug ?? null, limit) };
      },
      topStoriesPage: async (_root: unknown, args: { date?: string | null; limit?: number | null }, ctx: RequestContext) => {
        const limit = limitOf(args.limit, 20);
        const from = args.date ? utcDayStart(args.date) : Math.floor(ctx.now / DAY_MS) * DAY_MS - DAY_MS;
        if (from === null) return null;
        return { date: new Date(from).toISOString().slice(0, 10), posts: await mostClappedIn(ctx, from, from + DAY_MS, null, limit) };
      },
    },
    Tag: {
      archivePostsConnection: async (
        tag: TagRow,
        args: { year: number; month?: number | null; day?: number | null; paging?: PagingOptions | null },
        ctx: RequestContext,
      ) => {
        const period = archivePeriod(args.year, args.month, args.day);
        if (!period) return { posts: [], pagingInfo: { next: null } };
        const page = await tagArchive(ctx, tag, period.from, period.to, args.paging);
        return { posts: page.items, pagingInfo: page.pagingInfo };
      },
    },
  },
};

/**
 * /collections: everyone's public lists with at least one story, most recently changed first
 * (catalogs_public_by_update, migrations/0015_reader.sql), leaving out deleted and suspended
 * people's.
 */
export async function publicCatalogs(ctx: RequestContext, paging: PagingOptions | null | undefined): Promise<Page<CatalogRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ catalog: catalogs })
    .from(catalogs)
    .innerJoin(users, eq(users.id, catalogs.creatorId))
    .where(
      and(
        eq(catalogs.type, 'LISTS'),
        eq(catalogs.visibility, 'PUBLIC'),
        gt(catalogs.itemCount, 0),
        eq(users.isSuspended, false),
        isNull(users.deletedAt),
        ...after(catalogs.updatedAt, catalogs.id, request.after),
      ),
    )
    .orderBy(desc(catalogs.updatedAt), desc(catalogs.id))
    .limit(request.limit + 1);
  return pageOf(
    rows.map((r) => r.catalog),
    request,
    (row) => ({ sortKey: row.updatedAt, id: row.id }),
  );
}

export const publicCatalogsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      "Public lists with at least one story, most recently changed first (/collections)."
      publicCatalogsConnection(paging: PagingOptions): CatalogConnection!
    }
  `,
  resolvers: {
    Query: {
      publicCatalogsConnection: async (_root: unknown, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await publicCatalogs(ctx, args.paging);
        return { catalogs: page.items, pagingInfo: page.pagingInfo };
      },
    },
  },
};

export const MAX_TOP_WRITERS_BY_CLAPS = 25;

/**
 * A topic's top writers (/tag/{tagSlug}/top-writers): the writers whose listed stories with the
 * tag, first published in the past year, drew the most claps altogether (ties: more stories,
 * then more followers). Who to follow ranks by the number of stories instead.
 */
export async function tagTopWritersByClaps(ctx: RequestContext, tag: TagRow, limit: number) {
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

export const tagTopWritersModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A writer in a topic, with the claps and the number of their stories in it over the past year."
    type TagTopWriter {
      user: User!
      clapCount: Int!
      postCount: Int!
    }

    type Tag {
      "Top writers: the most clapped writers of the topic's stories first published in the past year (limit 1 to ${MAX_TOP_WRITERS_BY_CLAPS})."
      topWritersByClaps(limit: Int = 10): [TagTopWriter!]!
    }
  `,
  resolvers: {
    Tag: {
      topWritersByClaps: (tag: TagRow, args: { limit?: number | null }, ctx: RequestContext) => {
        const limit = args.limit ?? 10;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_TOP_WRITERS_BY_CLAPS) throw badRequest(`limit must be between 1 and ${MAX_TOP_WRITERS_BY_CLAPS} (got ${limit}).`);
        return tagTopWritersByClaps(ctx, tag, limit);
      },
    },
  },
};
