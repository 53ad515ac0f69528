// Open in app carries the deep-link page-view data (docs/product/1-product-screens-membership-header-search.md
// §7; client/components/header/deep-link-data.ts) when a reader follows it from a story, and
// nothing of the kind for a bot. The link service is not reachable here: its address is
// answered by the test, which keeps the address the browser went to.
import { expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { ON_SITE_STORY_CARD, READER_AGENT, useBrowser, waitForHydration } from './support/browser.ts';

const baseURL = inject('baseURL');
const BOT_AGENT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const browser = useBrowser();

/** Opens a story on a phone-sized screen, follows Open in app, and answers for the link service. */
async function followOpenInApp(context: BrowserContext): Promise<URL> {
  let reached!: (url: URL) => void;
  const followed = new Promise<URL>((resolve) => (reached = resolve));
  await context.route('https://vellum.app.link/**', (route) => {
    reached(new URL(route.request().url()));
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<title>app link</title>' });
  });
  const page = await context.newPage();
  await page.goto(baseURL + '/');
  const href = await page.locator(ON_SITE_STORY_CARD).first().locator('.story-card-link').getAttribute('href');
  await page.goto(baseURL + href! + '?source=weekly_digest');
  await waitForHydration(page);
  await page.getByTestId('open-in-app').click();
  return followed;
}

it('a reader’s Open in app link carries the story’s page-view data', async () => {
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 400, height: 800 } });
  const url = await followOpenInApp(context);
  expect(url.searchParams.get('~feature')).toBe('LoOpenInAppButton');
  expect(url.searchParams.get('~channel')).toMatch(/Post/);
  expect(Object.fromEntries(['in_app_browser', 'logged_in', 'member', 'source'].map((name) => [name, url.searchParams.get(name)]))).toEqual({
    in_app_browser: 'false',
    logged_in: 'false',
    member: 'false',
    source: 'Weekly Digest',
  });
  expect(url.searchParams.get('creator')).toMatch(/^[\w.-]+$/);
  expect(url.searchParams.get('follows_creator')).toBe('false');
  expect(['paywalled', 'not_metered']).toContain(url.searchParams.get('meter_state'));
  expect(Number.isNaN(Date.parse(url.searchParams.get('creation_date') ?? ''))).toBe(false);
  await context.close();
});

it('a bot’s Open in app link carries none of it', async () => {
  const context = await browser.newContext({ userAgent: BOT_AGENT, viewport: { width: 400, height: 800 } });
  const url = await followOpenInApp(context);
  expect(url.searchParams.get('~feature')).toBe('LoOpenInAppButton');
  for (const name of ['in_app_browser', 'logged_in', 'member', 'source', 'creator', 'meter_state']) expect(url.searchParams.get(name), name).toBeNull();
  await context.close();
});
