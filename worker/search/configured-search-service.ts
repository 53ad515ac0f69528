// The search service the configuration names (docs/search.md, "Hosted app"): the hosted app
// when SEARCH_ADMIN_KEY is set, else the worker's own service on D1 — the same choice the
// browser's search client makes (./config.ts).
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { isHostedSearch } from './config.ts';
import { hostedSearchService } from './hosted-search-service.ts';
import { localSearchService } from './local-search-service.ts';
import type { SearchService } from './search-service.ts';

/** `db`: the request's D1 (counted), for the local service's search and a viewer's key filters. */
export function configuredSearchService(env: Env, db: D1Database, now: number): SearchService {
  return isHostedSearch(env) ? hostedSearchService(env, db, now) : localSearchService(db);
}
