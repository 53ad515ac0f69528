// The first results of a search page, read while the page renders so they are painted with it
// (docs/search.md, "Search pages"; docs/adr/0230-search-pages-paint-their-first-results.md): the
// requests the browser would send for the tab's first screen (shared/search/search-page-requests.ts),
// read and limited as the protocol reads the browser's (./protocol.ts, ./rate-limit.ts), answered
// by the configured search service as this viewer may see them. A failure, or a service slower
// than SEARCH_PAGE_WAIT_MS, is logged and answers null: the page renders its frame and the
// browser searches as it always did.
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { logEvent } from '../lib/log-context.ts';
import { firstScreenRequests, publicationFilters, type SearchIndexKind } from '../../shared/search/search-page-requests.ts';
import { indexName } from './config.ts';
import { configuredSearchService } from './configured-search-service.ts';
import type { SearchAnswer } from './engine.ts';
import { readSearchQuery } from './protocol.ts';
import { allowQueries, queriesPerSecond } from './rate-limit.ts';
import { searchViewerOf, type SearchService } from './search-service.ts';

/**
 * How long a render waits for the search service: the local engine answers in milliseconds; a
 * hosted app that is slow or down (its client retries host after host) must not hold the page.
 */
export const SEARCH_PAGE_WAIT_MS = 1500;

export interface SearchPageAsk {
  /** The tab's index; null: the Top tab. */
  kind: SearchIndexKind | null;
  /** The page's q, trimmed. */
  query: string;
  /** A publication's search page: the publication's slug. */
  collectionSlug: string | null;
}

export interface SearchPageSearcher {
  env: Env;
  db: D1Database;
  now: number;
  user: { id: string; flags: ReadonlySet<string> } | null;
  /** The client's address, for the per-address query limit. */
  address: string;
  /** The service to ask; the configured one when absent (a test hands in another adapter). */
  service?: SearchService;
  /** SEARCH_PAGE_WAIT_MS unless a test says otherwise. */
  waitMs?: number;
}

/** The service's answers, or a rejection once `ms` have passed. */
async function withinWait<T>(answer: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The answers of the first screen's queries, in order; null for a blank query, over the limit or on failure. */
export async function searchPageResults(ask: SearchPageAsk, searcher: SearchPageSearcher): Promise<SearchAnswer[] | null> {
  if (ask.query === '') return null;
  const { env } = searcher;
  const queries = firstScreenRequests(ask.kind, ask.query, publicationFilters(ask.collectionSlug)).map((request) => ({
    kind: request.kind,
    query: readSearchQuery({
      indexName: indexName(env, request.kind),
      query: request.query,
      hitsPerPage: request.hitsPerPage,
      page: request.page ?? 0,
      ...(request.facetFilters ? { facetFilters: request.facetFilters } : {}),
      clickAnalytics: true,
    }),
  }));
  if (!allowQueries(searcher.address, queries.length, queriesPerSecond(env.SEARCH_QUERIES_PER_SECOND))) {
    logEvent({ event: 'search_page_results_limited', queries: queries.length }, 'warn');
    return null;
  }
  const service = searcher.service ?? configuredSearchService(env, searcher.db, searcher.now);
  try {
    return await withinWait(service.search(queries, searchViewerOf(env, searcher.user)), searcher.waitMs ?? SEARCH_PAGE_WAIT_MS);
  } catch (error) {
    logEvent({ event: 'search_page_results_failed', message: String(error) }, 'error');
    return null;
  }
}
