// A customize list with "Show more": the first page comes with the page; each press asks
// for the next page of that one list (pagingInfo.next) and appends it, de-duplicated by id.
import { useState, type ReactNode } from 'react';
import { useClient, type TypedDocumentNode } from 'urql';
import type { PagingInfo } from '../components/lists/catalog-paging.ts';

export interface ListPage<T> {
  items: T[];
  pagingInfo: PagingInfo;
}

/** A list with nothing more to page (a connection the data service answered null). */
export const NO_ITEMS: ListPage<never> = { items: [], pagingInfo: { next: null } };

/** A connection's items and paging as a list page, or null when the connection is absent. */
export function listPage<T>(items: readonly T[] | undefined, pagingInfo: PagingInfo | undefined): ListPage<T> | null {
  return items && pagingInfo ? { items: [...items], pagingInfo } : null;
}

export function PagedSocialList<T extends { id: string }, Data>({
  first,
  document,
  pageOf,
  render,
}: {
  first: ListPage<T>;
  /** The list's own query, taking $paging. */
  document: TypedDocumentNode<Data, { paging: { limit: number; to: string } }>;
  /** Where the list sits in the query's answer (null when the viewer is gone). */
  pageOf: (data: Data) => ListPage<T> | null;
  render: (item: T) => ReactNode;
}) {
  const client = useClient();
  const [items, setItems] = useState(first.items);
  const [next, setNext] = useState(first.pagingInfo.next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const more = async () => {
    if (!next || loading) return;
    setLoading(true);
    setFailed(false);
    const result = await client.query(document, { paging: { limit: next.limit, to: next.to } }).toPromise();
    setLoading(false);
    const page = result.data ? pageOf(result.data) : null;
    if (!page) {
      setFailed(true);
      return;
    }
    setItems((current) => {
      const seen = new Set(current.map((item) => item.id));
      return [...current, ...page.items.filter((item) => !seen.has(item.id))];
    });
    setNext(page.pagingInfo.next);
  };

  return (
    <>
      <ul className="social-list">{items.map((item) => render(item))}</ul>
      {failed ? (
        <p className="home-feed-error" role="alert">
          Something went wrong. Please try again.
        </p>
      ) : null}
      {next ? (
        <div className="home-feed-more">
          <button type="button" className="button button-outline" onClick={() => void more()} disabled={loading}>
            {loading ? 'Loading…' : 'Show more'}
          </button>
        </div>
      ) : null}
    </>
  );
}
