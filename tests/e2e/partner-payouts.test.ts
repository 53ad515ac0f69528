// Payouts in Chromium (docs/partner-program.md "Payouts", "Payout accounts"), on a Partner
// Program writer made for the test whose last payout failed: the dashboard shows the earning per
// story and the payout error toast; "Try again" leads to the reconnect page, the local
// provider's onboarding page, and back to the site, which finds the account ready.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, waitForHydration, watchPage } from './support/browser.ts';
import { executeSql, sessionSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  const userId = randomBytes(6).toString('hex');
  const postId = randomBytes(6).toString('hex');
  const account = `acct_test_${randomBytes(6).toString('hex')}`;
  const username = `payee_${randomBytes(4).toString('hex')}`;
  const { session, sql } = sessionSql(username);
  const now = Date.now();
  executeSql(
    [
      `INSERT INTO users (id, username, name, email, partner_program_status, created_at) VALUES ('${userId}', '${username}', 'Pat Payee', '${username}@vellum.test', 'ACTIVE', ${now})`,
      `INSERT INTO posts (id, creator_id, title, slug, status, visibility, content, created_at, updated_at) VALUES ('${postId}', '${userId}', 'Tides of the Estuary', 'tides', 'DRAFT', 'PUBLIC', '{}', ${now}, ${now})`,
      `INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES ('${userId}', ${now - 90 * 86_400_000}, ${now - 60 * 86_400_000}, ${now + 30 * 86_400_000})`,
      `INSERT INTO tax_documents (id, user_id, form_type, legal_name, country, address, tax_id_last4, signature, status, submitted_at) VALUES ('${randomBytes(6).toString('hex')}', '${userId}', 'W-9', 'Pat Payee', 'US', '1 Main Street', '1234', 'Pat Payee', 4, ${now - 80 * 86_400_000})`,
      `INSERT INTO devpay_connected_accounts (id, email, country, payouts_enabled, created_at) VALUES ('${account}', NULL, 'US', 0, ${now})`,
      `INSERT INTO payout_accounts (user_id, provider, account_ref, state, created_at, updated_at) VALUES ('${userId}', 'local', '${account}', 'FAILED', ${now}, ${now})`,
      `INSERT INTO partner_earnings (user_id, post_id, month, seconds, amount, state) VALUES ('${userId}', '${postId}', '2026-10', 1800, 412, 'EARNED')`,
      `INSERT INTO partner_payouts (idempotency_key, user_id, month, amount, currency, state, error, created_at) VALUES ('partner-payout:${userId}:2026-10', '${userId}', '2026-10', 412, 'USD', 'FAILED', 'Your destination account needs to have at least one of the following capabilities enabled: transfers', ${now})`,
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

it('shows the earning per story and the payout error toast; Try again reconnects the payout account', async () => {
  const watch = watchPage(page);
  await page.goto(`${baseURL}/me/partner/dashboard`);
  await waitForHydration(page);
  const row = page.locator('[data-testid="partner-earnings"] tbody tr');
  expect(await row.innerText()).toMatch(/October 2026\s+Tides of the Estuary\s+30 min\s+\$4\.12\s+Earned/);
  const toast = page.locator('[data-testid="toast"][data-style="RETRY_STRIPE_CONNECTION"]');
  await toast.waitFor();
  const tryAgain = toast.locator('a.toast-action', { hasText: 'Try again' });
  expect(await tryAgain.getAttribute('href')).toBe('/partner-program/stripe/reconnect');

  await tryAgain.click();
  await page.waitForURL(`${baseURL}/partner-program/stripe/reconnect`);
  await waitForHydration(page);
  await page.click('[data-testid="payout-setup-form"] button[type="submit"]');
  await page.waitForURL(/\/_\/dev\/pay\/connect\/acct_test_/);
  await page.click('[data-testid="connect-submit"]');
  await page.waitForURL(`${baseURL}/partner-program/stripe/reconnect/success`);
  await page.locator('[data-testid="payout-ready"]').waitFor();
  expect(await page.locator('[data-testid="payout-ready"]').innerText()).toContain('Your payout account is ready.');
  expect(watch.consoleErrors).toEqual([]);
});
