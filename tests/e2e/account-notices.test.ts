// Issue 27 point 4 (docs/product/2-sign-in-notices-cache-routing.md §4.4): toast styles raised
// where their event happens, one journey per test —
// - staff opening a suspended story see POST_SUSPENDED, with "Edit story";
// - a limited account sees LIMITED_STATE_BANNER, a suspended one USER_SUSPENDED;
// - a reader who publishes a response sees PUBLISH_RESPONSE, whose "View story" opens it.
import { expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { useBrowser } from './support/browser.ts';
import { createDemoSessions, executeSql } from './support/e2e-database.ts';
import { openSignedIn, storiesByOtherWriters } from './support/other-writers.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();

const toast = (page: Page, style: string) => page.locator(`[data-style="${style}"]`);

it('staff opening a suspended story see the suspended notice', { timeout: 90_000 }, async () => {
  const [story] = await storiesByOtherWriters(baseURL);
  if (!story) throw new Error('no story by a seeded writer');
  const staff = createDemoSessions(['staff'], [`UPDATE posts SET is_suspended = 1 WHERE id = '${story.id}'`]).staff!;
  try {
    const { context, page } = await openSignedIn(browser, baseURL, staff, `/p/${story.id}`);
    try {
      await expect.poll(() => toast(page, 'POST_SUSPENDED').innerText(), { timeout: 15_000 }).toContain('This story is under investigation or was found in violation of the');
      expect(await toast(page, 'POST_SUSPENDED').getByRole('link', { name: 'Edit story' }).count()).toBe(1);
    } finally {
      await context.close();
    }
  } finally {
    executeSql(`UPDATE posts SET is_suspended = 0 WHERE id = '${story.id}'`);
  }
});

it('a limited account sees its banner, a suspended account its notice', { timeout: 90_000 }, async () => {
  const writers = [...new Set((await storiesByOtherWriters(baseURL)).map((p) => p.creator.username))];
  const [limited, suspended] = writers.slice(-2);
  if (!limited || !suspended || limited === suspended) throw new Error('two seeded writers are needed');
  const sessions = createDemoSessions([limited, suspended], [
    `UPDATE users SET limited_at = ${Date.now()} WHERE username = '${limited}'`,
    `UPDATE users SET is_suspended = 1 WHERE username = '${suspended}'`,
  ]);
  try {
    const first = await openSignedIn(browser, baseURL, sessions[limited]!, '/me/settings');
    try {
      await expect.poll(() => toast(first.page, 'LIMITED_STATE_BANNER').innerText(), { timeout: 15_000 }).toContain('Your content is under review as a potential violation of the');
    } finally {
      await first.context.close();
    }
    const second = await openSignedIn(browser, baseURL, sessions[suspended]!, '/me/settings');
    try {
      await expect.poll(() => toast(second.page, 'USER_SUSPENDED').innerText(), { timeout: 15_000 }).toContain('This account is suspended');
    } finally {
      await second.context.close();
    }
  } finally {
    executeSql(`UPDATE users SET limited_at = NULL WHERE username = '${limited}'; UPDATE users SET is_suspended = 0 WHERE username = '${suspended}'`);
  }
});

it('a published response says it is also a story, and "View story" opens it', { timeout: 90_000 }, async () => {
  const stories = await storiesByOtherWriters(baseURL);
  const story = stories[1] ?? stories[0];
  if (!story) throw new Error('no story by a seeded writer');
  const reader = createDemoSessions(['failed']).failed!;
  const { context, page } = await openSignedIn(browser, baseURL, reader, `/p/${story.id}`);
  try {
    const text = `A response from the notices test ${Date.now()}`;
    await page.locator('textarea.response-editor-text').first().fill(text);
    await page.locator('.response-editor button[type="submit"]').first().click();
    await expect.poll(() => toast(page, 'PUBLISH_RESPONSE').innerText(), { timeout: 15_000 }).toContain('Your response was also published as a story.');
    await toast(page, 'PUBLISH_RESPONSE').getByRole('link', { name: 'View story' }).click();
    await expect.poll(() => page.locator('article.story').innerText(), { timeout: 15_000 }).toContain(text);
  } finally {
    await context.close();
  }
});
