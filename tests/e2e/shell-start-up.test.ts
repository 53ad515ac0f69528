// The shell a page starts with, by viewer (docs/adr/0233-a-visitors-shell-without-signed-in-code.md):
// a visitor's page loads, once idle, only the prompt that can show to a visitor (one-tap), never
// the signed-in prompts, the notification link or the login history; a signed-in reader's page
// loads its prompts and hydrates the server's notification link. What shows only after something
// happens still happens: an error reported before the error reports' chunk is in is sent, and a
// toast queued by the page before is shown on the next.
import type { Page } from 'playwright-core';
import { beforeAll, expect, inject, it } from 'vitest';
import { READER_AGENT, recordRequests, useBrowser, waitForHydration } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const browser = useBrowser();
const ERROR_REPORT_PATH = '/_/clientele/reports/errors';
/** The signed-in-only code a visitor's page must never request (chunk names from the build). */
const SIGNED_IN_ONLY = /\/(SignedInIdlePrompts|VerifyEmailPrompt[^/]*|TaxStatus[^/]*|IdlePrompts|NotificationLink|login-history)-[^/]+\.js$/;

let storyPath: string;
let reader: DemoSession;

beforeAll(async () => {
  const home = await fetch(baseURL + '/').then((r) => r.text());
  const path = /href="(\/@[^"/]+\/[a-z0-9-]*[0-9a-f]{12})"/.exec(home)?.[1];
  if (!path) throw new Error('The seeded home page lists no story');
  storyPath = path;
  reader = createDemoSessions(['reader']).reader!;
});

async function openStory(signedIn: DemoSession | null): Promise<{ page: Page; requests: ReturnType<typeof recordRequests> }> {
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  if (signedIn) await context.addCookies([{ name: 'sid', value: signedIn.token, url: baseURL }]);
  const page = await context.newPage();
  const requests = recordRequests(page);
  await page.goto(baseURL + storyPath);
  await waitForHydration(page);
  return { page, requests };
}

const scriptPaths = (requests: ReturnType<typeof recordRequests>) => requests.scripts().map((request) => new URL(request.url()).pathname);

it('a visitor’s page loads the one-tap prompt once idle, never the signed-in prompts, the notification link or the login history', async () => {
  const { page, requests } = await openStory(null);
  // The idle prompts' chunk for a visitor: its arrival says the page has been idle.
  await expect.poll(() => scriptPaths(requests).some((path) => /\/GoogleOneTap-/.test(path)), { timeout: 30_000 }).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(scriptPaths(requests).filter((path) => SIGNED_IN_ONLY.test(path))).toEqual([]);
  // No error happened, so the error reports' chunk never came either.
  expect(scriptPaths(requests).filter((path) => /\/error-report-queue-/.test(path))).toEqual([]);
  await page.context().close();
}, 120_000);

it('a signed-in reader’s page loads its prompts, not one-tap, and hydrates the server’s notification link', async () => {
  const { page, requests } = await openStory(reader);
  const link = page.getByTestId('header-notifications');
  await expect.poll(() => link.count()).toBe(1);
  await expect.poll(() => scriptPaths(requests).some((path) => /\/SignedInIdlePrompts-/.test(path)), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => scriptPaths(requests).some((path) => /\/NotificationLink-/.test(path)), { timeout: 30_000 }).toBe(true);
  // React has taken over the server's link (docs/adr/0209-parts-hydrated-after-start-up.md).
  await expect
    .poll(() => link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))), { timeout: 30_000 })
    .toBe(true);
  await page.waitForLoadState('networkidle');
  expect(scriptPaths(requests).filter((path) => /\/GoogleOneTap-/.test(path))).toEqual([]);
  await page.context().close();
}, 120_000);

it('errors reported before the error reports’ chunk is in are sent, both, in order', async () => {
  const { page, requests } = await openStory(null);
  expect(scriptPaths(requests).filter((path) => /\/error-report-queue-/.test(path))).toEqual([]);
  const sent = page.waitForRequest((request) => new URL(request.url()).pathname === ERROR_REPORT_PATH, { timeout: 30_000 });
  // Two uncaught errors in one task: the second is reported while the chunk the first asked for is on its way.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('shell start-up: first early error');
    });
    setTimeout(() => {
      throw new Error('shell start-up: second early error');
    });
  });
  const records = (await sent).postDataJSON() as { message: string; route: string | null; url: string }[];
  expect(records.map((record) => record.message)).toEqual(['shell start-up: first early error', 'shell start-up: second early error']);
  // What the record says of the moment was taken when the error was reported.
  expect(records[0]!.route).toBeTruthy();
  expect(records[0]!.url).toBe(baseURL + storyPath);
  await page.context().close();
}, 120_000);

it('a toast a page queued for the next one is shown on it', async () => {
  const context = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  // A membership action that ended in a page load (client/components/membership/membership-toasts.ts).
  await context.addInitScript(() => {
    if (!sessionStorage.getItem('e2e.queued')) {
      sessionStorage.setItem('e2e.queued', '1');
      sessionStorage.setItem('vellum.membershipToast', JSON.stringify('REACTIVATED'));
    }
  });
  const page = await context.newPage();
  await page.goto(baseURL + storyPath);
  await waitForHydration(page);
  await expect.poll(() => page.getByTestId('toast-viewport').textContent(), { timeout: 30_000 }).toContain('Your membership has been reactivated.');
  await context.close();
}, 120_000);
