// Series, written (docs/series.md): creating a series, changing its title, description and
// address, adding the writer's stories as parts, ordering them, publishing it, and following it.
// Who sees what: ./series.ts.
//
// Every write records what changed (worker/context/changes.ts): the parts' story pages show
// "Part n of m" and the previous and next parts, so each part's page is purged; the writer's
// profile lists their series.
import { and, eq, sql } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { series, seriesFollows, seriesParts } from '../db/series-tables.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { tellSeriesFollowers } from '../notifications/series-part.ts';
import {
  maySeeSeries,
  partIds,
  seriesRowById,
  validateSeriesDescription,
  validateSeriesSlug,
  validateSeriesTitle,
  type SeriesRow,
} from './series.ts';

/** Why a series write did not happen (the mutations' result union members). */
export interface SeriesRefusal {
  __typename: 'NotFound' | 'BadRequest' | 'Forbidden' | 'AlreadyExists';
  message: string;
}

const notFound = (): SeriesRefusal => ({ __typename: 'NotFound', message: 'This series does not exist.' });
const badRequest = (message: string): SeriesRefusal => ({ __typename: 'BadRequest', message });
const alreadyExists = (slug: string): SeriesRefusal => ({ __typename: 'AlreadyExists', message: `The address /s/${slug} is taken. Choose another.` });
const forbidden = (): SeriesRefusal => ({ __typename: 'Forbidden', message: "Only the series' writer can change it." });
export const isSeriesRow = (value: SeriesRow | SeriesRefusal): value is SeriesRow => !('__typename' in value);

function requireViewer(ctx: RequestContext, action: string): string {
  const id = viewerId(ctx);
  if (!id) throw signInRequired(action);
  return id;
}

async function seriesChanged(ctx: RequestContext, row: SeriesRow, extraStories: string[] = []): Promise<void> {
  const stories = [...new Set([...(await partIds(ctx, row.id)), ...extraStories])];
  await ctx.changes.record({
    pages: [...stories.map((id) => ({ kind: 'story' as const, id })), { kind: 'profile', id: row.creatorId }],
    // Its search record (title, description, parts, followers; docs/adr/0181-series-in-search.md).
    records: [{ kind: 'series', id: row.id }],
  });
}

/** The viewer's own series, or the refusal that says why not (a draft of someone else's does not exist). */
async function ownSeries(ctx: RequestContext, viewer: string, seriesId: string): Promise<SeriesRow | SeriesRefusal> {
  const row = await seriesRowById(ctx, seriesId);
  if (!row || !(await maySeeSeries(ctx, row))) return notFound();
  if (row.creatorId !== viewer) return forbidden();
  return row;
}

async function reload(ctx: RequestContext, id: string): Promise<SeriesRow> {
  const row = await seriesRowById(ctx, id);
  if (!row) throw new Error(`Series ${id} disappeared while it was changed.`);
  return row;
}

async function slugTaken(ctx: RequestContext, slug: string, except: string | null): Promise<boolean> {
  const [row] = await orm(ctx.db).select({ id: series.id }).from(series).where(eq(series.slug, slug));
  return row !== undefined && row.id !== except;
}

export type SeriesInput = { title?: string | null; description?: string | null; slug?: string | null };

/** Creates a draft series (signed in): a title, an address and, if given, a description. */
export async function createSeries(ctx: RequestContext, input: SeriesInput): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'create a series');
  const title = validateSeriesTitle(input.title ?? '');
  if ('error' in title) return badRequest(title.error);
  const description = validateSeriesDescription(input.description ?? '');
  if ('error' in description) return badRequest(description.error);
  const slug = validateSeriesSlug(input.slug ?? '');
  if ('error' in slug) return badRequest(slug.error);
  if (await slugTaken(ctx, slug.value, null)) return alreadyExists(slug.value);
  const id = newId();
  const inserted = await orm(ctx.db)
    .insert(series)
    .values({ id, creatorId: viewer, slug: slug.value, title: title.value, description: description.value, publishedAt: null, createdAt: ctx.now, updatedAt: ctx.now })
    .onConflictDoNothing()
    .returning({ id: series.id });
  // Taken between the check and the insert.
  if (inserted.length === 0) return alreadyExists(slug.value);
  const row = await reload(ctx, id);
  await seriesChanged(ctx, row);
  return row;
}

