// Pages preload their code and data on hover and focus
// (docs/product/1-product-screens-membership-header-search.md §4; client/app/page-preparation.ts):
// hovering a story card fetches the story page's chunk and its data before any click, sends one
// preload report (§7), and the click then shows the story without a data request of its own.
// A visitor's data is the story's own document, which the edge cache answers
// (docs/adr/0223-a-visitors-navigation-data-from-the-edge-cached-page.md); a signed-in reader's a GraphQL call.
// A signed-in reader's Home preloads its first story on render, before any hover.
// A card in view loads only its page's code, once the page is idle; a pointer passing over a
// link without resting on it fetches nothing (docs/adr/0219-navigation-code-in-view-data-on-intent.md).
// Readers who save data and bots preload nothing.
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { ON_SITE_STORY_CARD, READER_AGENT, recordRequests, useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const readerPage = async () => (await browser.newContext({ userAgent: READER_AGENT })).newPage();

it('hovering a story card loads its page and data; the click then sends no data request', async () => {
  const page = await readerPage();
  const watch = watchPage(page);
  const requests = recordRequests(page);
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  requests.clear();

  const card = page.locator(ON_SITE_STORY_CARD).first();
  const title = (await card.locator('.story-card-title').textContent())!.trim();
  const storyPath = (await card.locator('.story-card-link').getAttribute('href'))!;
  const reported = page.waitForRequest((request) => new URL(request.url()).pathname === '/_/clientele/reports/preload/');
  await card.locator('.story-card-link').hover();
  const report = await reported;
  // The report comes after the chunk and the data are in: the data was fetched on hover (the
  // visitor's: the story's document, no data call), the chunk then or already when the card came into view.
  expect(requests.documents()).toEqual([new URL(storyPath, baseURL).pathname]);
  expect(requests.operations().filter((name) => /Post/.test(name))).toEqual([]);
  expect(report.postDataJSON()).toEqual({ currentPage: 'ShowHome', preloadedPage: expect.stringMatching(/Post/), isLoggedIn: false, isMobileOrTablet: false });
  expect((await report.response())?.status()).toBe(204);

  // Hovering again (once per link) preloads nothing more.
  await page.mouse.move(0, 0);
  requests.clear();
  await card.locator('.story-card-link').hover();
  await page.waitForTimeout(200);
  expect(requests.preloadReports()).toEqual([]);
  expect(requests.graphql()).toEqual([]);
  expect(requests.documents()).toEqual([]);

  await card.locator('.story-card-link').click();
  await page.waitForSelector('h1.story-title');
  expect((await page.locator('h1.story-title').textContent())!.trim()).toBe(title);
  expect(requests.graphql()).toEqual([]);
  expect(requests.documents()).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  await page.context().close();
});

it('a story card in view loads the story page’s code but not its data; a pointer passing over a link fetches nothing', async () => {
  const page = await readerPage();
  const requests = recordRequests(page);
  const storyCode = page.waitForRequest((request) => /^\/assets\/PostPage-[\w-]+\.js$/.test(new URL(request.url()).pathname));
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  // No hover, no focus: the cards on the first screen ask for the story page's chunk when idle…
  await storyCode;
  await page.waitForTimeout(300);
  // …and for no story's data.
  expect(requests.operations().filter((name) => /Post/.test(name))).toEqual([]);
  expect(requests.documents()).toEqual([]);
  expect(requests.preloadReports()).toEqual([]);

  // A pointer crossing a card's link (entering and leaving at once) is no intent to follow it.
  requests.clear();
  await page.locator(ON_SITE_STORY_CARD).first().locator('.story-card-link').evaluate((link) => {
    link.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    link.dispatchEvent(new PointerEvent('pointerout', { bubbles: true, pointerType: 'mouse', relatedTarget: document.body }));
  });
  await page.waitForTimeout(300);
  expect(requests.graphql()).toEqual([]);
  expect(requests.documents()).toEqual([]);
  expect(requests.preloadReports()).toEqual([]);

  // Pressing it is: the story's data (its document) is asked for before the click.
  const reported = page.waitForRequest((request) => new URL(request.url()).pathname === '/_/clientele/reports/preload/');
  const link = page.locator(ON_SITE_STORY_CARD).first().locator('.story-card-link');
  const storyPath = new URL((await link.getAttribute('href'))!, baseURL).pathname;
  await link.dispatchEvent('pointerdown', { button: 0, pointerType: 'mouse' });
  await reported;
  expect(requests.documents()).toEqual([storyPath]);
  await page.context().close();
});

it('focusing a link preloads too, but not for a reader who saves data', async () => {
  const page = await readerPage();
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const requests = recordRequests(page);
  await page.evaluate(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }));
  await page.locator(ON_SITE_STORY_CARD).first().locator('.story-card-link').focus();
  await page.waitForTimeout(300);
  expect(requests.graphql()).toEqual([]);
  expect(requests.documents()).toEqual([]);
  expect(requests.preloadReports()).toEqual([]);

  await page.evaluate(() => Object.defineProperty(navigator, 'connection', { value: { saveData: false }, configurable: true }));
  const reported = page.waitForRequest((request) => new URL(request.url()).pathname === '/_/clientele/reports/preload/');
  await page.locator(ON_SITE_STORY_CARD).nth(1).locator('.story-card-link').focus();
  await reported;
  // A visitor's data: the story's document.
  expect(requests.graphql().length + requests.documents().length).toBeGreaterThan(0);
  await page.context().close();
});

it('a bot preloads nothing', async () => {
  const context = await browser.newContext({ userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
  // (A crawler: the same page with the reader's agent preloads, as the tests above show.)
  const page = await context.newPage();
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const requests = recordRequests(page);
  await page.locator(ON_SITE_STORY_CARD).first().locator('.story-card-link').hover();
  await page.waitForTimeout(300);
  expect(requests.graphql()).toEqual([]);
  expect(requests.documents()).toEqual([]);
  expect(requests.preloadReports()).toEqual([]);
  await context.close();
});

it('a signed-in reader’s Home preloads its first story on render: no hover, and its click sends no data request', { timeout: 60_000 }, async () => {
  const { reader } = createDemoSessions(['reader']);
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader!.token, url: baseURL }]);
  const page = await context.newPage();
  const reported = page.waitForRequest((request) => new URL(request.url()).pathname === '/_/clientele/reports/preload/', { timeout: 30_000 });
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  // The first story on this site (one on a writer's own domain is a full navigation).
  const first = page.locator(`[data-feed="FOR_YOU"] ${ON_SITE_STORY_CARD}`).first();
  const href = (await first.locator('.story-card-link').getAttribute('href'))!;
  const report = await reported;
  expect(report.postDataJSON()).toMatchObject({ currentPage: 'ShowHome', preloadedPage: expect.stringMatching(/Post/), isLoggedIn: true });
  const requests = recordRequests(page);
  await first.locator('.story-card-link').click();
  await page.waitForURL(baseURL + href);
  await page.waitForSelector('h1.story-title');
  // The story's data came with the preload: the click asked for none of it.
  // (Marking the story read is the visit's own write, not its data.)
  expect(requests.operations().filter((name) => /Post/.test(name) && name !== 'MarkPostAsRead')).toEqual([]);
  await context.close();
});
