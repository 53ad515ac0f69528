// The search service answered by the hosted app, asked from the worker with the key the
// viewer's browser searches with (./secured-key.ts viewerSearchKey): a visitor's shared key, a
// signed-in viewer's secured key carrying their mutes, blocks and quality rule. So the server
// never sees a hit the browser's key would hide (docs/search.md, "Hosted app: per-viewer keys").
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import type { SearchAnswer } from './engine.ts';
import { viewerSearchKey } from './secured-key.ts';
import type { SearchService } from './search-service.ts';

type HostedSearchEnv = Pick<Env, 'SEARCH_APP_ID' | 'SEARCH_API_KEY'>;

/**
 * algoliasearch's client options besides the key: none in production (the provider's own
 * hosts); a test points the client at the local service, which checks secured keys as the
 * hosted app does (tests/integration/search-page-results.test.ts).
 */
export type HostedClientOptions = Record<string, unknown>;

/** Analytics tags of the searches a search page makes (the browser's own tags for the same page). */
function analyticsTags(signedIn: boolean): string[] {
  return [signedIn ? 'logged-in' : 'logged-out', 'search-page'];
}

export function hostedSearchService(env: HostedSearchEnv, db: D1Database, now: number, options: HostedClientOptions = {}): SearchService {
  return {
    async search(queries, viewer) {
      const [{ algoliasearch }, key] = await Promise.all([import('algoliasearch'), viewerSearchKey(env, db, viewer, now)]);
      const client = algoliasearch(env.SEARCH_APP_ID, key.apiKey, options);
      const answer = await client.search({
        requests: queries.map(({ query }) => ({
          indexName: query.indexName,
          query: query.query,
          hitsPerPage: query.hitsPerPage,
          page: query.page,
          ...(query.facetFilters.length ? { facetFilters: query.facetFilters } : {}),
          clickAnalytics: query.clickAnalytics,
          analyticsTags: analyticsTags(viewer.userId !== null),
        })),
      });
      return answer.results as unknown as SearchAnswer[];
    },
  };
}
