// Blocking in Chromium on the seeded site, as a signed-in reader: Block on a writer's
// profile asks first, then ends with a toast and an Unblock button; the writer's story
// then answers the Blocking page (403) whose Unblock button opens the story in place.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
// A demo account no other browser test signs in with, so its blocks are its own.
const READER = 'gifted';
const WRITER = { username: 'partner', name: 'Jonah Kim' };
let browser: Browser;
let session: DemoSession;

beforeAll(async () => {
  browser = await launchBrowser();
  session = createDemoSessions([READER])[READER]!;
});
afterAll(async () => {
  await browser?.close();
});

async function aStoryOf(username: string): Promise<string> {
  const response = await fetch(`${baseURL}/_/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
    body: JSON.stringify({ query: `{ user(username: "${username}") { postsConnection(paging: { limit: 1 }) { posts { id } } } }` }),
  });
  const body = (await response.json()) as { data: { user: { postsConnection: { posts: { id: string }[] } } } };
  const id = body.data.user.postsConnection.posts[0]?.id;
  if (!id) throw new Error(`${username} has no story`);
  return id;
}

it('blocks a writer from their profile (with a confirm step), then unblocks them from their story', async () => {
  const storyId = await aStoryOf(WRITER.username);
  const context = await browser.newContext();
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);

  expect((await page.goto(`${baseURL}/@${WRITER.username}`))?.status()).toBe(200);
  await waitForHydration(page);
  const block = page.locator('.profile-sidebar-actions button.block-button');
  expect(await block.innerText()).toBe('Block');
  await block.click();
  // Nothing happens before the reader confirms.
  const confirm = page.locator('.block-confirm');
  await confirm.waitFor();
  expect(await confirm.innerText()).toContain(`Block ${WRITER.name}?`);
  await confirm.locator('[data-testid="confirm-block"]').click();
  const toast = page.locator('[data-testid="toast"]');
  await toast.waitFor();
  expect(await toast.innerText()).toContain(`You blocked ${WRITER.name}.`);
  await page.locator('.profile-sidebar-actions button.block-button', { hasText: 'Unblock' }).waitFor();

  // The writer's story is now the Blocking page, for this reader.
  const story = await page.goto(`${baseURL}/p/${storyId}`);
  expect(story?.status()).toBe(403);
  await waitForHydration(page);
  expect(await page.locator('[data-outcome="Blocking"] h1').innerText()).toBe('You blocked the author of this story.');
  await page.locator('[data-outcome="Blocking"] button.block-button').click();
  // Unblocking refetches the page's query: the story replaces the outcome, in place.
  await page.locator(`article.story[data-post-id="${storyId}"]`).waitFor();
  expect(await page.locator('[data-testid="toast"]').last().innerText()).toContain(`You unblocked ${WRITER.name}.`);

  // After a reload too, and the profile offers Block again.
  expect((await page.reload())?.status()).toBe(200);
  expect((await page.goto(`${baseURL}/@${WRITER.username}`))?.status()).toBe(200);
  expect(await page.locator('.profile-sidebar-actions button.block-button').innerText()).toBe('Block');
  // Chromium logs the 403 of the Blocking page's own document load; nothing else may fail.
  expect(watch.consoleErrors.filter((e) => !e.includes('status of 403'))).toEqual([]);
  await context.close();
});
