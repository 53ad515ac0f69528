// The search input and its predictive popover (docs/product/1-product-screens-membership-header-search.md
// §2.8): 316 px wide, sections Publications, Topics, People, then the page's stories
// ("From this Publication", …) with their dates; arrow keys move through the hits, Enter opens
// the highlighted hit (or, with none highlighted, saves the query to Recent Searches and opens
// the search page with q), Escape closes. An empty query shows Recent Searches (each
// removable) and Explore topics.
//
// The search client and this popover's logic load when the input is first focused
// (search-client.ts); before that the input is plain HTML in the server's render.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { track } from '../../events/event-queue.ts';
import { useClient, useQuery } from 'urql';
import { PublicationNavigationContextQuery, UserSearchQuery } from './search-context.graphql.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import { useAppState } from '../../app/app-state.tsx';
import { useCurrentPage, useNavigation } from '../../app/navigation.tsx';
import { Avatar } from '../Avatar.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { useViewerSession } from '../header/viewer-session.tsx';
import { SearchIcon } from '../header/icons.tsx';
import { Highlight } from './Highlight.tsx';
import { hitDate, hitUrl } from './hit-links.ts';
import { readRecentSearches, removeRecentSearch, saveRecentSearch } from './recent-searches.ts';
import { loadSearchClient, requestStatus, search, type RequestStatus, type SearchHit, type SearchIndexKind, type SearchResult } from './search-client.ts';
import { predictiveRequests, searchScope } from './search-scope.ts';

/** Topics under "Explore topics" when the query is empty. */
const EXPLORE_TOPICS = 6;

interface Item {
  key: string;
  kind: SearchIndexKind;
  hit: SearchHit;
  href: string;
  /** 1-based position within its index's hits (SearchClickEvent). */
  position: number;
  result: SearchResult;
}

const SECTIONS: { kind: SearchIndexKind; title: string }[] = [
  { kind: 'collection', title: 'Publications' },
  { kind: 'tag', title: 'Topics' },
  { kind: 'user', title: 'People' },
];

export interface SearchBoxProps {
  /** header: the header's input (medium screens and up); page: the search page's own input. */
  variant: 'header' | 'page';
  initialQuery?: string;
  autoFocus?: boolean;
}

/** The search page's address for a query: this publication's search inside a publication's pages. */
export function searchPageUrl(query: string, collectionSlug: string | null, ctx: ReturnType<typeof useLinkContext>): string {
  return collectionSlug ? buildLink('ShowCollectionSearch', { collectionSlug }, ctx, { q: query }) : buildLink('ShowSearch', {}, ctx, { q: query });
}

