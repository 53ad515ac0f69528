// Issue 27 point 4 (docs/product/2-sign-in-notices-cache-routing.md §4.4): toast styles raised
// where their event happens, as a reader meets them in Chromium (several styles per file to keep
// the run short; one journey per test) —
// - Follow on a page opened before the reader followed that writer elsewhere (another tab)
//   says SUBSCRIBED_ALREADY, "You're already following {name}", not the new-follow toast.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, executeSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const DEMO_ACCOUNTS = new Set(['reader', 'member', 'friend', 'cancelled', 'failed', 'lapsed', 'gifted', 'ada', 'editor', 'author', 'staff', 'partner', 'grace']);

interface FeedPost {
  id: string;
  creator: { id: string; name: string; username: string; customDomainState: { live: { domain: string } | null } | null };
  collection: { domain: string | null } | null;
}

/** Stories on this site by seeded writers no browser test signs in as, newest first. */
async function storiesByOtherWriters(): Promise<FeedPost[]> {
  const query = `query Stories { homeFeed(mode: LATEST, paging: { limit: 50 }) { items { post { id creator { id name username customDomainState { live { domain } } } collection { domain } } } } }`;
  const response = await fetch(`${baseURL}/_/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query }) });
  const body = (await response.json()) as { data: { homeFeed: { items: { post: FeedPost }[] } } };
  return body.data.homeFeed.items.map((i) => i.post).filter((p) => !DEMO_ACCOUNTS.has(p.creator.username) && !p.creator.customDomainState?.live && !p.collection?.domain);
}

async function open(session: DemoSession, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  const page = await context.newPage();
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  return { context, page };
}

const toast = (page: Page, style: string) => page.locator(`[data-style="${style}"]`);

it('following a writer already followed in another tab says so', { timeout: 180_000 }, async () => {
  const stories = await storiesByOtherWriters();
  const story = stories[2] ?? stories[0];
  if (!story) throw new Error('no story by a seeded writer');
  // The reader: another seeded writer (its follows are this test's own).
  const readers = [...new Map(stories.map((p) => [p.creator.username, p.creator])).values()].filter((u) => u.id !== story.creator.id);
  const reader = readers.at(-3) ?? readers[0];
  if (!reader) throw new Error('a second seeded writer is needed');
  const session = createDemoSessions([reader.username])[reader.username]!;
  const forget = `DELETE FROM follows WHERE follower_id = '${reader.id}' AND target_type = 'USER' AND target_id = '${story.creator.id}'`;
  executeSql(forget);
  const { context, page } = await open(session, `/p/${story.id}`);
  try {
    const follow = page.locator('.story-byline button.follow-button, button.follow-button').first();
    await expect.poll(() => follow.innerText(), { timeout: 15_000 }).toBe('Follow');
    // Another tab follows the writer after this page was rendered.
    executeSql(`INSERT INTO follows (follower_id, target_type, target_id, created_at) VALUES ('${reader.id}', 'USER', '${story.creator.id}', ${Date.now()})`);
    await follow.click();
    await expect.poll(() => toast(page, 'SUBSCRIBED_ALREADY').innerText(), { timeout: 15_000 }).toContain(`You're already following ${story.creator.name}`);
    expect(await toast(page, 'SUBSCRIBE_SUCCESS').count()).toBe(0);
  } finally {
    await context.close();
    executeSql(forget);
  }
});
