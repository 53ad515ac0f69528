// List paging (docs/product/1-product-screens-membership-header-search.md §4): "a first page (only
// limit, or null cursor) replaces the list; later pages append and de-duplicate by id." Used by
// every library page's "Show more" (lists, a list's stories, saved lists, reading history,
// notifications).

export interface PagingRequest {
  limit?: number | null;
  to?: string | null;
}

/** A first page asks with only a limit, or with a null cursor. */
export function isFirstPage(paging: PagingRequest | null | undefined): boolean {
  return !paging || paging.to === undefined || paging.to === null || paging.to === '';
}

/**
 * The list after a page arrives: the page itself when it is a first page, otherwise the
 * current items followed by the page's items whose id is not already shown (an item that
 * moved between pages while the reader paged is shown once, where it first appeared).
 */
export function mergeCatalogPage<T>(current: readonly T[], page: readonly T[], paging: PagingRequest | null | undefined, idOf: (item: T) => string): T[] {
  if (isFirstPage(paging)) return [...page];
  const seen = new Set(current.map(idOf));
  const merged = [...current];
  for (const item of page) {
    const id = idOf(item);
    if (seen.has(id)) continue;
    seen.add(id);
    merged.push(item);
  }
  return merged;
}

export interface PagingInfo {
  next: { limit: number; to: string } | null;
}
