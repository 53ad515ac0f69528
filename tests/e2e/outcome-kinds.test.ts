// What the client does with the outcome kinds whose reaction a reader sees (docs/outcomes.md), in
// Chromium on the seeded site:
// - PublishingRestrictedBannedLinks: a story linking to a site on the banned-link list is not
//   published; the message naming the link shows above the publish button;
// - RateLimited: a reader who used up the hour's follow changes clicks Follow; the button rolls
//   back and the toast says how long to wait.
// Each test sets up the state it reads (the banned domain, the used-up limit) itself.
import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, executeSql, sessionSql, type DemoSession } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const HOUR = 60 * 60 * 1000;
const BANNED_DOMAIN = 'e2e-banned-pills.test';
/** worker/follows/follow-edges.ts EDGE_CHANGES_LIMIT (browser tests do not load worker modules). */
const EDGE_CHANGES_LIMIT = { name: 'edges:user', max: 200 };
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
  executeSql(`INSERT OR IGNORE INTO banned_link_domains (domain, reason, created_at) VALUES ('${BANNED_DOMAIN}', 'e2e', ${Date.now()})`);
});
afterAll(async () => {
  await browser?.close();
});

const saved = (page: Page) => expect.poll(() => page.locator('[data-testid="save-status"]').textContent(), { timeout: 15_000 }).toBe('Saved');

it('refuses to publish a story with a banned link, naming the link above the publish button', { timeout: 120_000 }, async () => {
  const writer: DemoSession = createDemoSessions(['partner']).partner!;
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/new-story');
  await waitForHydration(page);
  const editor = page.locator('[data-testid="story-editor"]');
  await editor.waitFor();
  await page.fill('input[aria-label="Title"]', `Cheap pills ${Date.now().toString(36)}`);
  await editor.click();
  await page.keyboard.type('Buy them here');
  await saved(page);
  for (let i = 0; i < 'here'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.keyboard.press('Control+k');
  const link = `https://shop.${BANNED_DOMAIN}/buy`;
  const linkInput = page.locator('input[aria-label="Link address"]');
  await linkInput.fill(link);
  await expect.poll(() => linkInput.inputValue()).toBe(link);
  await linkInput.press('Enter');
  await editor.locator('a').waitFor();
  await saved(page);

  await page.getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish story' });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Publish now' }).click();
  const alert = dialog.getByRole('alert');
  await alert.waitFor({ timeout: 15_000 });
  expect(await alert.innerText()).toBe(`This story links to a site we do not allow links to: ${link}. Remove the link to publish.`);
  // Nothing was published: the panel stays open on the editor, the button usable again.
  expect(page.url()).toMatch(/\/p\/[0-9a-f]{12}\/edit$/);
  expect(await dialog.getByRole('button', { name: 'Publish now' }).isEnabled()).toBe(true);
  expect(watch.consoleErrors).toEqual([]);
  await context.close();
});

it("tells a reader who changed follows too often how long to wait; the button rolls back", { timeout: 120_000 }, async () => {
  // A new reader whose hour of follow changes is used up (worker/follows/follow-edges.ts EDGE_CHANGES_LIMIT;
  // the bucket as worker/auth/rate-limit.ts keys it), this window and the next.
  const id = randomBytes(6).toString('hex');
  const username = `outcomes_${id}`;
  const made = sessionSql(username);
  const bucket = `${EDGE_CHANGES_LIMIT.name}:${createHash('sha256').update(id).digest('hex').slice(0, 32)}`;
  const windowStart = Math.floor(Date.now() / HOUR) * HOUR;
  executeSql(
    [
      `INSERT INTO users (id, username, name, email, bio, created_at) VALUES ('${id}', '${username}', 'Eager Reader', '${username}@vellum.test', '', ${Date.now()})`,
      made.sql,
      `INSERT INTO rate_limits (bucket, window_start, count) VALUES ('${bucket}', ${windowStart}, ${EDGE_CHANGES_LIMIT.max}), ('${bucket}', ${windowStart + HOUR}, ${EDGE_CHANGES_LIMIT.max})`,
    ].join(';\n'),
  );
  const context = await browser.newContext();
  await context.addCookies([{ name: 'sid', value: made.session.token, url: baseURL }]);
  const page = await context.newPage();
  const response = await page.goto(baseURL + '/me/following/suggestions');
  expect(response?.status()).toBe(200);
  await waitForHydration(page);
  const candidate = page.locator('[data-testid^="user-row-"]').filter({ has: page.locator('button.follow-button[aria-pressed="false"]') }).first();
  const button = page.locator(`[data-testid="${await candidate.getAttribute('data-testid')}"] button.follow-button`);
  await button.click();
  const toast = page.locator('[data-testid="toast"][data-style="ERROR"]');
  await toast.waitFor({ timeout: 15_000 });
  expect(await toast.innerText()).toMatch(/You follow and unfollow too often\. Please try again in \d+ minute\(s\)\./);
  await expect.poll(() => button.getAttribute('aria-pressed')).toBe('false');
  expect(await button.innerText()).toBe('Follow');
  await context.close();
});
