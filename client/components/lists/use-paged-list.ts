// "Show more" for the library pages: starts from the page's server data and appends later
// pages fetched in the browser, merged by mergeCatalogPage
// (docs/product/1-product-screens-membership-header-search.md §4).
import { useCallback, useState } from 'react';
import { useClient, type TypedDocumentNode } from 'urql';
import type { PagingInfo } from './catalog-paging.ts';
import { mergeCatalogPage, type PagingRequest } from './catalog-paging.ts';

export interface PagedList<T> {
  items: T[];
  /** Replaces the shown items (after a local change: a removal, a new list). */
  setItems(update: (items: T[]) => T[]): void;
  hasMore: boolean;
  loading: boolean;
  error: boolean;
  showMore(): void;
}

export function usePagedList<T, Data>(options: {
  initial: { items: T[]; pagingInfo: PagingInfo };
  query: TypedDocumentNode<Data, any>;
  variables?: Record<string, unknown>;
  /** The items and paging of an answer (null when the answer has none). */
  pick(data: Data): { items: T[]; pagingInfo: PagingInfo } | null;
  idOf(item: T): string;
}): PagedList<T> {
  const client = useClient();
  const [items, setItemsState] = useState(options.initial.items);
  const [next, setNext] = useState<PagingRequest | null>(options.initial.pagingInfo.next);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState(false);
  const { query, variables, pick, idOf } = options;

  const showMore = useCallback(() => {
    if (!next || loading) return;
    setLoading(true);
    setError(false);
    void client
      .query(query, { ...variables, paging: next }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        const page = result.data ? pick(result.data) : null;
        if (!page) {
          setError(true);
          return;
        }
        setItemsState((current) => mergeCatalogPage(current, page.items, next, idOf));
        setNext(page.pagingInfo.next);
      })
      .finally(() => setLoading(false));
  }, [client, next, loading, query, variables, pick, idOf]);

  return { items, setItems: (update) => setItemsState(update), hasMore: next !== null, loading, error, showMore };
}
