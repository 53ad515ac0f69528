// The story page as a signed-in reader uses it (issue 6 items 1 and 3), in Chromium on the
// seeded site: clapping three times (the count moves at once, settles with the server and
// survives a reload) and writing a response that appears in the thread.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { ON_SITE_STORY_CARD } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let reader: DemoSession;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  reader = createDemoSessions(['reader']).reader!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

const clapCount = (page: Page) => page.locator('.story-header .clap-count').textContent();
const viewerClaps = async (page: Page) => {
  const badge = page.locator('.story-header [data-testid="viewer-claps"]');
  return (await badge.count()) ? Number((await badge.textContent())!.slice(1)) : 0;
};

/** A story on the home page that the reader did not write and that still takes responses. */
async function openStoryToRespondTo(page: Page): Promise<string> {
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const hrefs = await page.locator(`${ON_SITE_STORY_CARD} .story-card-link`).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  for (const href of hrefs.filter((h) => !h.startsWith('/@reader/'))) {
    await page.goto(baseURL + href);
    await waitForHydration(page);
    const closed = await page.locator('.responses-closed').count();
    if (closed === 0 && (await viewerClaps(page)) <= 47) return href;
  }
  throw new Error('No story on the home page takes responses and claps from the reader');
}


it('claps a story three times: the count moves at once and survives a reload', async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  const href = await openStoryToRespondTo(page);
  const before = Number((await page.locator('.story-header .clap-count').getAttribute('aria-label'))!.split(' ')[0]);
  const ownBefore = await viewerClaps(page);

  const answered = page.waitForResponse((r) => r.url().endsWith('/_/graphql') && (r.request().postData() ?? '').includes('ClapMutation'));
  const button = page.locator('.story-header .clap-button');
  await button.click();
  await button.click();
  await button.click();
  // Before the server answers, the page already shows the three claps.
  await expect.poll(() => viewerClaps(page)).toBe(ownBefore + 3);
  const response = await answered;
  const body = (await response.json()) as { data: { clap: { clapCount: number; viewerEdge: { clapCount: number } } } };
  expect(body.data.clap.viewerEdge.clapCount).toBe(ownBefore + 3);
  // One request for the burst of clicks.
  expect(watch.graphqlRequests.filter((r) => r.includes('ClapMutation'))).toHaveLength(1);
  expect(JSON.parse(watch.graphqlRequests.find((r) => r.includes('ClapMutation'))!).variables.numClaps).toBe(3);
  await expect.poll(() => page.locator('.story-header .clap-count').getAttribute('aria-label')).toBe(`${body.data.clap.clapCount} claps`);
  expect(body.data.clap.clapCount).toBeGreaterThanOrEqual(before + 3);

  await page.reload();
  await waitForHydration(page);
  expect(page.url()).toBe(baseURL + href);
  expect(await viewerClaps(page)).toBe(ownBefore + 3);
  expect(await page.locator('.story-header .clap-count').getAttribute('aria-label')).toBe(`${body.data.clap.clapCount} claps`);
  expect(await clapCount(page)).not.toBe('');
  expect(watch.consoleErrors).toEqual([]);
  await page.screenshot({ path: 'tests/e2e/screenshots/story-claps.png' });
  await page.close();
});

it('writes a response that appears in the thread', async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  await openStoryToRespondTo(page);
  const text = `A response written in Chromium at ${Date.now()}.\n\nIts second paragraph.`;
  const editor = page.locator('section#responses form[aria-label="Write a response"]').first();
  await editor.locator('textarea').fill(text);
  await editor.locator('button[type="submit"]').click();
  const written = page.locator('[data-testid="response"]', { hasText: text.split('\n')[0]! });
  await written.waitFor();
  expect(await written.locator('.story-p').allTextContents()).toEqual([text.split('\n')[0], 'Its second paragraph.']);
  expect(await written.locator('.response-author').textContent()).toBe(await page.evaluate(() => (window as any).__PRELOADED_STATE__.viewer.name));
  await expect.poll(() => editor.locator('textarea').inputValue()).toBe('');

  await page.reload();
  await waitForHydration(page);
  await page.locator('[data-testid="response"]', { hasText: text.split('\n')[0]! }).waitFor();
  expect(watch.consoleErrors).toEqual([]);
  await page.locator('section#responses').screenshot({ path: 'tests/e2e/screenshots/story-responses.png' });
  await page.close();
});
