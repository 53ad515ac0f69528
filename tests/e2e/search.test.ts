// Search in Chromium (issue 10): the header's predictive popover on desktop (sections, arrow
// keys, Enter, Escape, Recent Searches), Enter on a query → the search page with tabs, the
// search button on a 390 px screen, and a publication page's search scoped to it; a click and
// text typed before the header search box's code is in.
import { describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

async function open(path: string, width = 1280) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + path);
  await waitForHydration(page);
  return { page, watch, context };
}

const popover = (page: Page) => page.locator('[data-testid="search-popover"]');
const headerInput = (page: Page) => page.locator('[data-testid="search-box-header"] input');

/** A story hit for "hab" that belongs to a publication, from the search service itself. */
/** A publication whose stories the popover finds for "hab" (its predictive query: 8 hits, title and names). */
async function publicationWithHabStory(): Promise<{ slug: string; name: string }> {
  const query = async (requests: Record<string, unknown>[]) => {
    const response = await fetch(`${baseURL}/1/indexes/*/queries`, {
      method: 'POST',
      headers: { 'x-algolia-application-id': 'VELLUMLOCAL', 'x-algolia-api-key': 'local-search-only-key' },
      body: JSON.stringify({ requests }),
    });
    return ((await response.json()) as { results: { hits: Record<string, any>[] }[] }).results;
  };
  const [publications] = await query([{ indexName: 'vellum_collection', query: '', hitsPerPage: 100 }]);
  const scoped = await query(publications!.hits.map((p) => ({ indexName: 'vellum_post', query: 'hab', hitsPerPage: 8, facetFilters: [`collection.slug:${p.slug}`] })).slice(0, 8));
  const found = scoped.findIndex((r) => r.hits.length > 0);
  if (found < 0) throw new Error('no publication with a story the popover finds for "hab"');
  const publication = publications!.hits[found]!;
  return { slug: publication.slug, name: publication.name };
}

describe('the predictive popover on desktop', () => {
  it('shows its sections for "hab", moves with the arrow keys, opens the highlighted hit with Enter', async () => {
    const { page, watch, context } = await open('/');
    await expect(page.locator('[data-testid="header-search"]').isVisible()).resolves.toBe(false);
    await headerInput(page).click();
    await headerInput(page).pressSequentially('hab');
    await page.locator('[data-testid="search-popover"] [data-section="Topics"] [role="option"]').first().waitFor();
    const box = await popover(page).boundingBox();
    expect(box?.width).toBe(316);
    const sections = await popover(page).locator('[data-section]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-section')));
    expect(sections).toContain('Topics');
    const options = popover(page).locator('[role="option"]');
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(0).getAttribute('aria-selected')).resolves.toBe('true');
    const count = await options.count();
    if (count > 1) {
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1).getAttribute('aria-selected')).resolves.toBe('true');
      await page.keyboard.press('ArrowUp');
    }
    await expect(options.nth(0).getAttribute('aria-selected')).resolves.toBe('true');
    const href = await options.nth(0).locator('a').getAttribute('href');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === new URL(href!, baseURL).pathname);
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  });

  it('a reader who clicks and types before the search box’s code is in gets the popover for what they typed', async () => {
    // The header search box hydrates once its chunk is in (docs/adr/0209-parts-hydrated-after-start-up.md):
    // the chunk is held back here until the reader has clicked and typed.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const watch = watchPage(page);
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = 0;
    await page.route(/\/assets\/SearchBox-[^/]*\.js$/, async (route) => {
      held += 1;
      await released;
      await route.continue();
    });
    await page.goto(baseURL + '/');
    await waitForHydration(page);
    await headerInput(page).click();
    await headerInput(page).pressSequentially('hab');
    await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);
    await expect(popover(page).count()).resolves.toBe(0);
    release();
    await page.locator('[data-testid="search-popover"] [data-section="Topics"] [role="option"]').first().waitFor({ timeout: 30_000 });
    await expect(headerInput(page).inputValue()).resolves.toBe('hab');
    expect(watch.consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('closes with Escape', async () => {
    const { page, context } = await open('/');
    await headerInput(page).click();
    await headerInput(page).pressSequentially('hab');
    await popover(page).waitFor();
    await page.keyboard.press('Escape');
    await popover(page).waitFor({ state: 'detached' });
    await context.close();
  });

  it('Enter on a query opens /search?q=… with tabs; the empty popover then lists it under Recent Searches, removable', async () => {
    const { page, context } = await open('/');
    await headerInput(page).click();
    await headerInput(page).pressSequentially('hab');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'hab');
    await page.locator('[data-testid="search-tabs"]').waitFor();
    const tabs = await page.locator('[data-testid="search-tabs"] a').allInnerTexts();
    expect(tabs).toEqual(['Top', 'Stories', 'People', 'Publications', 'Topics', 'Lists']);
    await page.locator('[data-testid="search-page"] .search-result').first().waitFor();
    // People, publications and topics carry Follow buttons.
    await page.locator('[data-testid="search-tabs"] a', { hasText: 'Topics' }).click();
    await page.waitForURL((url) => url.pathname === '/search/tags');
    await page.locator('[data-testid="search-results"] .search-result .follow-button').first().waitFor();
    await page.locator('[data-testid="search-tabs"] a', { hasText: 'Stories' }).click();
    await page.waitForURL((url) => url.pathname === '/search/posts' && url.searchParams.get('q') === 'hab');
    await page.locator('[data-testid="search-results"] .search-result').first().waitFor();

    await headerInput(page).click();
    const recent = popover(page).locator('[data-section="Recent Searches"] [role="option"]');
    await recent.first().waitFor();
    expect(await recent.allInnerTexts()).toEqual([expect.stringContaining('hab')]);
    await expect(popover(page).locator('[data-section="Explore topics"]').isVisible()).resolves.toBe(true);
    await popover(page).locator('[data-testid="remove-recent-search"]').click();
    await popover(page).locator('[data-section="Recent Searches"]').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('vellum.recentSearches'))).toBe('[]');
    await context.close();
  });
});

describe('on a 390 px screen', () => {
  it('the search button leads to the search page, whose input searches the same way', async () => {
    const { page, context } = await open('/', 390);
    await expect(headerInput(page).isVisible()).resolves.toBe(false);
    await page.locator('[data-testid="header-search"]').click();
    await page.waitForURL((url) => url.pathname === '/search');
    const input = page.locator('[data-testid="search-box-page"] input');
    await input.click();
    await input.pressSequentially('hab');
    await page.locator('[data-testid="search-popover"] [role="option"]').first().waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'hab');
    await page.locator('[data-testid="search-page"] .search-result').first().waitFor();
    await context.close();
  });
});

describe('a publication page', () => {
  it('searches only that publication\'s stories', async () => {
    const publication = await publicationWithHabStory();
    const { page, context } = await open(`/${publication.slug}`);
    await headerInput(page).click();
    await headerInput(page).pressSequentially('hab');
    const stories = popover(page).locator('[data-section="From this Publication"] [role="option"] a');
    await stories.first().waitFor();
    for (const href of await stories.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) {
      expect(href).toMatch(new RegExp(`^/${publication.slug}/`));
    }
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/${publication.slug}/search` && url.searchParams.get('q') === 'hab');
    await page.locator('[data-testid="search-page"] h1', { hasText: publication.name }).waitFor();
    const results = page.locator('[data-testid="search-results"] .search-result');
    await results.first().waitFor();
    for (const meta of await results.locator('.search-result-meta').first().allInnerTexts()) expect(meta).toContain(publication.name);
    await context.close();
  });
});
