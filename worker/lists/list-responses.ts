// Responses on lists (docs/product/2-sign-in-notices-cache-routing.md §3 (Catalog): responsesCount,
// threadedCatalogResponses; §7 RefetchThreadedCatalogResponsesQuery, ShowCatalogResponseOnParent;
// §4.4 toast HIDE_CATALOG_RESPONSE; §8 closed discussion). A response to a list is a post whose
// in_response_to_catalog_id names the list (migrations/0006_catalog_responses.sql); it is
// written, paged, shown and hidden exactly like a story's responses (responses.ts), so
// this module reuses that module's pieces and adds only what is about lists.
//
// Decisions where the spec is silent:
// - Only a list the viewer can see takes responses (a private list is not found for anyone
//   but its creator, like everywhere else: ./catalogs.ts mayViewList).
// - Responses on a list are flat: they take no replies (responses.ts refuses them).
// - Closing discussion is its own mutation rather than an updateCatalog field: it is a
//   moderation switch with its own answer, and it leaves the list's edit form alone.
// - The list's creator is notified with a RESPONSE notification naming the response
//   post (the kind's postId is "the response"), as for a story's responses.
// - List pages are never edge-cached (worker/cache/eligibility.ts), so nothing is purged.
import DataLoader from 'dataloader';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { catalogs, posts, users } from '../db/schema.ts';
import { listRowByGraphId, mayViewList, type CatalogRow } from './lists.ts';
import { recordNotification } from '../notifications/notify.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { newId } from '../lib/ids.ts';
import { badRequest, CallerError, forbidden, notFound, signInRequired } from '../context/errors.ts';
import { publishingRefusal } from '../accounts/account-limits.ts';
import type { Page, PagingOptions } from '../context/paging.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { responseStoryFromText, shownInThread, threadedResponsesWhere, type ResponseSortType } from '../responses/responses.ts';
import { DISCUSSION_CLOSED_MESSAGE } from '../stories/discussion.ts';

// One loader per request counting the shown responses of many lists in one GROUP BY.
const responseCountLoaders = new WeakMap<RequestContext, DataLoader<string, number>>();

function shownCatalogResponseCount(ctx: RequestContext): DataLoader<string, number> {
  let loader = responseCountLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader<string, number>(
      async (ids) => {
        const rows = await orm(ctx.db)
          .select({ catalogId: posts.inResponseToCatalogId, n: count() })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.creatorId))
          .where(and(inArray(posts.inResponseToCatalogId, [...ids]), ...shownInThread()))
          .groupBy(posts.inResponseToCatalogId);
        const counts = new Map(rows.map((r) => [r.catalogId, r.n]));
        return ids.map((id) => counts.get(id) ?? 0);
      },
      { maxBatchSize: 90 },
    );
    responseCountLoaders.set(ctx, loader);
  }
  return loader;
}

/** Responses the list shows (published, not hidden by the list's creator, by accounts in good standing). */
export function catalogResponsesCount(ctx: RequestContext, catalog: CatalogRow): Promise<number> {
  return shownCatalogResponseCount(ctx).load(catalog.id);
}

/** The list's responses, paged; responses on a list take no replies. */
export function threadedCatalogResponses(ctx: RequestContext, catalog: CatalogRow, paging: PagingOptions | null | undefined, sortType: ResponseSortType): Promise<Page<StoryNode>> {
  return threadedResponsesWhere(ctx, { of: 'catalog', id: catalog.id }, paging, sortType);
}

const listNotFound = () => notFound('This list does not exist.');

/** A list the viewer may see, by GraphQL id; NOT_FOUND otherwise (private lists included). */
async function visibleList(ctx: RequestContext, catalogId: string): Promise<CatalogRow> {
  const row = await listRowByGraphId(ctx.db, catalogId);
  if (!row) throw listNotFound();
  const creator = await ctx.loaders.userById.load(row.creatorId);
  if (!mayViewList(row, creator, viewerId(ctx))) throw listNotFound();
  return row;
}

async function ownList(ctx: RequestContext, catalogId: string, viewer: string): Promise<CatalogRow> {
  const row = await visibleList(ctx, catalogId);
  if (row.creatorId !== viewer) throw forbidden("Only the list's creator can hide, show or close its responses.");
  return row;
}

async function reloadList(ctx: RequestContext, id: string): Promise<CatalogRow> {
  const [row] = await orm(ctx.db).select().from(catalogs).where(eq(catalogs.id, id));
  if (!row) throw new Error(`List ${id} disappeared while it was changed.`);
  return row;
}

/**
 * Publishes a response to a list the viewer can see, from plain text (paragraphs split on blank
 * lines). Signed in only. Refused when the list's creator closed discussion. Answers the new response.
 */
export async function publishCatalogResponse(ctx: RequestContext, catalogId: string, text: string): Promise<StoryNode> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('respond');
  const refusal = publishingRefusal(viewer);
  if (refusal) throw forbidden(refusal);
  const catalog = await visibleList(ctx, catalogId);
  if (catalog.responsesLocked) throw new CallerError(DISCUSSION_CLOSED_MESSAGE, { code: 'RESPONSES_LOCKED' });
  const id = newId();
  const now = ctx.now;
  const q = orm(ctx.db);
  await q.batch([
    q.insert(posts).values({ ...responseStoryFromText(text, viewer.id, now), id, inResponseToCatalogId: catalog.id }),
    q
      .update(catalogs)
      .set({ responseCount: sql`(SELECT COUNT(*) FROM ${posts} AS r WHERE r.in_response_to_catalog_id = ${catalog.id})` })
      .where(eq(catalogs.id, catalog.id)),
  ]);
  await recordNotification(ctx.db, { userId: catalog.creatorId, actorId: viewer.id, kind: 'RESPONSE', postId: id, now });
  const created = await ctx.loaders.postById.load(id);
  if (!created) throw new Error(`Response ${id} was not saved.`);
  return created;
}

/** The list's creator hides a response from the list (HIDE_CATALOG_RESPONSE toast), or shows it again. Answers the list. */
export async function setCatalogResponseHidden(ctx: RequestContext, parentCatalogId: string, catalogResponseId: string, hidden: boolean): Promise<CatalogRow> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired(hidden ? 'hide a response' : 'show a response again');
  const catalog = await ownList(ctx, parentCatalogId, viewer.id);
  const response = await ctx.loaders.postById.load(catalogResponseId);
  if (!response || response.inResponseToCatalogId !== catalog.id) throw badRequest('That response does not answer this list.');
  await orm(ctx.db).update(posts).set({ hiddenByParentAuthor: hidden }).where(eq(posts.id, response.id));
  ctx.loaders.postById.clear(response.id);
  return reloadList(ctx, catalog.id);
}

/** The list's creator closes (true) or opens (false) discussion on the list. Answers the list. */
export async function setCatalogResponsesLocked(ctx: RequestContext, catalogId: string, responsesLocked: boolean): Promise<CatalogRow> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired(responsesLocked ? 'close discussion' : 'open discussion');
  const catalog = await ownList(ctx, catalogId, viewer.id);
  await orm(ctx.db).update(catalogs).set({ responsesLocked }).where(eq(catalogs.id, catalog.id));
  return reloadList(ctx, catalog.id);
}
