// The search pages paint their first results from the server (docs/search.md, "Search pages";
// docs/adr/0230-search-pages-paint-their-first-results.md), through HTTP against workerd:
// - the HTML of /search/posts?q=… holds the hits a visitor's search returns, in the same order,
//   and the Top tab's blocks; the page's state carries them so the browser starts from them;
// - a signed-in viewer who muted a writer or a publication gets none of their stories in the HTML, and the
//   Follow buttons of the people and publications they follow say Following;
// - a hostile q is text, and so is a hit's text but its match marking; an empty result shows the empty state; an empty q renders the frame;
// - the page stays out of the edge cache;
// - the hosted adapter searches with the viewer's own key (tried against the local service,
//   which checks secured keys as the hosted app does); a failing or slow service, or the query
//   limit, leaves the page to the browser (null), logged.
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex, reindexStory } from '../../worker/search/indexing.ts';
import { hostedSearchService } from '../../worker/search/hosted-search-service.ts';
import { searchPageResults } from '../../worker/search/search-page-results.ts';
import type { SearchService } from '../../worker/search/search-service.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testEnv } from './helpers/graphql-client.ts';
import { indexName, searchClient, SEARCH_HOST, workerRequester } from './helpers/search-client.ts';
import { apolloState, call, page, sessionOf } from './helpers/story.ts';

type Hit = Record<string, any> & { objectID: string };

beforeAll(async () => {
  await seedWorld(testEnv.DB);
  await rebuildSearchIndex(testEnv);
});

