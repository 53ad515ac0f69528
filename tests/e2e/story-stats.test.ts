// Issue 13 in Chromium: a member opens a writer's story and reads to its end; the browser's event
// queue reports the view and the read (POST /_/batch, after load: the page itself is the same for
// everyone); the writer's stats page for that story then shows one more view and one more read
// today. Also: the stats page is a 404 for the member.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, READER_AGENT, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const today = new Date().toISOString().slice(0, 10);
let browser: Browser;
let sessions: Record<string, DemoSession>;
let writer: BrowserContext;
let member: BrowserContext;

async function signedIn(session: DemoSession): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  return context;
}

async function todayOf(page: Page, postId: string): Promise<{ views: number; reads: number }> {
  const response = await page.goto(`${baseURL}/me/stats/post/${postId}`);
  expect(response?.status()).toBe(200);
  const row = page.locator(`tr[data-day="${today}"]`);
  return {
    views: Number((await row.locator('[data-stat="views"]').innerText()).replace(/,/g, '')),
    reads: Number((await row.locator('[data-stat="reads"]').innerText()).replace(/,/g, '')),
  };
}

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['ada', 'member']);
  writer = await signedIn(sessions.ada!);
  member = await signedIn(sessions.member!);
});
afterAll(async () => {
  await browser?.close();
});

it('a member reading a story to its end shows as a view and a read on the writer’s stats today', async () => {
  const writerPage = await writer.newPage();
  const home = await writerPage.goto(`${baseURL}/me/stats`);
  expect(home?.status()).toBe(200);
  const postId = await writerPage.locator('[data-testid="stats-stories"] tbody tr').first().getAttribute('data-post-id');
  expect(postId).toBeTruthy();
  const before = await todayOf(writerPage, postId!);

  const page = await member.newPage();
  const watch = watchPage(page);
  await page.goto(`${baseURL}/p/${postId}`);
  await waitForHydration(page);
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/_/batch' && (request.postData() ?? '').includes('"story.read"'), {
    timeout: 20_000,
  });
  await page.locator('.story-end').scrollIntoViewIfNeeded();
  const request = await sent;
  expect((await request.response())?.status()).toBe(204);
  expect(request.headers()['x-xsrf-token']).toBe(sessions.member!.xsrf);
  expect(request.postData()).toContain('"story.viewed"');
  expect(watch.consoleErrors).toEqual([]);

  const after = await todayOf(writerPage, postId!);
  expect(after).toEqual({ views: before.views + 1, reads: before.reads + 1 });

  // The member cannot see the writer's stats.
  const other = await page.goto(`${baseURL}/@ada/stats/post/${postId}`);
  expect(other?.status()).toBe(404);
  await page.close();
  await writerPage.close();
});
