// What the predictive search searches on the page being shown
// (docs/product/1-product-screens-membership-header-search.md §2.8): the default indexes (user,
// collection, tag; 3 hits each) everywhere, plus stories of the page's own context —
// "From this Publication" on a publication's pages and its stories, "From this Profile" on a
// writer's pages and stories (8 story hits on the publication and profile pages themselves,
// 3 beside a story), "From this List" on a list's page (8), the topic's stories on a topic page and the viewer's own on
// your-stories. The context comes from the address (route params and host), so the scope is
// known before any data loads. The notifications page searches the viewer's own stories too.
import type { PreloadedState } from '../../../shared/preloaded-state.ts';
import { catalogIdFromSlugId } from '../../../shared/urls/list-urls.ts';
import type { SearchRequest } from './search-client.ts';

export const DEFAULT_HITS_PER_INDEX = 3;
export const SCOPED_POST_HITS = 8;

export interface SearchScope {
  /** "From this Publication", …; null: no story section. */
  storiesLabel: string | null;
  storyFilters: string[];
  storyHits: number;
  /** Where Enter sends a query: the main search page or the publication's search page. */
  collectionSlug: string | null;
  /**
   * Whose stories "From this Publication" and "From this Profile" are: the box names them once the
   * popover opens (PublicationNavigationContextQuery, UserSearchQuery; ./search-context.graphql.ts).
   */
  context?: { kind: 'publication'; domainOrSlug: string } | { kind: 'profile'; username: string };
}

const DEFAULT_SCOPE: SearchScope = { storiesLabel: null, storyFilters: [], storyHits: 0, collectionSlug: null };

/** Page names of a publication's own pages and of a writer's profile pages (shared/routing/pages.ts). */
const isCollectionPage = (page: string) => page.startsWith('collection') || page.startsWith('publication');
const isUserPage = (page: string) => page.startsWith('user');

export function searchScope(pageName: string | null, params: Record<string, string>, state: Pick<PreloadedState, 'navigation' | 'viewer'>): SearchScope {
  const collectionSlug = params.collectionSlug ?? state.navigation.hostCollectionSlug ?? null;
  const username = params.username ?? state.navigation.hostUsername ?? null;
  const page = pageName ?? '';
  if (page === 'search') return { ...DEFAULT_SCOPE, collectionSlug };
  if (collectionSlug && (isCollectionPage(page) || page === 'post')) {
    return {
      storiesLabel: 'From this Publication',
      storyFilters: [`collection.slug:${collectionSlug}`],
      storyHits: page === 'post' ? DEFAULT_HITS_PER_INDEX : SCOPED_POST_HITS,
      collectionSlug,
      context: { kind: 'publication', domainOrSlug: collectionSlug },
    };
  }
  // A list's page: its stories ("From this List"; the catalogId facet finds public lists' only).
  const listId = page === 'user-catalog' && params.catalogSlugId ? catalogIdFromSlugId(params.catalogSlugId) : null;
  if (listId) return { storiesLabel: 'From this List', storyFilters: [`catalogId:${listId}`], storyHits: SCOPED_POST_HITS, collectionSlug: null };
  if (username && (isUserPage(page) || page === 'post')) {
    return {
      storiesLabel: 'From this Profile',
      storyFilters: [`creator.username:${username}`],
      storyHits: page === 'post' ? DEFAULT_HITS_PER_INDEX : SCOPED_POST_HITS,
      collectionSlug: null,
      context: { kind: 'profile', username },
    };
  }
  if (page === 'post') return { storiesLabel: 'Stories', storyFilters: [], storyHits: DEFAULT_HITS_PER_INDEX, collectionSlug: null };
  if (params.tagSlug && (page.startsWith('tag') || page.startsWith('topic'))) {
    return { storiesLabel: 'From this Topic', storyFilters: [`tags.slug:${params.tagSlug}`], storyHits: DEFAULT_HITS_PER_INDEX, collectionSlug: null };
  }
  // The notifications page's own context (docs/product/1-product-screens-membership-header-search.md §2.8): what it tells of — responses, claps,
  // highlights and mentions — is mostly about the viewer's own stories, so they come first
  // (docs/search.md, "The browser"). A visitor has no notifications and gets the default scope.
  if ((page === 'your-stories' || page === 'notifications') && state.viewer) {
    return { storiesLabel: 'From your stories', storyFilters: [`creator.username:${state.viewer.username}`], storyHits: DEFAULT_HITS_PER_INDEX, collectionSlug: null };
  }
  return DEFAULT_SCOPE;
}

/** The popover's multi-index query for `query` in `scope`: Publications, Topics, People, then stories. */
export function predictiveRequests(query: string, scope: SearchScope): SearchRequest[] {
  const requests: SearchRequest[] = [
    { kind: 'collection', query, hitsPerPage: DEFAULT_HITS_PER_INDEX },
    { kind: 'tag', query, hitsPerPage: DEFAULT_HITS_PER_INDEX },
    { kind: 'user', query, hitsPerPage: DEFAULT_HITS_PER_INDEX },
  ];
  if (scope.storyHits > 0) requests.push({ kind: 'post', query, hitsPerPage: scope.storyHits, ...(scope.storyFilters.length ? { facetFilters: scope.storyFilters } : {}) });
  return requests;
}
