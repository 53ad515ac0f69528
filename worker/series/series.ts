// Series (the spec's Sequence, docs/product/3-routes-data-calls-constants.md §2; docs/series.md):
// what a series is, who sees it and its parts in order.
//
// A series is its writer's: only its creator changes it, and only their own stories are its
// parts (a story is a part of at most one series: migrations/0066_series.sql). A draft series
// (published_at unset) exists only for its creator; to everyone else it answers like a missing
// one. A published series is seen by everyone unless its creator's account is suspended or
// deleted. Its parts are the stories the viewer may retrieve (worker/stories/story-access.ts):
// a draft part shows only to the writer, and a member-only part is a Post like any other, so the
// content gate cuts it inside a series exactly as on its own page.
import { and, asc, desc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { series, seriesFollows, seriesParts, type SeriesRow } from '../db/series-tables.ts';
import type { RequestContext } from '../context/request-context.ts';
import { isViewer, maySeeSuspended } from '../context/viewer-checks.ts';
import { visibleStory } from '../stories/story-access.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { cleanText, hasUnsafeCharacters, oneLine } from '../../shared/user-text.ts';

export type { SeriesRow };

/** Not shown in the spec: a title-like length (a story title's), a card-sized description. */
export const MAX_SERIES_TITLE_LENGTH = 100;
export const MAX_SERIES_DESCRIPTION_LENGTH = 280;
export const MIN_SERIES_SLUG_LENGTH = 3;
export const MAX_SERIES_SLUG_LENGTH = 60;
/** The words after /s/ that are routes of their own (/s/new, /s/{slug}/edit). */
const RESERVED_SLUGS: ReadonlySet<string> = new Set(['new', 'edit']);
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export type Checked = { value: string } | { error: string };

/** A series title as stored, or why it is refused (text a writer cannot see is never accepted). */
export function validateSeriesTitle(title: string): Checked {
  if (hasUnsafeCharacters(title)) return { error: 'A series title cannot hold control or direction characters.' };
  const value = oneLine(title);
  if (value === '') return { error: 'Give your series a title.' };
  if (value.length > MAX_SERIES_TITLE_LENGTH) return { error: `A series title is at most ${MAX_SERIES_TITLE_LENGTH} characters.` };
  return { value };
}

export function validateSeriesDescription(description: string): Checked {
  if (hasUnsafeCharacters(description.replace(/[\n\t]/g, ''))) return { error: 'A series description cannot hold control or direction characters.' };
  const value = cleanText(description).trim();
  if (value.length > MAX_SERIES_DESCRIPTION_LENGTH) return { error: `A series description is at most ${MAX_SERIES_DESCRIPTION_LENGTH} characters.` };
  return { value };
}

/** The slug of /s/{sequenceSlug}: lowercase letters, digits and single hyphens, never a route word. */
export function validateSeriesSlug(slug: string): Checked {
  const value = slug.trim();
  if (!SLUG_PATTERN.test(value)) return { error: 'A series address uses lowercase letters, digits and single hyphens only (for example my-long-story).' };
  if (value.length < MIN_SERIES_SLUG_LENGTH || value.length > MAX_SERIES_SLUG_LENGTH)
    return { error: `A series address is ${MIN_SERIES_SLUG_LENGTH} to ${MAX_SERIES_SLUG_LENGTH} characters long.` };
  if (RESERVED_SLUGS.has(value)) return { error: `"${value}" cannot be a series address.` };
  return { value };
}

/** A slug suggested from a title (the form's default). */
export function slugFromTitle(title: string): string {
  return oneLine(title)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_SERIES_SLUG_LENGTH)
    .replace(/-+$/g, '');
}

/** Whether the viewer may see this series at all. */
export async function maySeeSeries(ctx: RequestContext, row: SeriesRow): Promise<boolean> {
  if (isViewer(ctx, row.creatorId)) return true;
  if (row.publishedAt === null) return false;
  const creator = await ctx.loaders.userById.load(row.creatorId);
  if (!creator || creator.deletedAt !== null) return false;
  return !creator.isSuspended || maySeeSuspended(ctx, creator.id);
}

async function visible(ctx: RequestContext, row: SeriesRow | undefined): Promise<SeriesRow | null> {
  return row && (await maySeeSeries(ctx, row)) ? row : null;
}

export async function seriesRowById(ctx: RequestContext, id: string): Promise<SeriesRow | null> {
  const [row] = await orm(ctx.db).select().from(series).where(eq(series.id, id));
  return row ?? null;
}

/** /series/{postId}: the series by its id, when the viewer may see it. */
export async function seriesById(ctx: RequestContext, id: string): Promise<SeriesRow | null> {
  return visible(ctx, (await seriesRowById(ctx, id)) ?? undefined);
}

/** /s/{sequenceSlug}: the series by its slug, when the viewer may see it. */
export async function seriesBySlug(ctx: RequestContext, slug: string): Promise<SeriesRow | null> {
  const [row] = await orm(ctx.db).select().from(series).where(eq(series.slug, slug.toLowerCase()));
  return visible(ctx, row);
}

