// A writer's stats (issue 13 item 3; docs/stats.md#stats-pages): views, reads, read ratio,
// reading time, claps, followers and subscribers gained per UTC day, for all their stories or
// one, from the daily rollups (never the raw events). Only the writer sees them: for anyone
// else this answers null, which pages and endpoints turn into a 404.
import { localDay, utcOffsetMs } from '../../shared/time-zone.ts';
import type { D1Database } from '@cloudflare/workers-types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The default window, and the longest one a request may ask for. */
export const DEFAULT_STATS_DAYS = 30;
export const MAX_STATS_DAYS = 366;

export interface StatsDay {
  day: string;
  views: number;
  reads: number;
  readingSeconds: number;
  claps: number;
  followersGained: number;
  subscribersGained: number;
}

export interface StoryStats {
  postId: string;
  title: string;
  views: number;
  reads: number;
  readingSeconds: number;
  claps: number;
}

export interface WriterStats {
  /** Whose stats (not in the schema: what the responses field reads). */
  ownerId: string;
  ownerKind: 'USER' | 'COLLECTION';
  /** The zone the days are in (null: UTC). */
  timeZone: string | null;
  username: string;
  name: string;
  /** Followers and newsletter subscribers now (the audience page). */
  followerCount: number;
  subscriberCount: number;
  /** Set when the stats are of one story. */
  post: StoryStats | null;
  startDay: string;
  endDay: string;
  days: StatsDay[];
  totals: Omit<StatsDay, 'day'> & { readRatio: number };
  stories: StoryStats[];
}

