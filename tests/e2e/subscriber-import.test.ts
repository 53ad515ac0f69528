// A writer imports subscribers (issue 12 item 8): a small CSV with one bad line is checked and
// reported, the writer says everyone agreed and sends the invitations; the invitee confirms from
// the email without signing in; the writer's subscriber list then shows them as imported. The
// invitee's account and the import are removed at the end (browser tests share one database).
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { createDemoSessions, executeSql, type DemoSession } from './support/e2e-database.ts';
import { mailTo } from './support/mailbox.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let writer: DemoSession;
let context: BrowserContext;
const invitee = `reader.${Date.now().toString(36)}@example.com`;

beforeAll(async () => {
  browser = await launchBrowser();
  writer = createDemoSessions(['grace']).grace!;
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'sid', value: writer.token, url: baseURL }]);
});
afterAll(async () => {
  executeSql(
    `DELETE FROM users WHERE email = '${invitee}'; DELETE FROM newsletter_imports WHERE importer_id = (SELECT id FROM users WHERE username = 'grace')`,
  );
  await browser?.close();
});

it('checks a CSV, sends invitations with consent, and lists the invitee once they confirm', async () => {
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(baseURL + '/me/subscribers/import');
  await waitForHydration(page);
  await page.locator('input[aria-label="CSV file"]').setInputFiles({
    name: 'list.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`email,name\n${invitee},Rowan Reader\nnot an address,Someone\n`),
  });
  await page.getByRole('button', { name: 'Check the file' }).click();
  const report = page.locator('[data-testid="import-report"]');
  await report.waitFor();
  expect(await report.innerText()).toContain('1 address will be invited.');
  expect(await report.innerText()).toContain('Not an email address.');
  // Sending needs the writer's word.
  const send = page.getByRole('button', { name: 'Send the invitation' });
  expect(await send.isDisabled()).toBe(true);
  await page.getByLabel('Everyone on this list agreed to get my emails.').check();
  await send.click();
  await page.locator('[data-testid="import-done"]').waitFor();
  // The list reloads after the import answers.
  await expect.poll(() => page.locator('[data-testid="subscriber-count"]').innerText(), { timeout: 10_000 }).toContain('1 invited, not confirmed yet');

  // The invitee confirms from the email, signed out.
  let mail = await mailTo(baseURL, invitee, "Subscribe to Grace Okafor's newsletter?");
  for (let i = 0; !mail && i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200));
    mail = await mailTo(baseURL, invitee, "Subscribe to Grace Okafor's newsletter?");
  }
  expect(mail).toBeDefined();
  const link = /https?:\/\/\S+\/_\/newsletter-invitation\/[\w-]+/.exec(mail!.text)![0];
  const stranger = await browser.newPage();
  await stranger.goto(baseURL + new URL(link).pathname);
  await stranger.getByRole('button', { name: 'Confirm subscription' }).click();
  await stranger.getByRole('heading', { name: "You're subscribed" }).waitFor();
  await stranger.close();

  await page.reload();
  await waitForHydration(page);
  const row = page.locator('[data-testid="subscribers"] tr', { hasText: 'Rowan Reader' });
  await row.waitFor();
  expect(await row.innerText()).toContain('Imported');
  expect(await row.innerText()).toContain(invitee);
  await page.screenshot({ path: 'tests/e2e/screenshots/subscribers.png', fullPage: true });
  await page.close();
  expect(watch.consoleErrors).toEqual([]);
});
