// "Show more" paging for a list that the server rendered the first page of. The first page
// comes from the page's own query (seeded from the server render: hydration sends nothing);
// later pages are fetched only when the reader asks, with the same document and the
// cursor of the page before, and are appended without repeating an item already shown.
import { useCallback, useState } from 'react';
import { useClient, type TypedDocumentNode } from 'urql';
import type { PagingInfo } from '../lists/catalog-paging.ts';

export interface MorePages<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  loadMore(): void;
}

export interface ListPage<T> {
  items: T[];
  pagingInfo: PagingInfo;
}

/** Appends `more` to `shown`, leaving out items whose id is already there. */
export function appendUnique<T extends { id: string }>(shown: readonly T[], more: readonly T[]): T[] {
  const seen = new Set(shown.map((item) => item.id));
  const added: T[] = [];
  for (const item of more) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    added.push(item);
  }
  return [...shown, ...added];
}

export function useMorePages<T extends { id: string }, Data, Variables extends { paging: { limit: number; to?: string } }>(
  first: ListPage<T>,
  query: TypedDocumentNode<Data, Variables>,
  variables: Variables,
  pick: (data: Data) => ListPage<T> | null,
): MorePages<T> {
  const client = useClient();
  const [items, setItems] = useState<T[]>(first.items);
  const [next, setNext] = useState(first.pagingInfo.next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const loadMore = useCallback(() => {
    if (!next || loading) return;
    setLoading(true);
    setFailed(false);
    client
      .query(query, { ...variables, paging: { limit: next.limit, to: next.to } }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        const page = result.data ? pick(result.data) : null;
        if (!page) {
          setFailed(true);
          return;
        }
        setItems((shown) => appendUnique(shown, page.items));
        setNext(page.pagingInfo.next);
      })
      .catch(() => setFailed(true))
      .finally(() => setLoading(false));
  }, [client, loading, next, pick, query, variables]);

  return { items, hasMore: next !== null, loading, failed, loadMore };
}
