// The search service as the worker's own code asks it (docs/search.md, "Search pages"): one
// interface, two adapters — the local service on D1 (./local-search-service.ts) and a hosted app
// through algoliasearch (./hosted-search-service.ts) — chosen by configuration as the browser's
// is (./config.ts isHostedSearch). The search pages' first results are read through it
// (docs/adr/0230-search-pages-paint-their-first-results.md).
import { configuredFlags, type Env } from '../env.ts';
import type { SearchAnswer, SearchViewer } from './engine.ts';
import type { IndexKind } from './index-sql.ts';
import type { SearchQuery } from './protocol.ts';

/** The per-user flag (or global flag) that lifts the high-quality rule (docs/search.md, "High quality"). */
export const UNFILTERED_SEARCH_FLAG = 'can_view_unfiltered_search';

export interface SearchService {
  /** Answers the queries, in order, as `viewer` may see them (their mutes, blocks and quality rule). */
  search(queries: { kind: IndexKind; query: SearchQuery }[], viewer: SearchViewer): Promise<SearchAnswer[]>;
}

/** Who searches, as far as results depend on it: the viewer's id and whether they see unfiltered results. */
export function searchViewerOf(env: Pick<Env, 'FLAGS'>, user: { id: string; flags: ReadonlySet<string> } | null): SearchViewer {
  return {
    userId: user?.id ?? null,
    unfiltered: configuredFlags(env).has(UNFILTERED_SEARCH_FLAG) || Boolean(user?.flags.has(UNFILTERED_SEARCH_FLAG)),
  };
}
