// Page search (docs/product/3-routes-data-calls-constants.md §2.4): /search (the top results of
// every kind), /search/posts, /search/users, /search/publications, /search/tags, /search/lists,
// a publication's /{collectionSlug}/search (+ /{category}) and their custom-domain addresses;
// query parameter q. Tabs per kind, more results as the reader scrolls, Follow buttons on
// people, publications and topics, and an empty state that suggests topics. Lists come from
// the index of public lists ({prefix}catalog).
//
// The server renders the page's frame (title, search box, tabs) and, when q is given, the tab's
// first screen of results, read by the page's query (searchPageResults) with the requests the
// browser would send (shared/search/search-page-requests.ts): the browser starts from them and
// asks the search service for the next pages, the Recent Searches and the suggestions itself
// (docs/search.md, "Search pages"; docs/adr/0230-search-pages-paint-their-first-results.md). The
// page stays out of the edge cache: it is never a per-query copy there.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useClient } from 'urql';
import { buildLink } from '../../shared/routing/links.ts';
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import { formatCount } from '../../shared/format.ts';
import { useAppState } from '../app/app-state.tsx';
import { Link, useCurrentPage } from '../app/navigation.tsx';
import { Avatar } from '../components/Avatar.tsx';
import { FollowButton, type FollowTarget } from '../components/follow/FollowButton.tsx';
import { edgeKey } from '../components/follow/follow-store.ts';
import { useLinkContext } from '../components/header/link-context.ts';
import { useViewerSession } from '../components/header/viewer-session.tsx';
import { Highlight } from '../components/search/Highlight.tsx';
import { hitDate, hitUrl } from '../components/search/hit-links.ts';
import { search, type SearchHit, type SearchIndexKind, type SearchResult } from '../components/search/search-client.ts';
import { publicationFilters, SEARCH_PAGE_SIZE, tabPageRequest, TOP_TAB_BLOCKS } from '../../shared/search/search-page-requests.ts';
import { HIT_FOLLOW_KIND, hitFollowTarget } from '../../shared/search/hit-follow-target.ts';
import { SearchBox, searchPageUrl } from '../components/search/SearchBox.tsx';
import { readRecentSearches } from '../components/search/recent-searches.ts';
import { PublicationSearchQuery, SearchViewerFollowingQuery } from './SearchPage.graphql.ts';
import { SearchClickEvent } from '../components/search/SearchBox.graphql.ts';
import type { ResultOf } from '../app/graphql.ts';
import type { PageDefinition, PageProps } from '../app/page-definition.ts';

type Data = ResultOf<typeof PublicationSearchQuery>;

/** Tabs: path segment → index and label. Top (no segment) shows every kind. */
const CATEGORIES: { segment: string; kind: SearchIndexKind | null; label: string; route: string }[] = [
  { segment: '', kind: null, label: 'Top', route: 'ShowSearch' },
  { segment: 'posts', kind: 'post', label: 'Stories', route: 'ShowSearchPosts' },
  { segment: 'users', kind: 'user', label: 'People', route: 'ShowSearchUsers' },
  { segment: 'publications', kind: 'collection', label: 'Publications', route: 'ShowSearchPublications' },
  { segment: 'tags', kind: 'tag', label: 'Topics', route: 'ShowSearchTags' },
  { segment: 'lists', kind: 'catalog', label: 'Lists', route: 'ShowSearchLists' },
];
const SUGGESTED_TOPICS = 8;

function categoryOf(routeName: string | null | undefined, params: Record<string, string>): (typeof CATEGORIES)[number] {
  if (params.category) return CATEGORIES.find((c) => c.segment === params.category) ?? CATEGORIES[1]!;
  return CATEGORIES.find((c) => c.route === routeName) ?? CATEGORIES[0]!;
}

/** The results the server read for the page's query (null: none, or for another query or tab). */
type ServedResults = NonNullable<Data['searchPageResults']>;

/** The server's results for what is on screen, and the edge keys (follow-store.ts) of their hits the viewer follows. */
interface Served {
  results: SearchResult[];
  followed: ReadonlySet<string>;
}

function servedResult(result: ServedResults[number]): SearchResult {
  return {
    hits: result.hits as SearchHit[],
    nbHits: result.nbHits,
    page: result.page,
    nbPages: result.nbPages,
    index: result.index,
    ...(result.queryID ? { queryID: result.queryID } : {}),
  };
}

/** q of the address on screen (the current page's location: it follows client-side navigations). */
function useQueryParameter(): string {
  return new URLSearchParams(useCurrentPage().location.search).get('q') ?? '';
}

