// What the search pages ask the search service for (docs/search.md, "Search pages"): the Top
// tab's few hits of each kind, a kind's tab a page of 20, a publication's search its stories.
// Both sides build the requests here: the worker renders the first page with them
// (worker/graphql/modules/search-page-results.ts) and the browser asks for the next pages with
// the same shape (client/pages/SearchPage.tsx), so the hits painted by the server are the
// ones the browser would have asked for (docs/adr/0230-search-pages-paint-their-first-results.md).

/**
 * The indexes the search pages and the popover read
 * (docs/product/3-routes-data-calls-constants.md §7.1; lists are catalogs).
 */
export type SearchIndexKind = 'post' | 'user' | 'collection' | 'tag' | 'catalog';

export const SEARCH_INDEX_KINDS: readonly SearchIndexKind[] = ['post', 'user', 'collection', 'tag', 'catalog'];

/** One query of a multi-index search, as the search client sends it. */
export interface SearchRequest {
  kind: SearchIndexKind;
  query: string;
  hitsPerPage: number;
  page?: number;
  facetFilters?: string[];
}

/** Hits per page of a kind's tab (more pages as the reader scrolls). */
export const SEARCH_PAGE_SIZE = 20;

/** The Top tab's blocks, in the order they show: a few of each kind, stories last and most. */
export const TOP_TAB_BLOCKS: readonly { kind: SearchIndexKind; hits: number }[] = [
  { kind: 'user', hits: 3 },
  { kind: 'collection', hits: 3 },
  { kind: 'tag', hits: 5 },
  { kind: 'catalog', hits: 3 },
  { kind: 'post', hits: 10 },
];

/** The filter of a publication's search page: its stories only. */
export function publicationFilters(collectionSlug: string | null): string[] {
  return collectionSlug ? [`collection.slug:${collectionSlug}`] : [];
}

/** Page `page` of a kind's tab for `query` (trimmed), within `filters`. */
export function tabPageRequest(kind: SearchIndexKind, query: string, filters: readonly string[], page: number): SearchRequest {
  return { kind, query, hitsPerPage: SEARCH_PAGE_SIZE, page, ...(filters.length ? { facetFilters: [...filters] } : {}) };
}

/**
 * The requests of a search page's first screen: the Top tab's blocks (kind null), or the first
 * page of one kind's tab.
 */
export function firstScreenRequests(kind: SearchIndexKind | null, query: string, filters: readonly string[]): SearchRequest[] {
  if (kind) return [tabPageRequest(kind, query, filters, 0)];
  return TOP_TAB_BLOCKS.map((block) => ({ kind: block.kind, query, hitsPerPage: block.hits }));
}
