// Search scope in Chromium (issue 29, point 11; docs/search.md, "The browser" and "Search
// pages"): a publication's search widens to all of Vellum (docs/product/1-product-screens-membership-header-search.md §2.1's global-search scope
// state) from the popover and from its search page; the notifications page's box searches the
// reader's own stories; /search's right column holds something and its box stands clear of the
// header at 1280 and 390 px. One page per test, found by visible text.
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function open(path: string, width = 1280, sid?: string) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  if (sid) await context.addCookies([{ name: 'sid', value: sid, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + path);
  await waitForHydration(page);
  return { page, watch, context };
}

async function searchService(requests: Record<string, unknown>[]): Promise<{ hits: Record<string, any>[] }[]> {
  const response = await fetch(`${baseURL}/1/indexes/*/queries`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': 'VELLUMLOCAL', 'x-algolia-api-key': 'local-search-only-key' },
    body: JSON.stringify({ requests }),
  });
  return ((await response.json()) as { results: { hits: Record<string, any>[] }[] }).results;
}

/**
 * A publication served on this site (no custom domain: the local browser cannot reach one)
 * whose stories the popover finds for "hab" (its predictive query: 8 hits, title and names).
 */
async function publicationWithHabStory(): Promise<{ slug: string; name: string }> {
  const [publications] = await searchService([{ indexName: 'vellum_collection', query: '', hitsPerPage: 100 }]);
  const local = publications!.hits.filter((p) => !p.domain && !p.customDomainState?.live).slice(0, 8);
  const scoped = await searchService(local.map((p) => ({ indexName: 'vellum_post', query: 'hab', hitsPerPage: 8, facetFilters: [`collection.slug:${p.slug}`] })));
  const found = scoped.findIndex((r) => r.hits.length > 0);
  if (found < 0) throw new Error('no publication with a story the popover finds for "hab"');
  return { slug: local[found]!.slug, name: local[found]!.name };
}

const headerInput = (page: Page) => page.locator('[data-testid="search-box-header"] input');
const popover = (page: Page) => page.locator('[data-testid="search-popover"]');

describe('a publication\'s search widens to all of Vellum', () => {
  it('from the popover on the publication\'s page', async () => {
    const publication = await publicationWithHabStory();
    const { page, watch, context } = await open(`/${publication.slug}`);
    await headerInput(page).click();
    await headerInput(page).pressSequentially('hab');
    await popover(page).getByText('From this Publication').waitFor();
    const widen = popover(page).getByText('Search all of Vellum for “hab”');
    await widen.click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'hab');
    // Global: the tabs of every kind, no publication named in the title.
    await page.locator('[data-testid="search-tabs"]').getByText('People').waitFor();
    expect(await page.locator('[data-testid="search-page"] h1').innerText()).not.toContain(publication.name);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('from the publication\'s search page, keeping the query', async () => {
    const publication = await publicationWithHabStory();
    const { page, watch, context } = await open(`/${publication.slug}/search?q=hab`);
    await page.getByText(`Searching only ${publication.name}.`).waitFor();
    expect(await page.locator('[data-testid="search-tabs"]').count()).toBe(0);
    await page.getByRole('link', { name: 'Search all of Vellum' }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'hab');
    await page.locator('[data-testid="search-tabs"]').getByText('Publications').waitFor();
    expect(await page.getByText(`Searching only ${publication.name}.`).count()).toBe(0);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);
});

it('the notifications page\'s box searches the reader\'s own stories ("From your stories")', async () => {
  // A writer with a published story, and a word of its title the predictive search matches.
  const [stories] = await searchService([{ indexName: 'vellum_post', query: '', hitsPerPage: 50 }]);
  const story = stories!.hits.find((hit) => /^[A-Za-z]{4,}/.test(String(hit.title)));
  if (!story) throw new Error('no story with a plain first word');
  const word = String(story.title).match(/^[A-Za-z]{4,}/)![0];
  const username = String(story.creator.username);
  const session = createDemoSessions([username])[username]!;
  const { page, watch, context } = await open('/me/notifications', 1280, session.token);
  await headerInput(page).click();
  await headerInput(page).pressSequentially(word);
  const section = popover(page).locator('[data-section="From your stories"]');
  await section.getByText('From your stories').waitFor({ state: 'attached' });
  const titles = await section.locator('[role="option"]').allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  // Only the reader's own stories: the service, asked for this writer's stories, has each one.
  const [own] = await searchService([{ indexName: 'vellum_post', query: word, hitsPerPage: 50, facetFilters: [`creator.username:${username}`] }]);
  const ownTitles = own!.hits.map((hit) => String(hit.title));
  for (const title of titles) expect(ownTitles.some((t) => title.includes(t))).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
}, 90_000);

describe('/search\'s layout', () => {
  /** Pixels between the header's bottom edge and the page's search box. */
  async function gapBelowHeader(page: Page): Promise<number> {
    const header = await page.locator('[data-testid="site-header"]').boundingBox();
    const box = await page.locator('[data-testid="search-box-page"]').boundingBox();
    if (!header || !box) throw new Error('no header or search box');
    return box.y - (header.y + header.height);
  }

  it('at 1280 px the right column lists popular writers and the box stands clear of the header', async () => {
    const { page, watch, context } = await open('/search?q=hab');
    const sidebar = page.locator('[data-testid="sidebar"]');
    await sidebar.getByText('Popular writers').waitFor();
    expect(await sidebar.locator('a').count()).toBeGreaterThan(0);
    expect(await gapBelowHeader(page)).toBeGreaterThanOrEqual(24);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('at 390 px there is no right column and the box stands clear of the header', async () => {
    const { page, watch, context } = await open('/search', 390);
    await page.locator('[data-testid="search-box-page"]').waitFor();
    expect(await page.locator('[data-testid="sidebar"]').isVisible()).toBe(false);
    expect(await gapBelowHeader(page)).toBeGreaterThanOrEqual(16);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);
});