/** Changes a series' title, description or address (its writer only). */
export async function updateSeries(ctx: RequestContext, seriesId: string, input: SeriesInput): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'change a series');
  const row = await ownSeries(ctx, viewer, seriesId);
  if (!isSeriesRow(row)) return row;
  const changes: Partial<SeriesRow> = {};
  if (input.title !== undefined && input.title !== null) {
    const title = validateSeriesTitle(input.title);
    if ('error' in title) return badRequest(title.error);
    changes.title = title.value;
  }
  if (input.description !== undefined && input.description !== null) {
    const description = validateSeriesDescription(input.description);
    if ('error' in description) return badRequest(description.error);
    changes.description = description.value;
  }
  if (input.slug !== undefined && input.slug !== null) {
    const slug = validateSeriesSlug(input.slug);
    if ('error' in slug) return badRequest(slug.error);
    if (await slugTaken(ctx, slug.value, row.id)) return alreadyExists(slug.value);
    changes.slug = slug.value;
  }
  if (Object.keys(changes).length === 0) return badRequest('Give a title, a description or an address to change.');
  await orm(ctx.db).update(series).set({ ...changes, updatedAt: ctx.now }).where(eq(series.id, row.id));
  const updated = await reload(ctx, row.id);
  await seriesChanged(ctx, updated);
  return updated;
}

/** Publishes a series (its writer only): it needs at least one published part. */
export async function publishSeries(ctx: RequestContext, seriesId: string): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'publish a series');
  const row = await ownSeries(ctx, viewer, seriesId);
  if (!isSeriesRow(row)) return row;
  if (row.publishedAt !== null) return row;
  const published = await ctx.db
    .prepare(
      `SELECT count(*) AS n FROM series_parts sp JOIN posts p ON p.id = sp.post_id
       WHERE sp.series_id = ? AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL`,
    )
    .bind(row.id)
    .first<{ n: number }>();
  if (!published?.n) return badRequest('Add at least one published story before you publish the series.');
  await orm(ctx.db).update(series).set({ publishedAt: ctx.now, updatedAt: ctx.now }).where(eq(series.id, row.id));
  const updated = await reload(ctx, row.id);
  await seriesChanged(ctx, updated);
  return updated;
}

/** Adds one of the writer's own stories (published or a draft) as the series' last part. */
export async function addSeriesPart(ctx: RequestContext, seriesId: string, postId: string): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'change a series');
  const row = await ownSeries(ctx, viewer, seriesId);
  if (!isSeriesRow(row)) return row;
  const post = await ctx.loaders.postById.load(postId);
  if (!post || post.deletedAt !== null || (post.creatorId !== viewer && post.status === 'DRAFT')) return { __typename: 'NotFound', message: 'This story does not exist.' };
  if (post.creatorId !== viewer) return badRequest('Only your own stories can be parts of your series.');
  if (post.inResponseToPostId !== null) return badRequest('A response cannot be a part of a series.');
  const [existing] = await orm(ctx.db).select({ seriesId: seriesParts.seriesId }).from(seriesParts).where(eq(seriesParts.postId, post.id));
  if (existing) return existing.seriesId === row.id ? row : badRequest('This story is already a part of another series.');
  const q = orm(ctx.db);
  await q.batch([
    q
      .insert(seriesParts)
      .values({
        seriesId: row.id,
        postId: post.id,
        position: sql`(SELECT COALESCE(MAX(position), 0) + 1 FROM series_parts WHERE series_id = ${row.id})`,
        addedAt: ctx.now,
      })
      .onConflictDoNothing(),
    q.update(series).set({ updatedAt: ctx.now }).where(eq(series.id, row.id)),
  ]);
  ctx.loaders.seriesIdByPostId.clear(post.id);
  const updated = await reload(ctx, row.id);
  await seriesChanged(ctx, updated);
  // A new part of a published series: its followers are told (a draft part waits for its publication).
  if (updated.publishedAt !== null && post.status === 'PUBLISHED') await tellSeriesFollowers(ctx.db, { postId: post.id, writerId: viewer, now: ctx.now });
  return updated;
}