function useClickRecorder() {
  const urql = useClient();
  return useCallback(
    (result: SearchResult, hit: SearchHit, position: number) => {
      if (!result.queryID) return;
      void urql
        .mutation(SearchClickEvent, { queryId: result.queryID, indexName: result.index, objectIds: [hit.objectID], positions: [position] })
        .toPromise()
        .catch(() => undefined);
    },
    [urql],
  );
}

/** The follow target a hit's button acts on (people, publications, topics); null for stories and lists. */
function followTargetOf(kind: SearchIndexKind, hit: SearchHit): FollowTarget | null {
  const target = hitFollowTarget(kind, hit);
  return target ? { ...target, name: String(kind === 'tag' ? hit.displayText : hit.name) } : null;
}

/** Edge keys (follow-store.ts) of the shown hits the viewer follows. */
const FollowedHits = createContext<ReadonlySet<string>>(new Set());

/**
 * The search service's records carry no viewer state, so a signed-in viewer's Follow buttons
 * ask the site which of the shown people, publications and topics they follow (one call per
 * set of results); until it answers the buttons say Follow (docs/search.md, "Follow buttons").
 * `known`: what the server read with the results it painted; nothing is asked for them.
 */
function useFollowedAmong(results: readonly { kind: SearchIndexKind; hits: readonly SearchHit[] }[], known: ReadonlySet<string> | null): ReadonlySet<string> {
  const urql = useClient();
  const session = useViewerSession();
  const signedIn = Boolean(session.viewer);
  const targets = useMemo(() => results.flatMap((r) => r.hits.flatMap((hit) => followTargetOf(r.kind, hit) ?? [])), [results]);
  const asked = targets.map((t) => edgeKey(t.kind, t.id)).join(' ');
  const [followed, setFollowed] = useState<ReadonlySet<string>>(() => known ?? new Set());
  useEffect(() => {
    if (known || !signedIn || targets.length === 0) return;
    let current = true;
    const idsOf = (kind: FollowTarget['kind']) => [...new Set(targets.filter((t) => t.kind === kind).map((t) => t.id))];
    void urql
      .query(SearchViewerFollowingQuery, { userIds: idsOf('USER'), collectionIds: idsOf('COLLECTION'), tagIds: idsOf('TAG') }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((answer) => {
        const data = answer.data?.viewerFollowing;
        if (!current || !data) return;
        setFollowed(
          new Set([
            ...data.userIds.map((id) => edgeKey('USER', id)),
            ...data.collectionIds.map((id) => edgeKey('COLLECTION', id)),
            ...data.tagIds.map((id) => edgeKey('TAG', id)),
          ]),
        );
      });
    return () => {
      current = false;
    };
    // `asked` names the targets: a new page of hits asks again, a re-render does not. `known`
    // comes with the results (the server's first page) and stays for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, signedIn, urql]);
  return followed;
}

/** Gives the rows inside the viewer's follow states of these results' hits. */
function WithFollowStates({ results, known = null, children }: { results: readonly { kind: SearchIndexKind; hits: readonly SearchHit[] }[]; known?: ReadonlySet<string> | null; children: ReactNode }) {
  return <FollowedHits.Provider value={useFollowedAmong(results, known)}>{children}</FollowedHits.Provider>;
}

function HitRow({ kind, hit, result, position }: { kind: SearchIndexKind; hit: SearchHit; result: SearchResult; position: number }) {
  const ctx = useLinkContext();
  const record = useClickRecorder();
  const followed = useContext(FollowedHits);
  const href = hitUrl(kind, hit, ctx);
  const onClick = () => record(result, hit, position);
  if (kind === 'post') {
    return (
      <li className="search-result" data-kind="post">
        <div className="search-result-main">
          <div className="search-result-meta muted">
            {hit.creator?.name}
            {hit.collection ? ` in ${hit.collection.name}` : ''}
          </div>
          <Link href={href} className="search-result-title" onClick={onClick}>
            <Highlight hit={hit} attribute="title" />
          </Link>
          {hit.subtitle ? (
            <div className="muted">
              <Highlight hit={hit} attribute="subtitle" />
            </div>
          ) : null}
          <div className="search-result-meta muted">
            {typeof hit.latestPublishedAt === 'number' ? hitDate(hit.latestPublishedAt) : null}
            {hit.isLocked ? ' · Member-only story' : ''}
          </div>
        </div>
      </li>
    );
  }
  if (kind === 'catalog') {
    return (
      <li className="search-result" data-kind="catalog">
        <div className="search-result-main">
          <div className="search-result-meta muted">{hit.creator?.name}</div>
          <Link href={href} className="search-result-title" onClick={onClick}>
            <Highlight hit={hit} attribute="name" />
          </Link>
          <div className="search-result-meta muted">{`${formatCount(Number(hit.itemCount ?? 0))} ${Number(hit.itemCount) === 1 ? 'story' : 'stories'}`}</div>
        </div>
      </li>
    );
  }
  const target = followTargetOf(kind, hit);
  return (
    <li className="search-result" data-kind={kind}>
      {kind !== 'tag' ? <Avatar name={String(hit.name ?? '')} imageId={hit.imageId ?? null} size={48} /> : null}
      <div className="search-result-main">
        <Link href={href} className="search-result-title" onClick={onClick}>
          <Highlight hit={hit} attribute={kind === 'tag' ? 'displayText' : 'name'} />
        </Link>
        <div className="search-result-meta muted">
          {kind === 'tag' ? `${formatCount(Number(hit.postCount ?? 0))} stories` : `${formatCount(Number(hit.followerCount ?? 0))} followers`}
        </div>
      </div>
      {target ? <FollowButton target={target} isFollowing={followed.has(edgeKey(target.kind, target.id))} size="small" /> : null}
    </li>
  );
}

function SuggestedTopics() {
  const state = useAppState();
  const ctx = useLinkContext();
  const [topics, setTopics] = useState<SearchHit[]>([]);
  useEffect(() => {
    void search(state.config.search, [{ kind: 'tag', query: '', hitsPerPage: SUGGESTED_TOPICS }], ['search-page']).then((status) => {
      if (status.status === 'success') setTopics(status.results[0]?.hits ?? []);
    });
  }, [state.config.search]);
  return (
    <div className="search-empty-state" data-testid="search-empty-state">
      <p>Make sure all words are spelled correctly, or try different keywords. Or explore topics:</p>
      <ul className="topic-chips">
        {topics.map((hit) => (
          <li key={hit.objectID}>
            <Link className="topic-chip" href={hitUrl('tag', hit, ctx)}>
              {String(hit.displayText)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One kind's results, page after page as the reader scrolls. `served`: the first page as the
 * server read it, painted with the page; the browser then asks for page 1 onwards.
 */
function CategoryResults({ kind, query, filters, served }: { kind: SearchIndexKind; query: string; filters: string[]; served: Served | null }) {
  const state = useAppState();
  const session = useViewerSession();
  const [pages, setPages] = useState<SearchResult[]>(() => (served ? served.results : []));
  const startedFromServer = useRef(served !== null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const tags = useMemo(() => [session.isLoggedIn ? 'logged-in' : 'logged-out', 'search-page'], [session.isLoggedIn]);

  const load = useCallback(
    (page: number) => {
      setLoading(true);
      void search(state.config.search, [tabPageRequest(kind, query, filters, page)], tags).then((status) => {
        setLoading(false);
        if (status.status === 'success') setPages((current) => (current.length === page ? [...current, status.results[0]!] : current));
        else setFailed(true);
      });
    },
    [kind, query, filters, state.config.search, tags],
  );

  useEffect(() => {
    // The server's first page is on screen: nothing to ask for until the reader scrolls.
    if (startedFromServer.current) return;
    setPages([]);
    setFailed(false);
    load(0);
  }, [load]);

  const last = pages[pages.length - 1];
  const hasMore = last ? last.page + 1 < last.nbPages : false;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load(pages.length);
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, load, pages.length]);

  if (failed) return null;
  if (!last) return <p className="muted">Searching…</p>;
  if (last.nbHits === 0) return <SuggestedTopics />;
  return (
    <>
      <ul className="search-results" data-testid="search-results">
        {pages.map((result) => (
          <WithFollowStates key={result.page} results={[{ kind, hits: result.hits }]} known={result.page === 0 ? (served?.followed ?? null) : null}>
            {result.hits.map((hit, i) => (
              <HitRow key={hit.objectID} kind={kind} hit={hit} result={result} position={result.page * SEARCH_PAGE_SIZE + i + 1} />
            ))}
          </WithFollowStates>
        ))}
      </ul>
      {hasMore ? (
        <div className="search-more" ref={sentinel}>
          <button type="button" className="button button-outline" disabled={loading} onClick={() => load(pages.length)}>
            Show more
          </button>
        </div>
      ) : null}
    </>
  );
}

/** The Top tab's blocks' titles and tabs, in TOP_TAB_BLOCKS's order. */
const BLOCK_TITLES: Record<SearchIndexKind, { title: string; tab: string }> = {
  user: { title: 'People', tab: 'ShowSearchUsers' },
  collection: { title: 'Publications', tab: 'ShowSearchPublications' },
  tag: { title: 'Topics', tab: 'ShowSearchTags' },
  catalog: { title: 'Lists', tab: 'ShowSearchLists' },
  post: { title: 'Stories', tab: 'ShowSearchPosts' },
};
const TOP_BLOCKS = TOP_TAB_BLOCKS.map((block) => ({ ...block, ...BLOCK_TITLES[block.kind] }));

/** The Top tab: a few of each kind, stories last and most. `served`: the server's answers, painted with the page. */
function TopResults({ query, served }: { query: string; served: Served | null }) {
  const state = useAppState();
  const ctx = useLinkContext();
  const [results, setResults] = useState<SearchResult[] | null>(served?.results ?? null);
  const [failed, setFailed] = useState(false);
  const startedFromServer = useRef(served !== null);
  useEffect(() => {
    if (startedFromServer.current) return;
    setResults(null);
    void search(state.config.search, TOP_BLOCKS.map((b) => ({ kind: b.kind, query, hitsPerPage: b.hits })), ['search-page']).then((status) => {
      if (status.status === 'success') setResults(status.results);
      else setFailed(true);
    });
  }, [query, state.config.search]);
  if (failed) return null;
  if (!results) return <p className="muted">Searching…</p>;
  if (results.every((r) => r.nbHits === 0)) return <SuggestedTopics />;
  return (
    <WithFollowStates results={TOP_BLOCKS.map((block, i) => ({ kind: block.kind, hits: results[i]!.hits }))} known={served?.followed ?? null}>
      {TOP_BLOCKS.map((block, i) => {
        const result = results[i]!;
        if (result.hits.length === 0) return null;
        return (
          <section className="search-block" key={block.kind} data-block={block.title}>
            <h2 className="search-block-title">
              {block.title}{' '}
              <Link href={buildLink(block.tab, {}, ctx, { q: query })} className="muted">
                See all
              </Link>
            </h2>
            <ul className="search-results">
              {result.hits.map((hit, position) => (
                <HitRow key={hit.objectID} kind={block.kind} hit={hit} result={result} position={position + 1} />
              ))}
            </ul>
          </section>
        );
      })}
    </WithFollowStates>
  );
}

/**
 * The server's results when they answer what is on screen: this q and this tab (a navigation's
 * new address can render a moment before its data, docs/adr/0224-start-up-work-in-slices.md).
 */
function servedFor(results: ServedResults | null, query: string, kind: SearchIndexKind | null, indexPrefix: string): Served | null {
  if (!results || results.length === 0 || results.some((r) => r.query !== query)) return null;
  const kinds = kind ? [kind] : TOP_TAB_BLOCKS.map((b) => b.kind);
  if (results.length !== kinds.length || results.some((r, i) => r.index !== `${indexPrefix}${kinds[i]}`)) return null;
  const followed = new Set(
    results.flatMap((r, i) => {
      const followKind = HIT_FOLLOW_KIND[kinds[i]!];
      return followKind ? r.viewerFollowing.map((id) => edgeKey(followKind, id)) : [];
    }),
  );
  return { results: results.map(servedResult), followed };
}

/** The tab's index: a publication's search shows its stories. */
function tabKind(routeName: string | null | undefined, params: Record<string, string>): SearchIndexKind | null {
  return params.collectionSlug ? 'post' : categoryOf(routeName, params).kind;
}

function SearchScreen({ params, data }: PageProps<Data>) {
  const state = useAppState();
  const ctx = useLinkContext();
  const query = useQueryParameter();
  const collection = data?.publicationByDomainOrSlug ?? null;
  const routeName = useRouteName();
  const category = collection ? CATEGORIES[1]! : categoryOf(routeName, params);
  const trimmed = query.trim();
  const filters = useMemo(() => publicationFilters(collection?.slug ?? null), [collection]);
  const served = servedFor(data?.searchPageResults ?? null, trimmed, category.kind, state.config.search.indexPrefix);

  if (params.collectionSlug && !collection) {
    return (
      <section className="search-page" data-testid="search-page">
        <p className="muted">There is no such publication.</p>
      </section>
    );
  }
  return (
    <section className="search-page" data-testid="search-page">
      <SearchBox variant="page" initialQuery={query} autoFocus={trimmed === ''} key={query} />
      {trimmed ? (
        <h1 className="search-page-title">
          <span className="muted">Results for </span>
          {trimmed}
          {collection ? <span className="muted"> in {collection.name}</span> : null}
        </h1>
      ) : null}
      {collection ? (
        // The search-scope state (docs/product/1-product-screens-membership-header-search.md §2.1:
        // "global search only", default false): a
        // publication's search covers its stories; this link widens the same query to everything.
        <p className="search-page-scope" data-testid="search-page-scope">
          <span className="muted">Searching only {collection.name}.</span>
          <Link href={buildLink('ShowSearch', {}, ctx, trimmed ? { q: trimmed } : undefined)} data-testid="search-widen">
            Search all of {state.config.productName}
          </Link>
        </p>
      ) : null}
      {collection ? null : (
        <nav className="search-tabs" aria-label="Search categories" data-testid="search-tabs">
          {CATEGORIES.map((c) => (
            <Link key={c.route} href={buildLink(c.route, {}, ctx, trimmed ? { q: trimmed } : undefined)} aria-current={c === category ? 'page' : undefined}>
              {c.label}
            </Link>
          ))}
        </nav>
      )}
      {trimmed === '' ? (
        <SuggestedTopics />
      ) : category.kind ? (
        <CategoryResults key={`${category.kind}|${trimmed}`} kind={category.kind} query={trimmed} filters={filters} served={served} />
      ) : (
        <TopResults key={trimmed} query={trimmed} served={served} />
      )}
    </section>
  );
}

/** The people the search service ranks first for an empty query (most followed). */
const POPULAR_WRITERS = 5;

/**
 * The right column of the search pages: the reader's Recent Searches (this browser's, so read
 * after hydration) and the most followed writers, so the column is never an empty frame.
 */
function SearchSidebar({ data }: PageProps<Data>) {
  const state = useAppState();
  const ctx = useLinkContext();
  const collection = data?.publicationByDomainOrSlug ?? null;
  const [recent, setRecent] = useState<string[]>([]);
  const [writers, setWriters] = useState<SearchHit[]>([]);
  useEffect(() => setRecent(readRecentSearches()), []);
  useEffect(() => {
    void search(state.config.search, [{ kind: 'user', query: '', hitsPerPage: POPULAR_WRITERS }], ['search-page']).then((status) => {
      if (status.status === 'success') setWriters(status.results[0]?.hits ?? []);
    });
  }, [state.config.search]);
  return (
    <div className="search-sidebar" data-testid="search-sidebar">
      {recent.length > 0 ? (
        <section className="search-sidebar-section">
          <h2 className="search-sidebar-title">Recent Searches</h2>
          <ul className="search-sidebar-list">
            {recent.map((entry) => (
              <li key={entry}>
                <Link href={searchPageUrl(entry, collection?.slug ?? null, ctx)}>{entry}</Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {writers.length > 0 ? (
        <section className="search-sidebar-section">
          <h2 className="search-sidebar-title">Popular writers</h2>
          <ul className="search-sidebar-list">
            {writers.map((hit) => (
              <li key={hit.objectID}>
                <Link href={hitUrl('user', hit, ctx)} className="search-sidebar-person">
                  <Avatar name={String(hit.name ?? '')} imageId={hit.imageId ?? null} size={20} />
                  <span>{String(hit.name ?? '')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function useRouteName(): string | undefined {
  return useCurrentPage().resolved?.routeName;
}

/** The page's q, trimmed, from the address the document was made for (the title and head tags say it). */
function queryOfLocation(state: PreloadedState): string | undefined {
  return new URLSearchParams(state.navigation.currentLocation.split('?')[1] ?? '').get('q')?.trim();
}

export const searchPage: PageDefinition<Data> = {
  // A publication's search names the publication (PublicationSearchQuery); elsewhere the slug
  // is empty and the field answers null without a database read.
  // With q, the tab's first screen of results too (searchPageResults), as this viewer may see them.
  query: (params, routeName, searchParams) => ({
    query: PublicationSearchQuery,
    variables: { domainOrSlug: params.collectionSlug ?? '', query: searchParams.get('q')?.trim() ?? '', index: tabKind(routeName, params) },
  }),
  title: (data, state) => {
    const q = queryOfLocation(state);
    const where = data?.publicationByDomainOrSlug ? ` in ${data.publicationByDomainOrSlug.name}` : '';
    return q ? `Search results for ${q}${where} – ${state.config.productName}` : `Search – ${state.config.productName}`;
  },
  // What a search engine or a shared link says of the page (client/app/page-head.ts escapes q).
  head: (data, state) => {
    const q = queryOfLocation(state);
    const where = data?.publicationByDomainOrSlug?.name ?? state.config.productName;
    return { description: q ? `Stories, people, publications, topics and lists on ${where} for “${q}”.` : `Search stories, people, publications, topics and lists on ${where}.` };
  },
  Component: SearchScreen,
  Sidebar: SearchSidebar,
};