/** The titles of the story hits a page's markup shows, in order (their text, marks removed). */
function storyTitles(html: string): string[] {
  const titles = [...html.matchAll(/<li class="search-result" data-kind="post">.*?<a [^>]*class="search-result-title"[^>]*>(.*?)<\/a>/gs)];
  return titles.map((m) => m[1]!.replace(/<[^>]+>/g, '').replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"'));
}

/** What a visitor's browser gets for the Stories tab's first page (the plain key, no session). */
async function visitorStoryTitles(query: string): Promise<string[]> {
  const { results } = await searchClient().search<Hit>({ requests: [{ indexName: indexName('post'), query, hitsPerPage: 20, page: 0 }] });
  return (results[0] as { hits: Hit[] }).hits.map((hit) => String(hit.title));
}

async function titleOf(postId: string): Promise<string> {
  return (await testEnv.DB.prepare('SELECT title FROM posts WHERE id = ?').bind(postId).first<{ title: string }>())!.title;
}

describe('the search pages paint their first results', () => {
  it("the Stories tab holds a visitor's hits in the search service's order, and the state carries them", async () => {
    const expected = await visitorStoryTitles('story');
    expect(expected.length).toBeGreaterThan(2);
    const answer = await page('/search/posts?q=story');
    expect(answer.status).toBe(200);
    expect(storyTitles(answer.text)).toEqual(expected);
    expect(answer.text).toContain('<mark>');
    expect(answer.text).not.toContain('Searching…');
    // The browser's cache is seeded with them: hydration asks for nothing (tests/e2e/search-pages.test.ts).
    expect(apolloState(answer.text)).toContain('searchPageResults');
    // One D1 round trip for the search beside the page's own reads.
    expect(Number(answer.headers.get('x-d1-queries'))).toBeGreaterThan(0);
  });

  it('the Top tab holds its blocks, stories last', async () => {
    const answer = await page(`/search?q=${encodeURIComponent('story')}`);
    expect(answer.text).toContain('data-block="Stories"');
    expect(storyTitles(answer.text)).toEqual((await visitorStoryTitles('story')).slice(0, 10));
  });

  it('a publication’s search page holds its stories only', async () => {
    const answer = await page('/the-quill/search?q=story');
    expect(answer.status).toBe(200);
    const titles = storyTitles(answer.text);
    expect(titles).toContain(await titleOf(POSTS.open));
    const quillTitles = await testEnv.DB.prepare("SELECT title FROM posts WHERE collection_id = 'cc0000000001'").all<{ title: string }>();
    expect(titles.every((title) => quillTitles.results.some((row) => row.title === title))).toBe(true);
  });

  it('a signed-in viewer who muted a publication gets none of its stories in the HTML', async () => {
    const open = await titleOf(POSTS.open);
    expect(storyTitles((await page('/search/posts?q=open%20story')).text)).toContain(open);
    // The reader muted The Quill, where the open story is (tests/integration/helpers/fixtures.ts).
    const reader = await sessionOf('reader');
    const html = (await page('/search/posts?q=open%20story', reader)).text;
    expect(html).toContain('data-testid="search-page"');
    expect(storyTitles(html)).not.toContain(open);
    expect(apolloState(html)).not.toContain(POSTS.open);
  });

  it('a signed-in viewer who muted a writer gets none of their stories in the HTML', async () => {
    const open = await titleOf(POSTS.open);
    const friend = await sessionOf('friend');
    expect(storyTitles((await page('/search/posts?q=open%20story', friend)).text)).toContain(open);
    const muted = await call(`mutation ($id: ID!) { muteAuthor(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: friend });
    expect(muted.errors).toBeUndefined();
    const html = (await page('/search/posts?q=open%20story', friend)).text;
    expect(html).toContain('data-testid="search-page"');
    expect(storyTitles(html)).not.toContain(open);
    expect(apolloState(html)).not.toContain(POSTS.open);
    await call(`mutation ($id: ID!) { unmuteAuthor(targetUserId: $id) { __typename } }`, { id: USERS.writer }, { session: friend });
  });

  it("Follow buttons start in the viewer's real state (the member follows the writer and The Quill)", async () => {
    const member = await sessionOf('member');
    const button = (html: string, key: string) => new RegExp(`<button[^>]*aria-pressed="(true|false)"[^>]*data-follow-target="${key}"[^>]*>(Following|Follow)</button>`).exec(html)?.slice(1);
    expect(button((await page('/search/users?q=wren', member)).text, `USER:${USERS.writer}`)).toEqual(['true', 'Following']);
    expect(button((await page('/search?q=quill', member)).text, 'COLLECTION:cc0000000001')).toEqual(['true', 'Following']);
    expect(button((await page('/search/users?q=wren')).text, `USER:${USERS.writer}`)).toEqual(['false', 'Follow']);
  });

  it('a hostile q is text', async () => {
    const hostile = '"><script>alert(1)</script><img src=x onerror=alert(2)>';
    const answer = await page(`/search?q=${encodeURIComponent(hostile)}`);
    expect(answer.status).toBe(200);
    expect(answer.text).not.toContain('<script>alert(1)');
    expect(answer.text).not.toContain('<img src=x');
    expect(answer.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    // The page's description says the query too, escaped.
    expect(answer.text).toContain(`<meta name="description" content="Stories, people, publications, topics and lists on Vellum for “&quot;&gt;&lt;script&gt;alert(1)`);
  });

  it("a hit's text is text: only its match marking becomes markup", async () => {
    await testEnv.DB.prepare('UPDATE posts SET subtitle = ? WHERE id = ?').bind('Escaping <img src=x onerror=alert(1)> "quotes" & more', POSTS.open).run();
    await reindexStory(testEnv, POSTS.open);
    const html = (await page('/search/posts?q=escaping')).text;
    expect(storyTitles(html)).toContain(await titleOf(POSTS.open));
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toMatch(/<mark>Escaping<\/mark>/);
  });

  it('an empty result shows the empty state; an empty q renders the frame as before', async () => {
    const none = await page('/search/posts?q=zzqxwv');
    expect(none.text).toContain('data-testid="search-empty-state"');
    expect(none.text).not.toContain('data-testid="search-results"');
    const blank = await page('/search?q=');
    expect(blank.status).toBe(200);
    expect(blank.text).toContain('data-testid="search-tabs"');
    expect(blank.text).not.toContain('data-testid="search-results"');
    expect(apolloState(blank.text)).not.toContain('objectID');
  });

  it('stays out of the edge cache', async () => {
    const first = await page('/search/posts?q=story');
    const second = await page('/search/posts?q=story');
    expect(second.cacheStatus).not.toBe('HIT');
    expect(first.headers.get('cache-control')).toBe(second.headers.get('cache-control'));
    expect(second.headers.get('cache-control')).not.toContain('public');
  });
});

describe('the search service behind the search pages', () => {
  const hostedEnv = { ...testEnv, SEARCH_ADMIN_KEY: 'admin-key' };
  /** The hosted adapter, its client pointed at the local service (which checks keys as the hosted app does), recording the keys it sent. */
  function hostedAgainstLocal() {
    const keys: string[] = [];
    const requester = workerRequester();
    const service = hostedSearchService(hostedEnv, testEnv.DB, Date.now(), {
      hosts: [{ url: SEARCH_HOST, accept: 'readWrite', protocol: 'http' }],
      requester: {
        send(request: Parameters<typeof requester.send>[0]) {
          keys.push(String(request.headers['x-algolia-api-key'] ?? new URL(request.url).searchParams.get('x-algolia-api-key')));
          return requester.send(request);
        },
      },
    });
    return { service, keys };
  }
  const ask = { kind: 'post' as const, query: 'open story', collectionSlug: null };
  const searcher = (user: { id: string; flags: ReadonlySet<string> } | null, service?: SearchService) => ({
    env: testEnv,
    db: testEnv.DB,
    now: Date.now(),
    user,
    address: `test-${Math.random()}`,
    ...(service ? { service } : {}),
  });

  it("the hosted adapter searches with the viewer's key: a muted publication's story never comes back", async () => {
    const visitor = hostedAgainstLocal();
    const seen = await searchPageResults(ask, searcher(null, visitor.service));
    expect(seen![0]!.hits.map((hit) => hit.objectID)).toContain(POSTS.open);
    expect(atob(visitor.keys[0]!).slice(64)).toBe('filters=highQuality%3Atrue');

    const reader = hostedAgainstLocal();
    const hidden = await searchPageResults(ask, searcher({ id: USERS.reader, flags: new Set() }, reader.service));
    expect(hidden![0]!.hits.map((hit) => hit.objectID)).not.toContain(POSTS.open);
    expect(atob(reader.keys[0]!)).toContain('publicationId');
  });

  it('a failing service answers null (the page is left to the browser), and says so in the log', async () => {
    const failing: SearchService = { search: () => Promise.reject(new Error('search service down')) };
    const logged: string[] = [];
    const original = console.error;
    console.error = (line: unknown) => void logged.push(String(line));
    try {
      expect(await searchPageResults(ask, searcher(null, failing))).toBeNull();
    } finally {
      console.error = original;
    }
    expect(logged.some((line) => line.includes('search_page_results_failed'))).toBe(true);
  });

  it('a service slower than the wait answers null too', async () => {
    const silent: SearchService = { search: () => new Promise(() => undefined) };
    const original = console.error;
    console.error = () => undefined;
    try {
      expect(await searchPageResults(ask, { ...searcher(null, silent), waitMs: 20 })).toBeNull();
    } finally {
      console.error = original;
    }
  });

  it("counts against the browser's query limit", async () => {
    const limited = { ...searcher(null), env: { ...testEnv, SEARCH_QUERIES_PER_SECOND: '4' } };
    // The Top tab asks five queries at once: over a limit of four.
    expect(await searchPageResults({ ...ask, kind: null }, limited)).toBeNull();
    expect(await searchPageResults(ask, limited)).not.toBeNull();
  });
});