/** Takes a part out of the series (the story stays where it is). */
export async function removeSeriesPart(ctx: RequestContext, seriesId: string, postId: string): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'change a series');
  const row = await ownSeries(ctx, viewer, seriesId);
  if (!isSeriesRow(row)) return row;
  const q = orm(ctx.db);
  await q.batch([
    q.delete(seriesParts).where(and(eq(seriesParts.seriesId, row.id), eq(seriesParts.postId, postId))),
    q.update(series).set({ updatedAt: ctx.now }).where(eq(series.id, row.id)),
  ]);
  ctx.loaders.seriesIdByPostId.clear(postId);
  const updated = await reload(ctx, row.id);
  await seriesChanged(ctx, updated, [postId]);
  return updated;
}

/** Moves a part one place up (earlier) or down (later); at either end it stays. */
export async function moveSeriesPart(ctx: RequestContext, seriesId: string, postId: string, direction: 'UP' | 'DOWN'): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'change a series');
  const row = await ownSeries(ctx, viewer, seriesId);
  if (!isSeriesRow(row)) return row;
  const parts = await orm(ctx.db).select().from(seriesParts).where(eq(seriesParts.seriesId, row.id)).orderBy(seriesParts.position);
  const index = parts.findIndex((p) => p.postId === postId);
  if (index < 0) return { __typename: 'NotFound', message: 'This story is not a part of this series.' };
  const other = parts[direction === 'UP' ? index - 1 : index + 1];
  if (!other) return row;
  const q = orm(ctx.db);
  // Swapped through a free position in one transaction, so the order is never half-changed.
  await q.batch([
    q.update(seriesParts).set({ position: -1 }).where(and(eq(seriesParts.seriesId, row.id), eq(seriesParts.postId, postId))),
    q.update(seriesParts).set({ position: parts[index]!.position }).where(and(eq(seriesParts.seriesId, row.id), eq(seriesParts.postId, other.postId))),
    q.update(seriesParts).set({ position: other.position }).where(and(eq(seriesParts.seriesId, row.id), eq(seriesParts.postId, postId))),
    q.update(series).set({ updatedAt: ctx.now }).where(eq(series.id, row.id)),
  ]);
  const updated = await reload(ctx, row.id);
  await seriesChanged(ctx, updated);
  return updated;
}

/** Follows (or stops following) a published series; its writer follows their own already. */
export async function changeSeriesFollow(ctx: RequestContext, seriesId: string, following: boolean): Promise<SeriesRow | SeriesRefusal> {
  const viewer = requireViewer(ctx, 'follow a series');
  const row = await seriesRowById(ctx, seriesId);
  if (!row || !(await maySeeSeries(ctx, row))) return notFound();
  const q = orm(ctx.db);
  if (following) {
    if (row.creatorId === viewer) return badRequest('This is your own series: you are told of its parts already.');
    if (row.publishedAt === null) return notFound();
    await q.insert(seriesFollows).values({ followerId: viewer, seriesId: row.id, createdAt: ctx.now }).onConflictDoNothing();
  } else {
    await q.delete(seriesFollows).where(and(eq(seriesFollows.followerId, viewer), eq(seriesFollows.seriesId, row.id)));
  }
  // Its follower count ranks it in search (docs/adr/0181-series-in-search.md); no page shows the count.
  await ctx.changes.record({ records: [{ kind: 'series', id: row.id }] });
  return row;
}
