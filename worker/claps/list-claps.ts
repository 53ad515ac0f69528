// A list's claps (issue 27 point 6: Catalog.clappers of docs/product/1-product-screens-membership-header-search.md
// §3; docs/adr/0213-list-claps.md): the story's clap rules (./clap.ts) applied to a list. A
// signed-in reader claps a list 1 to 50 times in all (MAX_CLAPS_PER_STORY, the spec's per-post
// default, kept by SQLite in one upsert), never their own list, and only a list others can see
// (a private list is its creator's alone, so no one else can reach it to clap). The list's
// clap_count is recounted from catalog_claps in the same D1 batch, so it always equals the sum.
import { and, desc, eq, sql } from 'drizzle-orm';
import { catalogClaps, catalogs, users, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { badRequest, notFound, signInRequired } from '../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { activeAccount, after } from '../db/conditions.ts';
import { catalogByGraphId } from '../lists/list-reads.ts';
import { listRowByGraphId, type CatalogRow } from '../lists/lists.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { MAX_CLAPS_PER_STORY } from './clap.ts';

/** Adds numClaps (1 to 50) to the viewer's claps for someone else's public list; answers the list. */
export async function clapList(ctx: RequestContext, args: { catalogId: string; numClaps: number }): Promise<CatalogRow> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('clap for a list');
  const { numClaps } = args;
  if (!Number.isInteger(numClaps) || numClaps < 1 || numClaps > MAX_CLAPS_PER_STORY) {
    throw badRequest(`numClaps must be between 1 and ${MAX_CLAPS_PER_STORY} (got ${numClaps}).`);
  }
  const list = await catalogByGraphId(ctx, args.catalogId);
  if (!list) throw notFound('This list does not exist, or it is private.');
  if (list.creatorId === viewer.id) throw badRequest('You cannot clap for your own list.');
  // Reached only by the creator (refused above) today; kept so the rule holds whatever mayViewList becomes.
  if (list.visibility === 'PRIVATE') throw badRequest('A private list cannot be clapped for.');

  const q = orm(ctx.db);
  await q.batch([
    q
      .insert(catalogClaps)
      .values({ userId: viewer.id, catalogId: list.id, count: numClaps, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: [catalogClaps.userId, catalogClaps.catalogId],
        set: { count: sql`MIN(${MAX_CLAPS_PER_STORY}, ${catalogClaps.count} + excluded.count)`, updatedAt: sql`excluded.updated_at` },
      }),
    q
      .update(catalogs)
      .set({ clapCount: sql`(SELECT COALESCE(SUM(${catalogClaps.count}), 0) FROM ${catalogClaps} WHERE ${catalogClaps.catalogId} = ${list.id})` })
      .where(eq(catalogs.id, list.id)),
  ]);
  // /collections shows everyone's public lists (tag lists); the list's own page is not kept at
  // the edge (worker/cache/eligibility.ts), so nothing else holds the old count.
  await ctx.changes.record({ pages: [{ kind: 'lists' }] });

  const updated = await listRowByGraphId(ctx.db, args.catalogId);
  if (!updated) throw new Error(`List ${list.id} disappeared while it was clapped for.`);
  return updated;
}

/** The viewer's claps for a list (0 when signed out or none). */
export async function viewerListClaps(ctx: RequestContext, catalogId: string): Promise<number> {
  const viewer = viewerId(ctx);
  if (!viewer) return 0;
  const [row] = await orm(ctx.db)
    .select({ count: catalogClaps.count })
    .from(catalogClaps)
    .where(and(eq(catalogClaps.catalogId, catalogId), eq(catalogClaps.userId, viewer)));
  return row?.count ?? 0;
}

/**
 * Who clapped for a list, most recent clap first, with each reader's claps; deleted and
 * suspended accounts left out, as in every list of people (./clap.ts clappers). Public like the
 * list: anyone who can open it sees who applauded it.
 */
export async function listClappers(ctx: RequestContext, list: CatalogRow, paging: PagingOptions | null | undefined): Promise<{ claps: { user: UserRow; clapCount: number }[]; pagingInfo: Page<unknown>['pagingInfo'] }> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ user: users, clapCount: catalogClaps.count, clappedAt: catalogClaps.updatedAt })
    .from(catalogClaps)
    .innerJoin(users, eq(users.id, catalogClaps.userId))
    .where(and(eq(catalogClaps.catalogId, list.id), ...activeAccount(), ...after(catalogClaps.updatedAt, users.id, request.after)))
    .orderBy(desc(catalogClaps.updatedAt), desc(users.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.clappedAt, id: row.user.id }));
  for (const row of page.items) ctx.loaders.userById.prime(row.user.id, row.user);
  return { claps: page.items.map((row) => ({ user: row.user, clapCount: row.clapCount })), pagingInfo: page.pagingInfo };
}