export function SearchBox({ variant, initialQuery = '', autoFocus = false }: SearchBoxProps) {
  const state = useAppState();
  const ctx = useLinkContext();
  const page = useCurrentPage();
  const { navigate } = useNavigation();
  const urql = useClient();
  const session = useViewerSession();
  const config = state.config.search;
  const scope = useMemo(
    () => searchScope(page.resolved?.pageName ?? null, page.resolved?.params ?? {}, state),
    [page.resolved, state],
  );
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [recent, setRecent] = useState<string[]>([]);
  const [, rerender] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  const trimmed = query.trim();
  const requests = useMemo(
    () => (trimmed === '' ? [{ kind: 'tag' as const, query: '', hitsPerPage: EXPLORE_TOPICS }] : predictiveRequests(trimmed, scope)),
    [trimmed, scope],
  );
  const analyticsTags = useMemo(() => [session.isLoggedIn ? 'logged-in' : 'logged-out', 'predictive'], [session.isLoggedIn]);

  // Each query is sent once; its status (loading, success, error) is kept by the client.
  useEffect(() => {
    if (!open) return;
    let live = true;
    if (requestStatus(requests)) return;
    if (trimmed !== '') track('search.predictiveQueried', { queryLength: trimmed.length });
    void search(config, requests, analyticsTags).then(() => live && rerender((n) => n + 1));
    return () => {
      live = false;
    };
  }, [open, requests, config, analyticsTags, trimmed]);

  // Close when focus or a click goes elsewhere.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Whose stories the scoped section shows, named once the popover is open (never while the
  // page renders or hydrates): the spec's two context queries (./search-context.graphql.ts).
  const context = scope.context;
  const [publicationContext] = useQuery({
    query: PublicationNavigationContextQuery,
    variables: { domainOrSlug: context?.kind === 'publication' ? context.domainOrSlug : '' },
    pause: !open || context?.kind !== 'publication',
  });
  const [userContext] = useQuery({
    query: UserSearchQuery,
    variables: { username: context?.kind === 'profile' ? context.username : null },
    pause: !open || context?.kind !== 'profile',
  });
  const contextName =
    context?.kind === 'publication' ? (publicationContext.data?.publicationByDomainOrSlug?.name ?? null) : context?.kind === 'profile' ? (userContext.data?.user?.name ?? null) : null;

  const status: RequestStatus | undefined = open ? requestStatus(requests) : undefined;
  const results = status?.status === 'success' ? status.results : null;

  const items: Item[] = useMemo(() => {
    if (!results || trimmed === '') return [];
    const out: Item[] = [];
    requests.forEach((request, i) => {
      const result = results[i];
      if (!result) return;
      result.hits.forEach((hit, index) =>
        out.push({ key: `${request.kind}:${hit.objectID}`, kind: request.kind, hit, href: hitUrl(request.kind, hit, ctx), position: index + 1, result }),
      );
    });
    // Sections in the spec's order: Publications, Topics, People, then stories.
    const order: SearchIndexKind[] = ['collection', 'tag', 'user', 'post'];
    return out.sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  }, [results, requests, trimmed, ctx]);

  const onFocus = () => {
    track('search.predictiveOpened');
    void loadSearchClient(config);
    setRecent(readRecentSearches());
    setOpen(true);
  };

  const recordClick = useCallback(
    (item: Item) => {
      if (!item.result.queryID) return;
      void import('./SearchBox.graphql.ts').then(({ SearchClickEvent }) =>
        urql
          .mutation(SearchClickEvent, { queryId: item.result.queryID!, indexName: item.result.index, objectIds: [item.hit.objectID], positions: [item.position] })
          .toPromise()
          .catch(() => undefined),
      );
    },
    [urql],
  );

  const openItem = (item: Item) => {
    track('search.predictiveResultClicked', { index: item.kind, position: item.position });
    recordClick(item);
    setOpen(false);
    navigate(item.href);
  };

  const submit = () => {
    if (trimmed === '') return;
    setRecent(saveRecentSearch(trimmed));
    setOpen(false);
    inputRef.current?.blur();
    navigate(searchPageUrl(trimmed, scope.collectionSlug, ctx));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!open) setOpen(true);
      const count = trimmed === '' ? recent.length : items.length;
      if (count === 0) return;
      event.preventDefault();
      setActive((current) => (event.key === 'ArrowDown' ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (open && active >= 0 && trimmed !== '' && items[active]) openItem(items[active]);
      else if (open && active >= 0 && trimmed === '' && recent[active]) {
        setQuery(recent[active]);
        setActive(-1);
      } else submit();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const activeKey = trimmed === '' ? (active >= 0 ? `recent-${active}` : undefined) : items[active]?.key;
  const optionId = (key: string) => `${listId}-${key.replace(/[^\w-]/g, '_')}`;

  const renderItem = (item: Item, index: number) => {
    const isActive = index === active;
    const { hit } = item;
    return (
      <li key={item.key} id={optionId(item.key)} role="option" aria-selected={isActive} className={`search-item${isActive ? ' is-active' : ''}`} data-kind={item.kind}>
        <a
          href={item.href}
          tabIndex={-1}
          onPointerEnter={() => setActive(index)}
          onClick={(event) => {
            if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return recordClick(item);
            event.preventDefault();
            openItem(item);
          }}
        >
          {item.kind === 'user' ? <Avatar name={String(hit.name ?? '')} imageId={hit.imageId ?? null} size={20} /> : null}
          {item.kind === 'collection' ? <Avatar name={String(hit.name ?? '')} imageId={hit.imageId ?? null} size={20} /> : null}
          <span className="search-item-text">
            {item.kind === 'post' ? <Highlight hit={hit} attribute="title" /> : null}
            {item.kind === 'user' || item.kind === 'collection' ? <Highlight hit={hit} attribute="name" /> : null}
            {item.kind === 'tag' ? <Highlight hit={hit} attribute="displayText" /> : null}
          </span>
          {item.kind === 'post' && typeof hit.latestPublishedAt === 'number' ? <span className="search-item-date muted">{hitDate(hit.latestPublishedAt)}</span> : null}
        </a>
      </li>
    );
  };

  const sections = (
    <>
      {SECTIONS.map(({ kind, title }) => {
        const sectionItems = items.map((item, index) => ({ item, index })).filter(({ item }) => item.kind === kind);
        if (sectionItems.length === 0) return null;
        return (
          <div className="search-section" key={kind} data-section={title} role="group" aria-label={title}>
            <h3 className="search-section-title" aria-hidden="true">{title}</h3>
            <ul role="presentation">{sectionItems.map(({ item, index }) => renderItem(item, index))}</ul>
          </div>
        );
      })}
      {scope.storiesLabel
        ? (() => {
            const stories = items.map((item, index) => ({ item, index })).filter(({ item }) => item.kind === 'post');
            if (stories.length === 0) return null;
            return (
              <div className="search-section" data-section={scope.storiesLabel} role="group" aria-label={scope.storiesLabel}>
                <h3 className="search-section-title" aria-hidden="true">{scope.storiesLabel}</h3>
                {contextName ? (
                  <p className="search-section-context muted" data-testid="search-context">
                    {contextName}
                  </p>
                ) : null}
                <ul role="presentation">{stories.map(({ item, index }) => renderItem(item, index))}</ul>
              </div>
            );
          })()
        : null}
    </>
  );

  const globalSearchUrl = searchPageUrl(trimmed, null, ctx);
  const topics = trimmed === '' && results ? (results[0]?.hits ?? []) : [];

  return (
    <div className={`search-box search-box-${variant}`} ref={rootRef} data-testid={`search-box-${variant}`}>
      <form
        role="search"
        action={searchPageUrl('', scope.collectionSlug, ctx).replace(/\?.*$/, '')}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <SearchIcon />
        <input
          ref={inputRef}
          type="search"
          name="q"
          className="search-input"
          placeholder="Search"
          aria-label="Search"
          autoComplete="off"
          autoFocus={autoFocus}
          role="combobox"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeKey ? optionId(activeKey) : undefined}
          value={query}
          maxLength={512}
          onFocus={onFocus}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(-1);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          data-testid="search-input"
        />
      </form>
      {open ? (
        <div className="search-popover" id={listId} role="listbox" aria-label="Search suggestions" data-testid="search-popover">
          {trimmed === '' ? (
            <>
              {recent.length > 0 ? (
                <div className="search-section" data-section="Recent Searches" role="group" aria-label="Recent Searches">
                  <h3 className="search-section-title" aria-hidden="true">Recent Searches</h3>
                  <ul role="presentation">
                    {recent.map((entry, index) => (
                      <li key={entry} id={optionId(`recent-${index}`)} role="option" aria-selected={index === active} className={`search-item search-recent${index === active ? ' is-active' : ''}`}>
                        <a href={searchPageUrl(entry, scope.collectionSlug, ctx)} tabIndex={-1} onClick={(event) => {
                          event.preventDefault();
                          setQuery(entry);
                          setActive(-1);
                          inputRef.current?.focus();
                        }}>
                          <span className="search-item-text">{entry}</span>
                        </a>
                        <button
                          type="button"
                          className="search-recent-remove"
                          aria-label={`Remove ${entry} from recent searches`}
                          data-testid="remove-recent-search"
                          onPointerDown={(event) => event.preventDefault()}
                          onClick={() => {
                            setRecent(removeRecentSearch(entry));
                            setActive(-1);
                          }}
                        >
                          ×
                        </button>
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="search-section" data-section="Explore topics" role="group" aria-label="Explore topics">
                <h3 className="search-section-title" aria-hidden="true">Explore topics</h3>
                <ul className="search-topic-chips" role="presentation">
                  {topics.map((hit) => (
                    <li key={hit.objectID}>
                      <a className="topic-chip" href={hitUrl('tag', hit, ctx)} onClick={(event) => {
                        event.preventDefault();
                        setOpen(false);
                        navigate(hitUrl('tag', hit, ctx));
                      }}>
                        {String(hit.displayText)}
                      </a>
                    </li>
                  ))}
                </ul>
              </div>
            </>
          ) : status?.status === 'success' && items.length === 0 ? (
            <p className="search-empty muted">No results for “{trimmed}”.</p>
          ) : (
            sections
          )}
          {trimmed !== '' && scope.collectionSlug ? (
            // Inside a publication the box searches it; this widens the query to everything
            // (docs/product/1-product-screens-membership-header-search.md §2.1, the global-search scope
            // state; docs/search.md, "The browser").
            <a
              className="search-widen"
              data-testid="search-widen"
              href={globalSearchUrl}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                setRecent(saveRecentSearch(trimmed));
                setOpen(false);
                navigate(globalSearchUrl);
              }}
            >
              Search all of {state.config.productName} for “{trimmed}”
            </a>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
