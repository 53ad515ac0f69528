// The mobile web editor at 390 px (issue 28 point 6; docs/adr/0145-mobile-web-editor.md): a
// writer on a phone writes a draft at /m-write, it saves and the address becomes
// /m-write/{postId}; reopened there, the draft is as written; they add a paragraph and publish
// from the same screen, and the story is readable at its address. Nothing is wider than the phone.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { caretToEnd, launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  const writer = createDemoSessions(['author']).author!;
  context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
});
afterAll(async () => {
  await browser?.close();
});

const editor = (page: Page) => page.locator('[data-testid="story-editor"]');
const saved = (page: Page) => expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 20_000 }).toBe('Saved');
const widerThanThePhone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

it('writes a draft on /m-write, reopens it at /m-write/{postId}, publishes it, and the story is readable', async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  const title = `Pocket notes ${Date.now().toString(36)}`;

  await page.goto(baseURL + '/m-write');
  await waitForHydration(page);
  await editor(page).waitFor({ timeout: 20_000 });
  expect(await page.title()).toContain('New story');
  await page.locator('[aria-label="Title"]').fill(title);
  await editor(page).tap();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('story-editor');
  await page.keyboard.type('Written on a phone, on the bus home.');
  await saved(page);
  await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/m-write\/[0-9a-f]{12}$/);
  const postId = /\/m-write\/([0-9a-f]{12})$/.exec(page.url())![1]!;
  expect(await widerThanThePhone(page)).toBe(false);

  // Reopened at its own address, in the same screen.
  await page.goto(`${baseURL}/m-write/${postId}`);
  await waitForHydration(page);
  await editor(page).waitFor({ timeout: 20_000 });
  expect(await page.locator('[data-editor="mobile"]').count()).toBe(1);
  expect(await page.inputValue('[aria-label="Title"]')).toBe(title);
  expect(await editor(page).textContent()).toContain('Written on a phone, on the bus home.');
  await editor(page).locator('p').last().tap();
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('story-editor');
  // The end of the text, not of the line: at 390 px the paragraph wraps, and End stops at the
  // end of the line the tap landed on (where it wraps depends on when the fonts arrive).
  await caretToEnd(page, '[data-testid="story-editor"]');
  await page.keyboard.press('Enter');
  await page.keyboard.type('A second paragraph, added later.');
  await saved(page);

  // Publish from the same screen: the bar stays in reach, the publish step fits the phone.
  const publish = page.getByRole('button', { name: 'Publish', exact: true });
  const box = await publish.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await publish.tap();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  await dialog.waitFor();
  expect(await widerThanThePhone(page)).toBe(false);
  await Promise.all([page.waitForURL(new RegExp(`/@author/.*${postId}`), { timeout: 30_000 }), dialog.getByRole('button', { name: 'Publish now' }).tap()]);
  await waitForHydration(page);
  await expect.poll(() => page.locator('h1').first().textContent()).toBe(title);
  const body = await page.locator('main').textContent();
  expect(body).toContain('Written on a phone, on the bus home.');
  expect(body).toContain('A second paragraph, added later.');
  expect(await widerThanThePhone(page)).toBe(false);
  expect(watch.consoleErrors).toEqual([]);
}, 180_000);
