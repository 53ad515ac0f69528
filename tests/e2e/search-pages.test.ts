// The search pages in Chromium (issue 10; docs/search.md, "Search pages"): a signed-in reader's
// Follow buttons start in their real state (Following for a writer they follow, Follow for one
// they do not); the Lists tab finds public lists by name and opens the list. The first page of
// results is in the document (on screen with scripts off, issue 25), hydration does not ask for
// it again, and scrolling still loads the next page.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const READER = 'reader';
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions([READER])[READER]!;
});
afterAll(async () => {
  await browser?.close();
});

async function graphql<T>(query: string, withSession: boolean): Promise<T> {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': withSession ? session.xsrf : '1', ...(withSession ? { cookie: `sid=${session.token}` } : {}) },
    body: JSON.stringify({ query }),
  });
  return ((await response.json()) as { data: T }).data;
}

async function searchAnswer(indexName: string, query: string, hitsPerPage: number): Promise<{ hits: Record<string, any>[]; nbPages: number }> {
  const response = await fetch(`${baseURL}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': 'VELLUMLOCAL', 'x-algolia-api-key': 'local-search-only-key' },
    body: JSON.stringify({ requests: [{ indexName, query, hitsPerPage }] }),
  });
  return ((await response.json()) as { results: { hits: Record<string, any>[]; nbPages: number }[] }).results[0]!;
}

async function searchService(indexName: string, query: string): Promise<Record<string, any>[]> {
  return (await searchAnswer(indexName, query, 50)).hits;
}

/** A one-letter query finds more than a page of stories in the demo world. */
const MANY = 'a';

it('the first page of results is in the document: on screen with scripts off, in the search service\'s order', async () => {
  const expected = await searchAnswer('vellum_post', MANY, 20);
  expect(expected.nbPages).toBeGreaterThan(1);
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${baseURL}/search/posts?q=${MANY}`);
  const titles = await page.locator('[data-testid="search-results"] li[data-kind="post"] a.search-result-title').allTextContents();
  expect(titles).toEqual(expected.hits.map((hit) => String(hit.title)));
  await context.close();
});

it('hydration does not ask for the first page again; scrolling loads the next one', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  const storySearches: { page: number }[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/1/indexes/')) return;
    const body = JSON.parse(request.postData() ?? '{}') as { requests?: { indexName: string; page?: number }[] };
    for (const query of body.requests ?? []) if (query.indexName === 'vellum_post') storySearches.push({ page: query.page ?? 0 });
  });
  await page.goto(`${baseURL}/search/posts?q=${MANY}`);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const rows = page.locator('[data-testid="search-results"] li[data-kind="post"]');
  expect(await rows.count()).toBe(20);
  expect(storySearches).toEqual([]);
  expect(watch.graphqlRequests.filter((body) => body.includes('searchPageResults'))).toEqual([]);

  await page.locator('.search-more').scrollIntoViewIfNeeded();
  await expect.poll(() => rows.count()).toBe(40);
  expect(storySearches).toEqual([{ page: 1 }]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

async function signedInPage(path: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + path);
  await waitForHydration(page);
  return { page, watch, context };
}

it('a followed writer\'s button says Following on arrival; one not followed says Follow', async () => {
  const viewer = await graphql<{ viewer: { id: string; followedUsers: { users: { id: string; username: string }[] } } }>(
    '{ viewer { id followedUsers(paging: { limit: 25 }) { users { id username } } } }',
    true,
  );
  const followed = viewer.viewer.followedUsers.users[0];
  if (!followed) throw new Error('the demo reader follows nobody');
  const { page, watch, context } = await signedInPage(`/search/users?q=${encodeURIComponent(followed.username)}`);
  const button = page.locator(`[data-testid="search-results"] button[data-follow-target$="${followed.id}"]`);
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('true');
  expect(await button.textContent()).toBe('Following');

  const people = await searchService('vellum_user', '');
  const followedIds = new Set(viewer.viewer.followedUsers.users.map((u) => u.id));
  const stranger = people.find((p) => !followedIds.has(String(p.userId ?? p.objectID)) && String(p.userId ?? p.objectID) !== viewer.viewer.id);
  if (!stranger) throw new Error('no person the reader does not follow');
  await page.goto(`${baseURL}/search/users?q=${encodeURIComponent(String(stranger.username))}`);
  await waitForHydration(page);
  const other = page.locator(`[data-testid="search-results"] button[data-follow-target$="${String(stranger.userId ?? stranger.objectID)}"]`);
  await other.waitFor();
  // The follow states have been asked and answered once the reader's followed writer would show.
  await page.waitForLoadState('networkidle');
  expect(await other.textContent()).toBe('Follow');
  // The server read the follow states with the results it painted: nothing is asked for them.
  expect(watch.graphqlRequests.filter((body) => body.includes('SearchViewerFollowingQuery'))).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('the Lists tab finds a public list by its name and opens it', async () => {
  const lists = await searchService('vellum_catalog', '');
  const list = lists.find((l) => typeof l.name === 'string' && /^[A-Za-z]{4,}/.test(l.name));
  if (!list) throw new Error('no public list in the index');
  const word = String(list.name).split(/\s+/)[0]!;
  const { page, watch, context } = await signedInPage(`/search/lists?q=${encodeURIComponent(word)}`);
  expect(await page.locator('[aria-current="page"]').first().textContent()).toContain('Lists');
  const row = page.locator('[data-testid="search-results"] li[data-kind="catalog"]', { hasText: String(list.name) }).first();
  await row.waitFor();
  expect(await row.textContent()).toMatch(/\d+ stor(y|ies)/);
  await page.screenshot({ path: '.tmp/e2e-search-lists.png' });
  // Banners drawn after hydration move the page down: click once it has settled.
  await page.waitForLoadState('networkidle');
  await Promise.all([page.waitForURL((url) => url.pathname.includes('/list/')), row.locator('a.search-result-title').click()]);
  // The list's own heading replaces the results (the router swaps page and address together).
  await page.locator('h1', { hasText: String(list.name) }).first().waitFor();
  expect(await page.locator('h1').first().textContent()).toContain(String(list.name));
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
