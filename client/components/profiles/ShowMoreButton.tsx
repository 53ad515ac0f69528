import type { MorePages } from './use-more-pages.ts';

/** The button under a paged list; says so when a page failed to load. */
export function ShowMoreButton({ pages, label = 'Show more' }: { pages: Pick<MorePages<unknown>, 'hasMore' | 'loading' | 'failed' | 'loadMore'>; label?: string }) {
  if (!pages.hasMore) return null;
  return (
    <div className="show-more">
      {pages.failed ? (
        <p className="muted" role="alert">
          Something went wrong loading more. Please try again.
        </p>
      ) : null}
      <button type="button" className="button button-outline" onClick={pages.loadMore} disabled={pages.loading} aria-busy={pages.loading}>
        {pages.loading ? 'Loading…' : label}
      </button>
    </div>
  );
}
