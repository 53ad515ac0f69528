// StaticMarkup (client/app/static-markup.tsx; docs/adr/0096-hydrate-what-the-reader-can-use.md)
// in Chromium: the server's markup stays through hydration and through the same content given
// again; new content is rendered; and content that goes back to what the server showed, after
// React has rendered other content in its place, is rendered too (the server's markup is gone by then).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser } from './support/browser.ts';
import { componentPage } from './support/component-page.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const SERVER_MARKUP = '<div id="root"><div class="story-body"><p data-from="server">First</p></div></div>';
const body = (page: Page) => page.locator('.story-body').innerHTML();
const show = async (page: Page, text: string) => {
  await page.evaluate((next) => window.showContent(next), text);
  // React commits the update in a task of its own.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
};

it('keeps the server markup until the content changes, and renders every change after that', async () => {
  const page = await componentPage(browser, 'static-markup.tsx', SERVER_MARKUP);
  await page.waitForFunction(() => window.hydrated === true);
  expect(await body(page)).toBe('<p data-from="server">First</p>');
  await show(page, 'First');
  expect(await body(page)).toBe('<p data-from="server">First</p>');
  await show(page, 'Second');
  expect(await body(page)).toBe('<p>Second</p>');
  await show(page, 'First');
  expect(await body(page)).toBe('<p>First</p>');
  await page.close();
});
