// Client-side navigation keeps the current page on screen while the next one loads
// (client/app/navigation.tsx): the GraphQL answer is held back here until the test has
// sampled the page, so "slow" is under the test's control rather than a timing guess.
import { expect, inject, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { useBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { ON_SITE_STORY_CARD } from './support/browser.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

/** Holds every /_/graphql request until release() is called; `held` resolves at the first one. */
async function holdGraphQL(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  await page.route('**/_/graphql', async (route: Route) => {
    markHeld();
    await released;
    await route.continue();
  });
  return { held, release };
}

/** What the main column and the progress bar show, sampled `count` times while the page is busy. */
async function sampleWhileHeld(page: Page, count: number) {
  const samples: { mainText: string; progressBars: number }[] = [];
  for (let i = 0; i < count; i++) {
    samples.push(
      await page.evaluate(() => ({
        mainText: (document.querySelector('main')?.textContent ?? '').trim(),
        progressBars: document.querySelectorAll('[role="progressbar"]').length,
      })),
    );
    await page.waitForTimeout(25);
  }
  return samples;
}

it('keeps the current page on screen, under a progress bar, while the next page’s data is held back', async () => {
  const page = await browser.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/');
  await waitForHydration(page);
  const homeText = (await page.locator('main').textContent())!.trim();
  expect(homeText.length).toBeGreaterThan(0);
  expect(await page.locator('[role="progressbar"]').count()).toBe(0);

  const { held, release } = await holdGraphQL(page);
  const card = page.locator(ON_SITE_STORY_CARD).first();
  const title = (await card.locator('.story-card-title').textContent())!.trim();
  await card.locator('.story-card-link').click();
  await held;

  const samples = await sampleWhileHeld(page, 20);
  // Never an empty main column: the home page is still there, whole, the whole time…
  expect(samples.every((sample) => sample.mainText === homeText)).toBe(true);
  // …and the progress bar says a page is on its way.
  expect(samples.every((sample) => sample.progressBars === 1)).toBe(true);
  await expect(page.getByRole('progressbar', { name: 'Loading page' }).count()).resolves.toBe(1);

  release();
  await page.waitForSelector('h1.story-title');
  expect((await page.locator('h1.story-title').textContent())!.trim()).toBe(title);
  expect(new URL(page.url()).pathname).toMatch(/[0-9a-f]{12}$/);
  await page.waitForSelector('[role="progressbar"]', { state: 'detached' });
  expect(watch.consoleErrors).toEqual([]);
  await page.close();
});
