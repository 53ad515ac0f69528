// Responses on lists in Chromium on the seeded site: a signed-in reader (member) opens
// another reader's public list ("Best of Writing" by reader), responds, and sees the response
// under the list; the list's creator hides it (HIDE_CATALOG_RESPONSE toast) and takes it
// back with Undo (ShowCatalogResponseOnParent).
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let sessions: Record<string, DemoSession>;

beforeAll(async () => {
  browser = await launchBrowser();
  sessions = createDemoSessions(['reader', 'member']);
});
afterAll(async () => {
  await browser?.close();
});

async function signedIn(session: DemoSession): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  return context;
}

async function open(page: Page, path: string) {
  const response = await page.goto(baseURL + path);
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
}

it('a signed-in reader responds on a public list and sees it; the list creator hides it and Undo shows it again', async () => {
  const responder = await signedIn(sessions.member!);
  const page = await responder.newPage();
  const { consoleErrors } = watchPage(page);

  await open(page, '/@reader/lists');
  await page.locator('.catalog-card', { hasText: 'Best of Writing' }).locator('.catalog-card-link').click();
  await page.locator('.catalog-heading-name', { hasText: 'Best of Writing' }).waitFor();
  const listPath = new URL(page.url()).pathname;

  const text = `A fine list ${Date.now().toString(36)}`;
  await open(page, listPath);
  const editor = page.locator('form.response-editor');
  await editor.locator('textarea').fill(text);
  await editor.getByRole('button', { name: 'Respond' }).click();
  const mine = page.locator('[data-testid="response"]', { hasText: text });
  await mine.waitFor();
  await expect(page.locator('.responses-heading').textContent()).resolves.toMatch(/Responses \(\d+\)/);
  // Still there after a reload (the server has it).
  await open(page, listPath);
  await mine.waitFor();
  await page.screenshot({ path: '.tmp/e2e-catalog-responses.png', fullPage: true });
  expect(consoleErrors).toEqual([]);

  const creator = await signedIn(sessions.reader!);
  const own = await creator.newPage();
  await open(own, listPath);
  const response = own.locator('[data-testid="response"]', { hasText: text });
  await response.getByRole('button', { name: 'Hide response' }).click();
  const toast = own.locator('[data-testid="toast"]', { hasText: 'This response has been hidden from the list.' });
  await toast.waitFor();
  await response.waitFor({ state: 'detached' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await response.waitFor();

  await responder.close();
  await creator.close();
});
