// A list's claps in Chromium (issue 27 point 6; docs/adr/0213-list-claps.md): a signed-in reader
// (member) opens another reader's public list, made here, claps it three times with the story's
// clap button, sees the count move at once and still there after a reload (the server has it);
// the list's creator sees the button inert on their own list.
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, executeSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['reader', 'member']);
}, 120_000);

/** A new public list of reader's (a fresh one per attempt: a retry starts from no claps). */
function newPublicList(): { listId: string; listName: string; listPath: string } {
  const listId = randomBytes(8).toString('hex');
  const listName = `Applauded shelf ${listId.slice(0, 4)}`;
  const now = Date.now();
  executeSql(
    `INSERT INTO catalogs (id, creator_id, name, type, visibility, created_at, updated_at) ` +
      `SELECT '${listId}', id, '${listName}', 'LISTS', 'PUBLIC', ${now}, ${now} FROM users WHERE username = 'reader'`,
  );
  return { listId, listName, listPath: `/@reader/list/${listId}` };
}
afterAll(async () => {
  await browser?.close();
});

async function signedIn(session: DemoSession, width = 1200): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  return context;
}

async function open(page: Page, path: string) {
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

it('a reader claps another reader’s public list: the count moves at once and stays; the creator cannot clap their own', async () => {
  const { listId, listName, listPath } = newPublicList();
  const reader = await signedIn(sessions.member!);
  const page = await reader.newPage();
  const { consoleErrors } = watchPage(page);

  await open(page, listPath);
  await page.locator('.catalog-heading-name', { hasText: listName }).waitFor();
  const clap = page.locator(`[data-testid="clap"][data-catalog-id="${listId}"]`);
  await clap.getByLabel('0 claps').waitFor();

  const saved = page.waitForResponse((response) => response.url().includes('/_/graphql') && (response.request().postData() ?? '').includes('ClapCatalogMutation'));
  for (let i = 0; i < 3; i++) await clap.getByRole('button', { name: 'Clap' }).click();
  await clap.getByLabel('3 claps').waitFor();
  await expect(clap.getByTestId('viewer-claps').textContent()).resolves.toBe('+3');
  expect((await saved).ok()).toBe(true);

  await open(page, listPath);
  await clap.getByLabel('3 claps').waitFor();
  await expect(clap.getByTestId('viewer-claps').textContent()).resolves.toBe('+3');
  await page.screenshot({ path: '.tmp/e2e-list-claps.png', fullPage: true });
  expect(consoleErrors).toEqual([]);

  const creator = await signedIn(sessions.reader!, 390);
  const own = await creator.newPage();
  await open(own, listPath);
  const ownClap = own.locator(`[data-testid="clap"][data-catalog-id="${listId}"]`);
  // aria-disabled: shown, and a click does nothing (the count stays).
  await ownClap.getByRole('button', { name: 'You cannot clap for your own list' }).click({ force: true });
  await ownClap.getByLabel('3 claps').waitFor();
  await own.screenshot({ path: '.tmp/e2e-list-claps-390.png', fullPage: true });

  await reader.close();
  await creator.close();
}, 180_000);
