// A visitor's navigation reads the next page's data from that page's document, which the edge
// cache answers, instead of a GraphQL call (client/app/page-document.ts;
// docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md): home → story → writer
// sends no page query to /_/graphql and shows the right pages; back shows the story again from
// what the browser holds; while a document is on its way the page on screen stays (ADR 0037).
// A signed-in reader's navigation asks GraphQL, as before.
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ON_SITE_STORY_CARD, READER_AGENT, recordRequests, useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
/** The pages' own queries (client/pages/PostPage.graphql.ts, client/pages/UserProfilePage.graphql.ts). */
const PAGE_QUERIES = /\b(PostPageQuery|User\w*PageQuery)\b/;

/** Marks the document: a full page load loses the mark, a client-side navigation keeps it. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

it('a visitor goes from home to a story and to its writer with no data call for the pages, and back', { timeout: 90_000 }, async () => {
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 390, height: 844 }, isMobile: true });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await markDocument(page);
  const requests = recordRequests(page);

  const card = page.locator(ON_SITE_STORY_CARD).first();
  const title = (await card.locator('.story-card-title').textContent())!.trim();
  const storyPath = (await card.locator('.story-card-link').getAttribute('href'))!;
  await card.locator('.story-card-link').click();
  await page.waitForURL(baseURL + storyPath);
  await expect(page.locator('h1.story-title').textContent()).resolves.toBe(title);
  // The story's text, all of it: what the page shows without scripts (the document's withheld text
  // restored). The story's body is the page's first: a response under it has a body of its own.
  const served = await (await browser.newContext({ javaScriptEnabled: false, userAgent: READER_AGENT })).newPage();
  await served.goto(baseURL + storyPath);
  const servedText = (await served.locator('.story-body').first().textContent())!.trim();
  await served.context().close();
  expect(servedText.length).toBeGreaterThan(0);
  expect((await page.locator('.story-body').first().textContent())!.trim()).toBe(servedText);
  expect(await sameDocument(page)).toBe(true);
  expect(requests.documents()).toContain(new URL(storyPath, baseURL).pathname);
  expect(requests.operations().filter((operations) => PAGE_QUERIES.test(operations))).toEqual([]);

  // The writer, from the story's byline.
  const byline = page.locator('main .story-byline-name').first();
  const writer = (await byline.textContent())!.trim();
  const writerPath = (await byline.getAttribute('href'))!;
  expect(writerPath).toMatch(/^\/@/);
  requests.clear();
  await byline.click();
  await page.waitForURL(baseURL + writerPath);
  await expect(page.locator('h1.profile-name').textContent()).resolves.toContain(writer);
  expect(await page.locator(ON_SITE_STORY_CARD).count()).toBeGreaterThan(0);
  expect(await sameDocument(page)).toBe(true);
  expect(requests.documents()).toEqual([writerPath]);
  expect(requests.operations().filter((operations) => PAGE_QUERIES.test(operations))).toEqual([]);

  // Back: the story again, from what this document already holds (no document, no page query).
  requests.clear();
  await page.goBack();
  await page.waitForURL(baseURL + storyPath);
  await expect(page.locator('h1.story-title').textContent()).resolves.toBe(title);
  expect(await sameDocument(page)).toBe(true);
  expect(requests.documents()).toEqual([]);
  expect(requests.operations().filter((operations) => PAGE_QUERIES.test(operations))).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('a visitor keeps the current page on screen, under the progress bar, while the next page’s document is held back', { timeout: 60_000 }, async () => {
  const context = await browser.newContext({ userAgent: READER_AGENT });
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const homeText = (await page.locator('main').textContent())!.trim();
  const card = page.locator(ON_SITE_STORY_CARD).first();
  const title = (await card.locator('.story-card-title').textContent())!.trim();
  const storyPath = new URL((await card.locator('.story-card-link').getAttribute('href'))!, baseURL).pathname;
  // The story's document, fetched by the page's script, waits until the test has looked.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  await page.route(
    (url) => url.pathname === storyPath,
    async (route) => {
      if (route.request().resourceType() === 'fetch') {
        markHeld();
        await released;
      }
      await route.continue();
    },
  );
  await card.locator('.story-card-link').click();
  await held;
  for (let i = 0; i < 10; i++) {
    expect((await page.locator('main').textContent())!.trim()).toBe(homeText);
    expect(await page.locator('[role="progressbar"]').count()).toBe(1);
    await page.waitForTimeout(25);
  }
  release();
  await page.waitForSelector('h1.story-title');
  expect((await page.locator('h1.story-title').textContent())!.trim()).toBe(title);
  await page.waitForSelector('[role="progressbar"]', { state: 'detached' });
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('a signed-in reader’s navigation still asks GraphQL for the page and shows it', { timeout: 60_000 }, async () => {
  const { reader } = createDemoSessions(['reader']);
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader!.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  const requests = recordRequests(page);
  const home = await page.goto(baseURL + '/');
  expect(home?.status()).toBe(200);
  await waitForHydration(page);
  await markDocument(page);
  const link = page.locator(`main ${ON_SITE_STORY_CARD} .story-card-link`).first();
  const href = (await link.getAttribute('href'))!;
  await link.click();
  await page.waitForURL(baseURL + href);
  await page.waitForSelector('h1.story-title');
  expect(await sameDocument(page)).toBe(true);
  // The story's data came from GraphQL (the signed-in Home asks for its first story on render,
  // the others on intent or on the click), never from a document.
  expect(requests.operations().filter((operations) => /\bPostPageQuery\b/.test(operations)).length).toBeGreaterThan(0);
  expect(requests.documents()).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
