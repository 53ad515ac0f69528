// The local search service: the hosted provider's search protocol
// (docs/product/3-routes-data-calls-constants.md §7.1) answered by the worker from D1, so the
// official algoliasearch client talks to it unchanged (docs/adr/0058-search-speaks-the-providers-protocol.md).
//
//   POST /1/indexes/*/queries        multi-index search: {requests: [{indexName, ...params}]}
//   POST /1/indexes/{index}/query    one index
//   GET  /osd.xml                    the OpenSearch description (worker/search/opensearch.ts)
//   GET  /_/search-key               the viewer's secured search key (worker/search/secured-key.ts)
//
// Credentials come as the provider's headers or query parameters (the browser client sends
// them in the query string to avoid a CORS preflight); only the configured app id and
// search-only key are accepted. Errors use the provider's shape {"message", "status"}.
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { clientAddress } from '../auth/client-address.ts';
import type { Env } from '../env.ts';
import { searchViewerOf } from '../search/search-service.ts';
import { resolveViewer } from '../session/viewer.ts';
import { indexKindOf } from '../search/config.ts';
import { resolveHost } from '../host/resolve-host.ts';
import { OPENSEARCH_PATH, openSearchDescription } from '../search/opensearch.ts';
import { runSearch, type SearchViewer } from '../search/engine.ts';
import { errorBody, readMultiQuery, readSearchQuery, SearchProtocolError, type SearchQuery } from '../search/protocol.ts';
import { allowQueries, queriesPerSecond } from '../search/rate-limit.ts';
import { keyFilterConditions } from '../search/filters.ts';
import { verifySecuredKey, viewerSearchKey } from '../search/secured-key.ts';

/** Queries one multi-index request may carry (the predictive popover sends 4). */
export const MAX_QUERIES_PER_REQUEST = 8;
/** Bytes of a search request body. */
export const MAX_SEARCH_BODY_BYTES = 32 * 1024;

type SearchContext = Context<{ Bindings: Env }>;

function fail(c: SearchContext, error: SearchProtocolError): Response {
  return c.json(errorBody(error), error.status as 400);
}

function credential(c: SearchContext, name: string): string | null {
  return c.req.header(name) ?? new URL(c.req.url).searchParams.get(name);
}

async function viewerOf(c: SearchContext): Promise<SearchViewer> {
  return searchViewerOf(c.env, (await resolveViewer(c.env.DB, c.req.raw)).user);
}

async function readJson(c: SearchContext): Promise<unknown> {
  // The browser client posts JSON as text/plain (no preflight): the type is not checked.
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new SearchProtocolError(400, 'Invalid JSON in the request body.');
  }
}

/**
 * Who the request searches as: the search-only key reads the session (the local service's own
 * pages); a secured key derived from it speaks for its viewer through its filters, as the
 * hosted app's keys do (docs/search.md, "Hosted app: per-viewer keys"). Anything else is 403.
 */
async function searcher(c: SearchContext): Promise<SearchViewer> {
  const key = credential(c, 'x-algolia-api-key') ?? '';
  if (credential(c, 'x-algolia-application-id') !== c.env.SEARCH_APP_ID || key === '') throw new SearchProtocolError(403, 'Invalid Application-ID or API key');
  if (key === c.env.SEARCH_API_KEY) return viewerOf(c);
  const check = await verifySecuredKey(c.env.SEARCH_API_KEY, key, Date.now());
  if (!check.ok) throw new SearchProtocolError(403, check.reason === 'expired' ? 'The provided API key has expired' : 'Invalid Application-ID or API key');
  return { userId: null, unfiltered: true, keyConditions: keyFilterConditions(check.restrictions.filters ?? '') };
}

async function answer(c: SearchContext, read: (body: unknown) => SearchQuery[], single: boolean): Promise<Response> {
  try {
    const viewer = await searcher(c);
    const queries = read(await readJson(c));
    if (!allowQueries(clientAddress(c.req.raw), queries.length, queriesPerSecond(c.env.SEARCH_QUERIES_PER_SECOND))) {
      throw new SearchProtocolError(429, 'Too many requests: slow down.');
    }
    const kinds = queries.map((query) => {
      const kind = indexKindOf(c.env, query.indexName);
      if (!kind) throw new SearchProtocolError(404, `Index ${query.indexName.slice(0, 100)} does not exist`);
      return { kind, query };
    });
    const results = await runSearch(c.env.DB, kinds, viewer);
    c.header('cache-control', 'no-store');
    return c.json(single ? results[0] : { results });
  } catch (error) {
    if (error instanceof SearchProtocolError) return fail(c, error);
    throw error;
  }
}

const limitBody = bodyLimit({
  maxSize: MAX_SEARCH_BODY_BYTES,
  onError: (c) => c.json({ message: `The request body is larger than ${MAX_SEARCH_BODY_BYTES} bytes.`, status: 413 }, 413),
});

/**
 * The key the browser searches with when a hosted app answers (docs/search.md, "Hosted app:
 * per-viewer keys"): a signed-in viewer's own, with their mutes, blocks and quality rule, for an
 * hour; a visitor's, with the quality rule. Never cached: it depends on the session.
 */
async function searchKey(c: SearchContext): Promise<Response> {
  c.header('cache-control', 'private, no-store');
  return c.json(await viewerSearchKey(c.env, c.env.DB, await viewerOf(c), Date.now()));
}

export function mountSearch(app: Hono<{ Bindings: Env }>): void {
  app.get('/_/search-key', searchKey);
  app.post('/1/indexes/*/queries', limitBody, (c) => answer(c, (body) => readMultiQuery(body, MAX_QUERIES_PER_REQUEST), false));
  app.post('/1/indexes/:index/query', limitBody, (c) => answer(c, (body) => [readSearchQuery(body, c.req.param('index'))], true));
  app.all('/1/*', (c) => c.json({ message: 'Not found', status: 404 }, 404));
  app.get(OPENSEARCH_PATH, async (c) => {
    const url = new URL(c.req.url);
    const host = await resolveHost(c.env.DB, c.env, c.req.header('host') ?? url.host);
    if (!host) return c.text('Unknown host', 404);
    return openSearchDescription(c.env, host, url);
  });
}
