// Issue 27 point 4 (docs/product/2-sign-in-notices-cache-routing.md §4.4): toast styles raised
// where their event happens, as a reader meets them in Chromium (several styles per file to keep
// the run short; one journey per test) —
// - Follow on a page opened before the reader followed that writer elsewhere (another tab)
//   says SUBSCRIBED_ALREADY, "You're already following {name}", not the new-follow toast.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';
import { openSignedIn, storiesByOtherWriters } from './support/other-writers.ts';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toast = (page: Page, style: string) => page.locator(`[data-style="${style}"]`);

it('following a writer already followed in another tab says so', { timeout: 180_000 }, async () => {
  const stories = await storiesByOtherWriters(baseURL);
  const story = stories[2] ?? stories[0];
  if (!story) throw new Error('no story by a seeded writer');
  // The reader: another seeded writer (its follows are this test's own).
  const readers = [...new Map(stories.map((p) => [p.creator.username, p.creator])).values()].filter((u) => u.id !== story.creator.id);
  const reader = readers.at(-3) ?? readers[0];
  if (!reader) throw new Error('a second seeded writer is needed');
  const session = createDemoSessions([reader.username])[reader.username]!;
  const forget = `DELETE FROM follows WHERE follower_id = '${reader.id}' AND target_type = 'USER' AND target_id = '${story.creator.id}'`;
  executeSql(forget);
  const { context, page } = await openSignedIn(browser, baseURL, session, `/p/${story.id}`);
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
