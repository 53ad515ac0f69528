// The tax-status banner in Chromium (docs/product/2-sign-in-notices-cache-routing.md §4.5;
// docs/partner-program.md), on a Partner Program writer made for the test, in PENDING_ACTION
// with no documents:
//   - home shows "Must be approved by {date}" with the link to the form; /me/stats does not;
//   - the writer submits the tax form; the banner then says the forms are under review;
//   - after staff mark the form invalid, the banner says so with the resubmit link, which leads
//     to the reason and the form again.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { executeSql, sessionSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const DAY = 86_400_000;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let userId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  userId = randomBytes(6).toString('hex');
  const username = `partner_${randomBytes(4).toString('hex')}`;
  const { session, sql } = sessionSql(username);
  const now = Date.now();
  executeSql(
    [
      `INSERT INTO users (id, username, name, email, partner_program_status, created_at) VALUES ('${userId}', '${username}', 'Tess Taxpayer', '${username}@vellum.test', 'PENDING_ACTION', ${now})`,
      `INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES ('${userId}', ${now}, ${Date.UTC(2030, 0, 15, 12)}, ${Date.UTC(2030, 3, 15, 12)})`,
      sql,
    ].join(';\n'),
  );
  context = await browser.newContext();
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  page = await context.newPage();
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

const banner = () => page.locator('[data-testid="toast"][data-style="TAX_STATUS"]');

async function visit(path: string) {
  await page.goto(baseURL + path);
  await waitForHydration(page);
}

it('shows "Must be approved by {date}" on home, and nothing on /me/stats', async () => {
  const watch = watchPage(page);
  await visit('/');
  await banner().waitFor();
  expect(await banner().locator('.toast-text').innerText()).toMatch(/must be approved by January 15, 2030/i);
  expect(await banner().locator('a.toast-action').getAttribute('href')).toBe('/me/partner/taxes');

  await visit('/me/stats');
  // Whatever /me/stats shows on this branch, the loader is never asked there: once the page
  // has settled, no tax banner.
  await page.waitForLoadState('networkidle');
  expect(await banner().count()).toBe(0);
  expect(watch.consoleErrors.filter((e) => !/404/.test(e))).toEqual([]);
});

it('refuses an invalid form with a clear error, then takes the tax form: the banner says it is under review', async () => {
  await visit('/me/partner/taxes');
  expect(await page.locator('[data-testid="tax-status"]').innerText()).toBe('Not submitted');
  await page.fill('#tax-legal-name', 'Tess Taxpayer');
  await page.fill('#tax-address', '12 Elm Street, Portland, OR 97201');
  await page.fill('#tax-id', '98-7654321');
  await page.fill('#tax-signature', 'Someone Else');
  await page.check('.settings-checkbox input');
  await page.click('[data-testid="tax-form"] button[type="submit"]');
  expect(await page.locator('[data-testid="tax-form-error"]').innerText()).toBe('Sign by typing your legal name exactly as above.');
  expect(await page.locator('#tax-signature').getAttribute('aria-invalid')).toBe('true');

  await page.fill('#tax-signature', 'Tess Taxpayer');
  await page.click('[data-testid="tax-form"] button[type="submit"]');
  await page.locator('[data-testid="tax-status"]', { hasText: 'Pending review' }).waitFor();
  expect(await page.locator('[data-testid="tax-form"]').count()).toBe(0);
  // The tax toast confirms it at once.
  expect(await banner().locator('.toast-text').innerText()).toContain('Please wait 3 to 5 business days for them to be reviewed.');

  await visit('/');
  await banner().waitFor();
  expect(await banner().locator('.toast-text').innerText()).toContain('Please wait 3 to 5 business days for them to be reviewed.');
  expect(await banner().locator('a.toast-action').count()).toBe(0);
});

it('after an invalid review, the banner offers the resubmit link, which leads to the reason and the form', async () => {
  executeSql(`UPDATE tax_documents SET status = 3, invalid_reason = 'The tax number does not match the name.', reviewed_at = ${Date.now() - DAY} WHERE user_id = '${userId}'`);
  await visit('/');
  await banner().waitFor();
  expect(await banner().locator('.toast-text').innerText()).toBe('There was an issue with your tax forms.');
  const resubmit = banner().locator('a.toast-action');
  expect(await resubmit.innerText()).toBe('Resubmit');
  await resubmit.click();
  await page.waitForURL(`${baseURL}/me/partner/taxes`);
  await page.locator('[data-testid="tax-invalid-reason"]').waitFor();
  expect(await page.locator('[data-testid="tax-invalid-reason"]').innerText()).toBe('The tax number does not match the name.');
  expect(await page.locator('#tax-form-title').innerText()).toBe('Resubmit your tax documents');
});
