// The search service answered in-process from D1 (./engine.ts): what POST /1/indexes/*/queries
// answers, without the HTTP hop, on the request's own (counted) D1.
import type { D1Database } from '@cloudflare/workers-types';
import { runSearch } from './engine.ts';
import type { SearchService } from './search-service.ts';

export function localSearchService(db: D1Database): SearchService {
  return { search: (queries, viewer) => runSearch(db, queries, viewer) };
}
