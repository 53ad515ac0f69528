// Search logic without a worker (docs/search.md): queries become quoted FTS5 words (syntax is
// text), highlights are escaped, Recent Searches keep 10 and ignore blanks, the popover's scope
// follows the page, and story dates follow the date rule
// (docs/product/1-product-screens-membership-header-search.md §2.8).
import { beforeEach, describe, expect, it } from 'vitest';
import { highlight, matchExpression, MAX_QUERY_LENGTH, MAX_QUERY_WORDS, queryWords } from '../../../worker/search/query-text.ts';
import { filterConditions } from '../../../worker/search/filters.ts';
import { SearchProtocolError } from '../../../worker/search/protocol.ts';
import { isPredictive, PREDICTIVE_MAX_HITS } from '../../../worker/search/engine.ts';
import { localJsonStorage } from '../../../client/components/toasts/browser-storage.ts';
import { MAX_RECENT_SEARCHES, readRecentSearches, RECENT_SEARCHES_KEY, removeRecentSearch, saveRecentSearch } from '../../../client/components/search/recent-searches.ts';
import { predictiveRequests, searchScope } from '../../../client/components/search/search-scope.ts';
import { hitDate } from '../../../client/components/search/hit-links.ts';

describe('query words', () => {
  it('keeps letters and digits, folds case and accents, drops syntax', () => {
    expect(queryWords('Ça  "marche" NEAR(x*) -OR- 42')).toEqual(['ca', 'marche', 'near', 'x', 'or', '42']);
    expect(queryWords('🦉 " * - ')).toEqual([]);
    expect(queryWords('קריאה שקטה')).toEqual(['קריאה', 'שקטה']);
  });
  it('reads at most the first 512 characters and 12 words', () => {
    expect(queryWords('a'.repeat(5000))).toEqual(['a'.repeat(MAX_QUERY_LENGTH)]);
    expect(queryWords(Array.from({ length: 30 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_QUERY_WORDS);
  });
  it('quotes every word and makes the last a prefix', () => {
    expect(matchExpression(['open', 'sto'])).toBe('"open" "sto" *');
    expect(matchExpression([])).toBeNull();
  });
});

describe('highlight', () => {
  it('marks matching words, the last as a prefix, and escapes everything else', () => {
    expect(highlight('<b>Open</b> stories & more', ['open', 'sto'])).toEqual({
      value: '&lt;b&gt;<em>Open</em>&lt;/b&gt; <em>stories</em> &amp; more',
      matchLevel: 'full',
      fullyHighlighted: false,
      matchedWords: ['open', 'sto'],
    });
    expect(highlight('Nothing here', ['zzz']).matchLevel).toBe('none');
    expect(highlight('Café', ['cafe']).value).toBe('<em>Café</em>');
  });
});

describe('filters', () => {
  it('binds values, never splices them', () => {
    const [condition] = filterConditions('post', { filters: null, facetFilters: ['collectionId:"x\' OR 1=1 --"'], numericFilters: [] });
    expect(condition!.sql).toBe('r.collection_id = ?');
    expect(condition!.params).toEqual(["x' OR 1=1 --"]);
  });
  it('refuses unknown facets and bad syntax with a 400', () => {
    expect(() => filterConditions('post', { filters: 'password:x', facetFilters: [], numericFilters: [] })).toThrow(SearchProtocolError);
    expect(() => filterConditions('user', { filters: null, facetFilters: [], numericFilters: ['followerCount > abc'] })).toThrow(SearchProtocolError);
  });
});

describe('Recent Searches', () => {
  beforeEach(() => localJsonStorage().remove(RECENT_SEARCHES_KEY));

  it('keeps the 10 newest, moves a repeat to the front, ignores blanks', () => {
    for (let i = 1; i <= 12; i++) saveRecentSearch(`q${i}`);
    saveRecentSearch('   ');
    saveRecentSearch(' q5 ');
    const recent = readRecentSearches();
    expect(recent).toHaveLength(MAX_RECENT_SEARCHES);
    expect(recent[0]).toBe('q5');
    expect(recent).not.toContain('q1');
    expect(recent.filter((q) => q === 'q5')).toHaveLength(1);
    expect(removeRecentSearch('q5')).not.toContain('q5');
  });
  it('survives stored garbage', () => {
    localJsonStorage().set(RECENT_SEARCHES_KEY, { not: 'a list' });
    expect(readRecentSearches()).toEqual([]);
  });
});

describe('the popover scope', () => {
  const state = { navigation: { hostKind: 'default', hostUsername: null, hostCollectionSlug: null }, viewer: null } as never;
  it('searches user, collection and tag with 3 hits each by default, without stories', () => {
    const scope = searchScope('home', {}, state);
    expect(predictiveRequests('hab', scope).map((r) => [r.kind, r.hitsPerPage])).toEqual([['collection', 3], ['tag', 3], ['user', 3]]);
  });
  it('adds 8 stories from this publication on its pages, 3 beside one of its stories', () => {
    const onPublication = searchScope('publication', { collectionSlug: 'quiet' }, state);
    expect(onPublication).toMatchObject({ storiesLabel: 'From this Publication', storyHits: 8, storyFilters: ['collection.slug:quiet'] });
    expect(searchScope('post', { collectionSlug: 'quiet', postId: 'x' }, state).storyHits).toBe(3);
  });
  it('adds 8 stories from this profile on a writer\'s pages', () => {
    expect(searchScope('user-profile', { username: 'ada' }, state)).toMatchObject({ storiesLabel: 'From this Profile', storyHits: 8, storyFilters: ['creator.username:ada'] });
  });
  it('adds 8 stories from this list on a list\'s page, and falls back to the profile for the Reading list', () => {
    expect(searchScope('user-catalog', { username: 'ada', catalogSlugId: 'quiet-mornings-0a1b2c3d4e5f' }, state)).toMatchObject({
      storiesLabel: 'From this List',
      storyHits: 8,
      storyFilters: ['catalogId:0a1b2c3d4e5f'],
    });
    expect(searchScope('user-catalog', { username: 'ada', catalogSlugId: 'reading-list' }, state).storiesLabel).toBe('From this Profile');
  });
  it('searches the signed-in reader\'s own stories on the notifications page; a visitor there gets the default scope', () => {
    const signedIn = { navigation: { hostKind: 'default', hostUsername: null, hostCollectionSlug: null }, viewer: { username: 'grace' } } as never;
    expect(searchScope('notifications', {}, signedIn)).toMatchObject({ storiesLabel: 'From your stories', storyHits: 3, storyFilters: ['creator.username:grace'] });
    expect(searchScope('notifications', {}, state).storyHits).toBe(0);
  });
  it('keeps a publication\'s search page inside the publication (Enter), with no story section', () => {
    expect(searchScope('search', { collectionSlug: 'quiet' }, state)).toMatchObject({ collectionSlug: 'quiet', storyHits: 0 });
    expect(searchScope('search', {}, state).collectionSlug).toBeNull();
  });
});

describe('predictive queries', () => {
  it('are the popover\'s few hits of a first page, not a search page\'s', () => {
    expect(isPredictive({ hitsPerPage: 3, page: 0 })).toBe(true);
    expect(isPredictive({ hitsPerPage: PREDICTIVE_MAX_HITS, page: 0 })).toBe(true);
    expect(isPredictive({ hitsPerPage: 20, page: 0 })).toBe(false);
    expect(isPredictive({ hitsPerPage: 3, page: 1 })).toBe(false);
  });
});

describe('the catalogId facet', () => {
  it('reads a public list\'s items, and a negated one excludes them', () => {
    const [condition] = filterConditions('post', { filters: null, facetFilters: ['catalogId:0a1b2c3d4e5f'], numericFilters: [] });
    expect(condition!.sql).toContain("k.visibility = 'PUBLIC'");
    expect(condition!.params).toEqual(['0a1b2c3d4e5f']);
    expect(filterConditions('post', { filters: '-catalogId:0a1b', facetFilters: [], numericFilters: [] })[0]!.sql).toMatch(/^NOT \(/);
    expect(() => filterConditions('user', { filters: null, facetFilters: ['catalogId:0a1b'], numericFilters: [] })).toThrow(SearchProtocolError);
  });
});

describe('story hit dates', () => {
  const now = Date.UTC(2026, 10, 23);
  it('show month and day in the current year, the year otherwise', () => {
    expect(hitDate(Date.UTC(2026, 4, 18), now)).toBe('May 18');
    expect(hitDate(Date.UTC(2025, 11, 23), now)).toBe('Dec 23, 2025');
  });
});
