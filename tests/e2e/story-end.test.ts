// The story's end (tags to "More from") is a part hydrated once its chunk is in
// (docs/adr/0232-the-story-end-hydrated-after-start-up.md). The chunk is held back here, so every
// step happens in the window the part is still the server's markup:
// - the page renders again with the normalized cache's answer (a hover's preload takes the cache
//   over: the same story in new objects) — the end is never taken out of the document;
// - a click on the footer's Follow button before the chunk is in loses nothing: the page stays;
// - once the chunk is in, the part hydrates: the footer's Follow follows, a clap at the bottom
//   counts, the response editor takes text and offers to respond; the author's tools were never loaded.
// The author's tools (Edit, Details, Delete) are a part of their own too: drawn for the author, working once in.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { READER_AGENT, launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, createNewReader, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A public story in a publication, on the site's own host (its page has both footers). */
async function storyInPublication(): Promise<{ storyId: string; writer: string }> {
  const query = `query FindStories {
    homeFeed(mode: LATEST, paging: { limit: 50 }) { items { post {
      id isLocked
      creator { username customDomainState { live { domain } } }
      collection { id domain }
    } } }
  }`;
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
    body: JSON.stringify({ query }),
  });
  type Item = { post: { id: string; isLocked: boolean; creator: { username: string; customDomainState: { live: { domain: string } | null } | null }; collection: { domain: string | null } | null } };
  const body = (await response.json()) as { data: { homeFeed: { items: Item[] } } };
  const found = body.data.homeFeed.items.find(({ post }) => post.collection && !post.collection.domain && !post.creator.customDomainState?.live && !post.isLocked);
  if (!found) throw new Error('no public story in a publication on the main host in the demo world');
  return { storyId: found.post.id, writer: found.post.creator.username };
}

/** Whether React has hydrated the element (it carries a fiber). */
const hydrated = (selector: string) => {
  const element = document.querySelector(selector);
  return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
};