export interface StatsRequest {
  viewerId: string | null;
  /** The writer; the viewer when absent (/me/stats). */
  username?: string | null;
  postId?: string | null;
  /** A writer's newsletter (/newsletters/{id}/stats): a writer's newsletter is identified by their user id (docs/stats.md#audience). */
  newsletterId?: string | null;
  /** A publication's stats instead of a writer's: only its owners and editors see them. */
  collectionSlug?: string | null;
  startTimeMs?: number | null;
  endTimeMs?: number | null;
  now: number;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The window's days in `timeZone` (UTC when null): the writer's own calendar days. */
export function statsWindow(
  start: number | null | undefined,
  end: number | null | undefined,
  now: number,
  timeZone: string | null = null,
): { startDay: string; endDay: string; dayList: string[] } {
  const endMs = Number.isFinite(end) && end! > 0 ? Math.min(end!, now) : now;
  let startMs = Number.isFinite(start) && start! > 0 ? start! : endMs - (DEFAULT_STATS_DAYS - 1) * DAY_MS;
  if (startMs > endMs) startMs = endMs;
  if (endMs - startMs > (MAX_STATS_DAYS - 1) * DAY_MS) startMs = endMs - (MAX_STATS_DAYS - 1) * DAY_MS;
  const lastDay = localDay(endMs, timeZone);
  const dayList: string[] = [];
  // Day strings step by whole days on the calendar (Date.parse of 'YYYY-MM-DD' is UTC midnight).
  for (let t = Date.parse(localDay(startMs, timeZone)); dayOf(t) <= lastDay; t += DAY_MS) dayList.push(dayOf(t));
  return { startDay: dayList[0]!, endDay: dayList[dayList.length - 1]!, dayList };
}

/** Who the stats are of: a writer (their stories, USER follows, newsletter subscribers) or a publication. */
interface Owner {
  id: string;
  /** Whose calendar the days follow: the writer's zone; for a publication, the viewing editor's. */
  timeZone: string | null;
  username: string;
  name: string;
  followerCount: number;
  subscriberCount: number;
  kind: 'USER' | 'COLLECTION';
}

async function publicationOwner(db: D1Database, slug: string, viewerId: string): Promise<Owner | null> {
  const row = await db
    .prepare(
      `SELECT c.id, c.slug AS username, c.name, c.follower_count AS followerCount,
         (SELECT count(*) FROM publication_newsletter_subscriptions s JOIN publication_newsletters n ON n.id = s.newsletter_id
          WHERE n.collection_id = c.id) AS subscriberCount,
         (SELECT time_zone FROM users WHERE id = m.user_id) AS timeZone FROM collections c
       JOIN collection_members m ON m.collection_id = c.id AND m.user_id = ? AND m.role IN ('OWNER', 'EDITOR')
       WHERE c.slug = ? COLLATE NOCASE`,
    )
    .bind(viewerId, slug)
    .first<Omit<Owner, 'kind'>>();
  return row ? { ...row, kind: 'COLLECTION' } : null;
}

export async function writerStats(db: D1Database, request: StatsRequest): Promise<WriterStats | null> {
  if (!request.viewerId) return null;
  if (request.collectionSlug) {
    const owner = await publicationOwner(db, request.collectionSlug, request.viewerId);
    return owner ? statsOf(db, owner, { ...request, postId: null }) : null;
  }
  const writer = await db
    .prepare(`SELECT id, username, name, follower_count AS followerCount, time_zone AS timeZone,
      (SELECT COUNT(*) FROM newsletter_subscriptions WHERE writer_id = users.id) AS subscriberCount FROM users WHERE ${request.username ? 'username = ? COLLATE NOCASE' : 'id = ?'} AND deleted_at IS NULL`)
    .bind(request.username ?? request.newsletterId ?? request.viewerId)
    .first<Omit<Owner, 'kind'>>();
  if (!writer || writer.id !== request.viewerId) return null;
  return statsOf(db, { ...writer, kind: 'USER' }, request);
}

async function statsOf(db: D1Database, writer: Owner, request: StatsRequest): Promise<WriterStats | null> {
  if (request.postId) {
    const owned = await db.prepare('SELECT 1 FROM posts WHERE id = ? AND creator_id = ? AND deleted_at IS NULL').bind(request.postId, writer.id).first();
    if (!owned) return null;
  }
  const { startDay, endDay, dayList } = statsWindow(request.startTimeMs, request.endTimeMs, request.now, writer.timeZone);
  // Claps, follows and subscriptions are grouped by the writer's day with their zone's offset now
  // (a day across a daylight-saving change is an hour off at its edge; docs/stats.md).
  const offset = utcOffsetMs(request.now, writer.timeZone);
  const startMs = Date.parse(startDay) - offset;
  const endMs = Date.parse(endDay) + DAY_MS - offset;
  const postFilter = request.postId ? 'p.id = ?2' : writer.kind === 'COLLECTION' ? 'p.collection_id = ?1' : 'p.creator_id = ?1';
  const postArg = request.postId ?? writer.id;
  const [rollups, claps, followers, subscribers, stories] = await db.batch<Record<string, number | string>>([
    db
      .prepare(
        `SELECT s.day AS day, SUM(s.views) AS views, SUM(s.reads) AS reads, SUM(s.reading_seconds) AS seconds
         FROM posts p JOIN post_stats_daily s ON s.post_id = p.id AND s.day BETWEEN ?3 AND ?4
         WHERE ${postFilter} GROUP BY s.day`,
      )
      .bind(writer.id, postArg, startDay, endDay),
    db
      .prepare(
        `SELECT date((c.updated_at + ?5) / 1000, 'unixepoch') AS day, SUM(c.count) AS n FROM posts p JOIN claps c ON c.post_id = p.id
         WHERE ${postFilter} AND c.updated_at >= ?3 AND c.updated_at < ?4 GROUP BY day`,
      )
      .bind(writer.id, postArg, startMs, endMs, offset),
    db
      .prepare(
        `SELECT date((created_at + ?5) / 1000, 'unixepoch') AS day, COUNT(*) AS n FROM follows
         WHERE target_type = '${writer.kind}' AND target_id = ?1 AND created_at >= ?2 AND created_at < ?3 AND ?4 IS NULL GROUP BY day`,
      )
      .bind(writer.id, startMs, endMs, request.postId ?? null, offset),
    db
      .prepare(
        // A writer's newsletter, or a publication's (its one newsletter's subscribers).
        writer.kind === 'COLLECTION'
          ? `SELECT date((s.created_at + ?5) / 1000, 'unixepoch') AS day, COUNT(*) AS n FROM publication_newsletter_subscriptions s
             JOIN publication_newsletters n ON n.id = s.newsletter_id
             WHERE n.collection_id = ?1 AND s.created_at >= ?2 AND s.created_at < ?3 AND ?4 IS NULL GROUP BY day`
          : `SELECT date((created_at + ?5) / 1000, 'unixepoch') AS day, COUNT(*) AS n FROM newsletter_subscriptions
             WHERE writer_id = ?1 AND created_at >= ?2 AND created_at < ?3 AND ?4 IS NULL GROUP BY day`,
      )
      .bind(writer.id, startMs, endMs, request.postId ?? null, offset),
    db
      .prepare(
        `SELECT p.id AS postId, p.title AS title, COALESCE(SUM(s.views), 0) AS views, COALESCE(SUM(s.reads), 0) AS reads,
           COALESCE(SUM(s.reading_seconds), 0) AS readingSeconds, p.clap_count AS claps
         FROM posts p LEFT JOIN post_stats_daily s ON s.post_id = p.id AND s.day BETWEEN ?3 AND ?4
         WHERE ${postFilter} AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL
         GROUP BY p.id ORDER BY views DESC, p.latest_published_at DESC LIMIT 100`,
      )
      .bind(writer.id, postArg, startDay, endDay),
  ]);
  const byDay = new Map<string, StatsDay>(dayList.map((day) => [day, { day, views: 0, reads: 0, readingSeconds: 0, claps: 0, followersGained: 0, subscribersGained: 0 }]));
  for (const r of rollups!.results) {
    const d = byDay.get(String(r.day));
    if (d) Object.assign(d, { views: Number(r.views), reads: Number(r.reads), readingSeconds: Number(r.seconds) });
  }
  const add = (rows: Record<string, number | string>[], key: 'claps' | 'followersGained' | 'subscribersGained') => {
    for (const r of rows) {
      const d = byDay.get(String(r.day));
      if (d) d[key] += Number(r.n);
    }
  };
  add(claps!.results, 'claps');
  add(followers!.results, 'followersGained');
  add(subscribers!.results, 'subscribersGained');
  const days = [...byDay.values()];
  const sum = (key: keyof Omit<StatsDay, 'day'>) => days.reduce((n, d) => n + d[key], 0);
  const views = sum('views');
  const reads = sum('reads');
  const storyRows = stories!.results as unknown as StoryStats[];
  return {
    ownerId: writer.id,
    ownerKind: writer.kind,
    timeZone: writer.timeZone,
    username: writer.username,
    name: writer.name,
    followerCount: writer.followerCount,
    subscriberCount: writer.subscriberCount,
    post: request.postId ? (storyRows[0] ?? null) : null,
    startDay,
    endDay,
    days,
    totals: {
      views,
      reads,
      readRatio: views > 0 ? Math.round((reads / views) * 1000) / 1000 : 0,
      readingSeconds: sum('readingSeconds'),
      claps: sum('claps'),
      followersGained: sum('followersGained'),
      subscribersGained: sum('subscribersGained'),
    },
    stories: storyRows,
  };
}

/**
 * The writer's responses (stories that answer another), each with its views, reads, reading time
 * and claps over the stats' window, the most viewed first (/stats/responses). A response without
 * a title is named after the story it answers.
 */
export async function responseStats(db: D1Database, stats: Pick<WriterStats, 'ownerId' | 'ownerKind' | 'startDay' | 'endDay'>): Promise<StoryStats[]> {
  const owner = stats.ownerKind === 'COLLECTION' ? 'p.collection_id = ?1' : 'p.creator_id = ?1';
  const { results } = await db
    .prepare(
      `SELECT p.id AS postId,
         COALESCE(NULLIF(p.title, ''), 'Response to ' || COALESCE(NULLIF((SELECT q.title FROM posts q WHERE q.id = p.in_response_to_post_id), ''), 'a story')) AS title,
         COALESCE(SUM(s.views), 0) AS views, COALESCE(SUM(s.reads), 0) AS reads,
         COALESCE(SUM(s.reading_seconds), 0) AS readingSeconds, p.clap_count AS claps
       FROM posts p LEFT JOIN post_stats_daily s ON s.post_id = p.id AND s.day BETWEEN ?2 AND ?3
       WHERE ${owner} AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NOT NULL
       GROUP BY p.id ORDER BY views DESC, p.latest_published_at DESC LIMIT 100`,
    )
    .bind(stats.ownerId, stats.startDay, stats.endDay)
    .all<StoryStats>();
  return results;
}
