// SearchClickEvent (docs/product/1-product-screens-membership-header-search.md §7): the hits a
// reader clicked in a search's answer (queryId, indexName, objectIds, 1-based positions), kept in
// search_clicks.
import type { RequestContext } from '../context/request-context.ts';
import { badRequest } from '../context/errors.ts';

/** Hits one click event may name (the popover's and a page's hits are far fewer). */
export const MAX_CLICKED_OBJECTS = 20;
const QUERY_ID = /^[0-9a-f]{32}$/;
const INDEX_NAME = /^[\w.-]{1,100}$/;
const OBJECT_ID = /^[\w.-]{1,100}$/;

export interface SearchClick {
  queryId: string;
  indexName: string;
  objectIds: string[];
  positions: number[];
}

/** Records the clicked hits of a search (one position per objectId); BAD_REQUEST for a malformed event. */
export async function recordSearchClicks(ctx: RequestContext, click: SearchClick): Promise<void> {
  if (!QUERY_ID.test(click.queryId)) throw badRequest('queryId is not a query id.');
  if (!INDEX_NAME.test(click.indexName)) throw badRequest('indexName is not an index name.');
  if (click.objectIds.length === 0 || click.objectIds.length > MAX_CLICKED_OBJECTS) throw badRequest(`Give 1 to ${MAX_CLICKED_OBJECTS} objectIds.`);
  if (click.positions.length !== click.objectIds.length) throw badRequest('Give one position per objectId.');
  if (!click.objectIds.every((id) => OBJECT_ID.test(id))) throw badRequest('An objectId is malformed.');
  if (!click.positions.every((p) => Number.isInteger(p) && p >= 1 && p <= 1000)) throw badRequest('Positions start at 1.');
  const userId = ctx.viewer.user?.id ?? null;
  const insert = ctx.db.prepare('INSERT INTO search_clicks (query_id, index_name, object_id, position, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  await ctx.db.batch(click.objectIds.map((objectId, i) => insert.bind(click.queryId, click.indexName, objectId, click.positions[i]!, userId, ctx.now)));
}