it('the story’s end stays drawn from load to idle, keeps an early click, and hydrates once its chunk is in', { timeout: 120_000 }, async () => {
  const { storyId } = await storyInPublication();
  // A reader of their own for each attempt: the follow and the clap below start from nothing.
  const reader: DemoSession = createNewReader(`storyend${Math.random().toString(36).slice(2, 8)}`, 'Story End Reader');
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: reader.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('.js')) scripts.push(new URL(request.url()).pathname);
  });
  let held = 0;
  await page.route(/\/assets\/story-end-[^/]*\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  // Every removal of the end's nodes from the document, from the first parse on.
  await page.addInitScript(() => {
    const removed: string[] = [];
    (window as unknown as { removedEnd: string[] }).removedEnd = removed;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && (node.matches('.story-end-part, .story-footer, #responses') || node.querySelector('.story-footer, #responses'))) {
            removed.push(`${node.tagName.toLowerCase()}.${node.className}`);
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
  const removedEnd = () => page.evaluate(() => (window as unknown as { removedEnd: string[] }).removedEnd);

  expect((await page.goto(`${baseURL}/p/${storyId}`))?.status()).toBe(200);
  await waitForHydration(page);
  const footerFollow = page.locator('article.story .story-footer:not(.story-footer-publication) .follow-button');
  await footerFollow.waitFor();
  expect(await footerFollow.innerText()).toBe('Follow');

  // The normalized cache takes over on a hover's preload and the page renders again with its
  // answer; the end's chunk is still held.
  // (The preload is reported once its data is in: the cache has answered by then.)
  await page.waitForFunction(hydrated, 'article.story .story-byline-name', { timeout: 30_000 });
  const preloaded = page.waitForRequest((request) => new URL(request.url()).pathname === '/_/clientele/reports/preload/', { timeout: 30_000 });
  await page.locator('article.story .story-byline-name').hover();
  await preloaded;
  await page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));
  expect(await page.evaluate(hydrated, '.story-footer .follow-button')).toBe(false);

  // A click before the chunk is in: the chunk is asked for, the page stays as drawn.
  await footerFollow.scrollIntoViewIfNeeded();
  await footerFollow.click();
  await expect.poll(() => held, { timeout: 30_000 }).toBeGreaterThan(0);
  expect(await footerFollow.innerText()).toBe('Follow');
  expect(await page.locator('article.story #responses').count()).toBe(1);
  expect(await page.locator('article.story .more-from').count()).toBeGreaterThan(0);
  expect(await removedEnd()).toEqual([]);

  // The chunk comes in: the end hydrates where it is, without being drawn again.
  release();
  await page.waitForFunction(hydrated, '.story-footer .follow-button', { timeout: 30_000 });
  expect(await removedEnd()).toEqual([]);

  // It works: Follow in the footer (the byline's button moves with it)…
  await footerFollow.click();
  await expect.poll(() => footerFollow.innerText(), { timeout: 10_000 }).toBe('Following');
  expect(await page.locator('article.story .story-byline .follow-button').innerText()).toBe('Following');
  // …a clap at the bottom (both rows of actions show it)…
  const claps = page.locator('article.story .story-actions [data-testid="clap"] .clap-button');
  expect(await claps.count()).toBe(2);
  await claps.nth(1).click();
  await expect.poll(() => page.locator('article.story .story-actions [data-testid="clap"] .clap-button-clapped').count(), { timeout: 10_000 }).toBe(2);
  // …and the response editor.
  const editor = page.locator('#responses .response-editor-text');
  await editor.fill('A response typed once the end has hydrated.');
  await expect.poll(() => page.locator('#responses .response-editor button[type="submit"]').isEnabled(), { timeout: 10_000 }).toBe(true);
  expect(await removedEnd()).toEqual([]);
  // A reader who is not the author never loads the author's tools.
  expect(scripts.filter((path) => path.includes('StoryAuthorTools'))).toEqual([]);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('the author’s tools are drawn for the author and work once their chunk is in', { timeout: 120_000 }, async () => {
  const { storyId, writer } = await storyInPublication();
  const author = createDemoSessions([writer])[writer]!;
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: author.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  expect((await page.goto(`${baseURL}/p/${storyId}`))?.status()).toBe(200);
  await waitForHydration(page);
  expect(await page.locator('.story-author-tools a').allInnerTexts()).toEqual(['Edit', 'Details']);
  const remove = page.locator('.story-author-tools [data-testid="delete-story"]');
  await page.waitForFunction(hydrated, '.story-author-tools [data-testid="delete-story"]', { timeout: 30_000 });
  await remove.click();
  const confirm = page.locator('.story-author-tools .delete-story-confirm');
  await confirm.waitFor({ timeout: 10_000 });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await remove.waitFor({ timeout: 10_000 });
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it('/p/{postId}/responses opens the story scrolled to its responses, and the #responses link goes there', { timeout: 120_000 }, async () => {
  const { storyId } = await storyInPublication();
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const watch = watchPage(page);
  const responsesInView = () =>
    page.evaluate(() => {
      const top = document.querySelector('#responses')?.getBoundingClientRect().top;
      return top !== undefined && top >= -1 && top < window.innerHeight;
    });

  expect((await page.goto(`${baseURL}/p/${storyId}/responses`))?.status()).toBe(200);
  await waitForHydration(page);
  // The section scrolls itself into view once the story's end has hydrated.
  await expect.poll(responsesInView, { timeout: 30_000 }).toBe(true);

  // From the top of the story, the actions' responses link (an anchor, before or after hydration).
  expect((await page.goto(`${baseURL}/p/${storyId}`))?.status()).toBe(200);
  await waitForHydration(page);
  expect(await responsesInView()).toBe(false);
  await page.locator('article.story .story-header .story-actions a[href="#responses"]').click();
  await expect.poll(responsesInView, { timeout: 10_000 }).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});
