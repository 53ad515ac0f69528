import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { ON_SITE_STORY_CARD } from './support/browser.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function sidebarBox(width: number) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const watch = watchPage(page);
  await page.goto(baseURL + '/@ada');
  await waitForHydration(page);
  const box = await page.locator('[data-testid="sidebar"]').boundingBox();
  const main = await page.locator('.layout-main').boundingBox();
  await page.screenshot({ path: `tests/e2e/screenshots/profile-${width}.png` });
  await page.close();
  expect(watch.consoleErrors).toEqual([]);
  return { box, main };
}

it('shows the two-column sidebar at 1200 px and hides it at 700 px', async () => {
  const wide = await sidebarBox(1200);
  expect(wide.box?.width).toBe(368);
  expect(wide.main?.width).toBeLessThanOrEqual(680 + 48);
  const medium = await sidebarBox(1000);
  expect(medium.box?.width).toBe(352);
  const narrow = await sidebarBox(700);
  expect(narrow.box).toBeNull();
});

it('resets the scroll position on a client-side path change', async () => {
  const page = await browser.newPage({ viewport: { width: 1200, height: 700 } });
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const link = page.locator(`${ON_SITE_STORY_CARD} .story-card-link`).last();
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await link.click();
  await page.waitForSelector('h1.story-title');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.close();
});