/** Every part's story id in order (whoever may see them). */
export async function partIds(ctx: RequestContext, seriesId: string): Promise<string[]> {
  const rows = await orm(ctx.db).select({ postId: seriesParts.postId }).from(seriesParts).where(eq(seriesParts.seriesId, seriesId)).orderBy(asc(seriesParts.position));
  return rows.map((r) => r.postId);
}

/**
 * The parts this viewer reads, in order: the stories they may retrieve, and for anyone but the
 * writer only published ones (a draft part waits for its publication).
 */
export async function readableParts(ctx: RequestContext, row: SeriesRow): Promise<StoryNode[]> {
  const isCreator = isViewer(ctx, row.creatorId);
  // Checked together: the loaders behind visibleStory then read all parts in one statement each.
  const posts = await Promise.all((await partIds(ctx, row.id)).map((id) => visibleStory(ctx, id)));
  return posts.filter((post): post is StoryNode => post !== null && post.deletedAt === null && (isCreator || post.status === 'PUBLISHED'));
}

/** Where a story stands in its series, for this viewer; null when it is in none they can see. */
export async function placeOfStory(ctx: RequestContext, postId: string): Promise<{ series: SeriesRow; parts: StoryNode[]; index: number } | null> {
  // Primed by the story's own read (worker/context/loaders.ts): no statement on a story page.
  const seriesId = await ctx.loaders.seriesIdByPostId.load(postId);
  if (!seriesId) return null;
  const row = await seriesById(ctx, seriesId);
  if (!row) return null;
  const parts = await readableParts(ctx, row);
  const index = parts.findIndex((p) => p.id === postId);
  return index < 0 ? null : { series: row, parts, index };
}

/** A writer's series: published ones for everyone, drafts too for the writer. */
export async function seriesOfWriter(ctx: RequestContext, userId: string, filter: 'ALL' | 'PUBLISHED' | 'DRAFTS' = 'ALL'): Promise<SeriesRow[]> {
  const own = isViewer(ctx, userId);
  const rows = await orm(ctx.db).select().from(series).where(eq(series.creatorId, userId)).orderBy(desc(series.updatedAt));
  const wanted = rows.filter((r) => {
    if (filter === 'DRAFTS') return own && r.publishedAt === null;
    if (filter === 'PUBLISHED' || !own) return r.publishedAt !== null;
    return true;
  });
  const seen: SeriesRow[] = [];
  for (const row of wanted) if (await maySeeSeries(ctx, row)) seen.push(row);
  return seen;
}

export async function isFollowingSeries(ctx: RequestContext, seriesId: string): Promise<boolean> {
  const viewer = ctx.viewer.user?.id;
  if (!viewer) return false;
  const [row] = await orm(ctx.db).select({ id: seriesFollows.seriesId }).from(seriesFollows).where(and(eq(seriesFollows.followerId, viewer), eq(seriesFollows.seriesId, seriesId)));
  return row !== undefined;
}

export async function seriesFollowerCount(ctx: RequestContext, seriesId: string): Promise<number> {
  const row = await ctx.db.prepare('SELECT count(*) AS n FROM series_follows WHERE series_id = ?').bind(seriesId).first<{ n: number }>();
  return row?.n ?? 0;
}

export interface SeriesPartStats {
  postId: string;
  views: number;
  reads: number;
}

/** Views and reads of each part, all time, from the stories' daily stats (docs/stats.md). */
export async function seriesPartStats(ctx: RequestContext, seriesId: string): Promise<SeriesPartStats[]> {
  const { results } = await ctx.db
    .prepare(
      `SELECT p.post_id AS postId, COALESCE(SUM(s.views), 0) AS views, COALESCE(SUM(s.reads), 0) AS reads
       FROM series_parts p LEFT JOIN post_stats_daily s ON s.post_id = p.post_id
       WHERE p.series_id = ? GROUP BY p.post_id, p.position ORDER BY p.position`,
    )
    .bind(seriesId)
    .all<SeriesPartStats>();
  return results;
}

/** Not shown in the spec: how many of their stories the editor offers to add (newest first). */
export const MAX_CANDIDATE_STORIES = 100;

/**
 * The writer's stories the editor offers as new parts (the writer only; empty for anyone else):
 * published ones and drafts, not responses, not trashed, in no other series.
 */
export async function candidateStories(ctx: RequestContext, row: SeriesRow): Promise<StoryNode[]> {
  if (!isViewer(ctx, row.creatorId)) return [];
  const { results } = await ctx.db
    .prepare(
      `SELECT p.id FROM posts p
       WHERE p.creator_id = ?1 AND p.deleted_at IS NULL AND p.in_response_to_post_id IS NULL
         AND NOT EXISTS (SELECT 1 FROM series_parts sp WHERE sp.post_id = p.id)
       ORDER BY p.updated_at DESC LIMIT ?2`,
    )
    .bind(row.creatorId, MAX_CANDIDATE_STORIES)
    .all<{ id: string }>();
  const stories: StoryNode[] = [];
  for (const { id } of results) {
    const post = await visibleStory(ctx, id);
    if (post) stories.push(post);
  }
  return stories;
}
