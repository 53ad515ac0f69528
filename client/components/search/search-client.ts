// The browser's search client (docs/search.md): algoliasearch's lite client, loaded the first
// time a search input is focused (a chunk of its own: readers who never search never download
// it). It talks to the page's own origin when the worker answers the protocol itself, or to
// the hosted app (configuration alone, docs/product/3-routes-data-calls-constants.md §7.1).
//
// Request status per query (docs/product/3-routes-data-calls-constants.md §4): loading,
// success or error; a query goes out only when none is set yet for it. A failed query is a
// silent error state: the popover simply shows nothing for it.
import type { PreloadedState } from '../../../shared/preloaded-state.ts';

import type { SearchIndexKind, SearchRequest } from '../../../shared/search/search-page-requests.ts';

export type { SearchIndexKind, SearchRequest };

export interface SearchResult<Hit = SearchHit> {
  hits: Hit[];
  nbHits: number;
  page: number;
  nbPages: number;
  queryID?: string;
  index: string;
}

export interface HighlightValue {
  value: string;
}

export type SearchHit = Record<string, any> & { objectID: string; _highlightResult?: Record<string, HighlightValue> };

type SearchConfig = PreloadedState['config']['search'];

export type RequestStatus = { status: 'loading'; promise: Promise<SearchResult[]> } | { status: 'success'; results: SearchResult[] } | { status: 'error' };

interface LiteClient {
  search(request: { requests: Record<string, unknown>[] }): Promise<{ results: unknown[] }>;
}

let clientPromise: Promise<LiteClient> | null = null;
/** When the hosted app's key of the current client stops being valid (ms), or null. */
let keyValidUntilMs: number | null = null;
const statuses = new Map<string, RequestStatus>();
/** Bounded: a long session of typing keeps only the recent answers. */
const MAX_REMEMBERED = 200;
/** A key is renewed this long before its validUntil. */
const KEY_RENEWAL_MARGIN_MS = 60_000;

/**
 * With a hosted app, the key the browser searches with is the viewer's secured key
 * (/_/search-key, worker/search/secured-key.ts: their mutes, blocks and the quality rule are in
 * it); the local service reads the session itself, so the configured key serves.
 */
async function searchKey(config: SearchConfig): Promise<string> {
  keyValidUntilMs = null;
  if (config.host === 'self') return config.apiKey;
  const response = await fetch('/_/search-key', { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`search key: ${response.status}`);
  const answer = (await response.json()) as { apiKey: string; validUntil: number | null };
  keyValidUntilMs = answer.validUntil === null ? null : answer.validUntil * 1000;
  return answer.apiKey;
}

/**
 * Forgets the viewer's search key and the answers it gave: after a mute, block, unmute or
 * unblock (client/entry.tsx) the next search gets a key with the new filters.
 */
export function forgetSearchKey(): void {
  clientPromise = null;
  keyValidUntilMs = null;
  statuses.clear();
}

/** Starts loading the lite client (on the first focus of a search input). */
export function loadSearchClient(config: SearchConfig): Promise<LiteClient> {
  if (keyValidUntilMs !== null && Date.now() > keyValidUntilMs - KEY_RENEWAL_MARGIN_MS) forgetSearchKey();
  clientPromise ??= Promise.all([import('algoliasearch/lite'), searchKey(config)]).then(([{ liteClient }, apiKey]) => {
    const options =
      config.host === 'self'
        ? { hosts: [{ url: window.location.host, accept: 'read' as const, protocol: window.location.protocol === 'https:' ? ('https' as const) : ('http' as const) }] }
        : {};
    return liteClient(config.appId, apiKey, options) as unknown as LiteClient;
  });
  // A failed key fetch is retried by the next search, not remembered.
  clientPromise.catch(() => {
    clientPromise = null;
  });
  return clientPromise;
}

function keyOf(requests: SearchRequest[]): string {
  return JSON.stringify(requests);
}

/** The status of a multi-index query, if it was ever sent. */
export function requestStatus(requests: SearchRequest[]): RequestStatus | undefined {
  return statuses.get(keyOf(requests));
}

/** Sends the query unless a status is already set for it; resolves with its status. */
export function search(config: SearchConfig, requests: SearchRequest[], analyticsTags: string[]): Promise<RequestStatus> {
  const key = keyOf(requests);
  const known = statuses.get(key);
  if (known?.status === 'loading') return known.promise.then(() => statuses.get(key)!, () => statuses.get(key)!);
  if (known) return Promise.resolve(known);
  const promise = loadSearchClient(config).then((client) =>
    client
      .search({
        requests: requests.map((r) => ({
          indexName: `${config.indexPrefix}${r.kind}`,
          query: r.query,
          hitsPerPage: r.hitsPerPage,
          page: r.page ?? 0,
          ...(r.facetFilters ? { facetFilters: r.facetFilters } : {}),
          clickAnalytics: true,
          analyticsTags,
        })),
      })
      .then((answer) => answer.results as SearchResult[]),
  );
  if (statuses.size >= MAX_REMEMBERED) statuses.delete(statuses.keys().next().value as string);
  statuses.set(key, { status: 'loading', promise });
  return promise.then(
    (results) => {
      const done: RequestStatus = { status: 'success', results };
      statuses.set(key, done);
      return done;
    },
    () => {
      const failed: RequestStatus = { status: 'error' };
      statuses.set(key, failed);
      return failed;
    },
  );
}
