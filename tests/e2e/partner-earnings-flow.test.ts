// Issue 13's first browser test, whole: a member reads a Partner Program writer's story past the
// read threshold (to its end, after some seconds of reading); the writer's /me/stats shows the view
// and the read today; after the monthly job runs on the billing clock (moved into next month:
// POST /_/dev/partner/run, development only), the writer's partner dashboard shows an earning for
// that story this month. The writer, the story and the member are made for this test: the
// member's fee is shared by their reading time, and this story is all they read this month, so
// the earning is their whole share, not a cent of a busy reader's month.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchBrowser, READER_AGENT, waitForHydration, watchPage } from './support/browser.ts';
import { executeSql, sessionSql } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const today = new Date().toISOString().slice(0, 10);
const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date());
const title = `Salt Marsh Ledger ${randomBytes(3).toString('hex')}`;
const postId = randomBytes(6).toString('hex');
let browser: Browser;
let writer: BrowserContext;
let member: BrowserContext;

beforeAll(async () => {
  browser = await launchBrowser();
  const userId = randomBytes(6).toString('hex');
  const username = `earner_${randomBytes(4).toString('hex')}`;
  const account = `acct_test_${randomBytes(6).toString('hex')}`;
  const now = Date.now();
  const paragraphs = Array.from({ length: 40 }, (_, i) => ({ name: `p${i}`, type: 'P', text: `Paragraph ${i + 1}: the marsh keeps its own accounts, tide by tide.`, markups: [] }));
  const { session, sql } = sessionSql(username);
  const memberId = randomBytes(6).toString('hex');
  const memberName = `reader_${randomBytes(4).toString('hex')}`;
  const memberLogin = sessionSql(memberName);
  executeSql(
    [
      `INSERT INTO users (id, username, name, email, created_at) VALUES ('${memberId}', '${memberName}', 'Mo Member', '${memberName}@vellum.test', ${now})`,
      `INSERT INTO memberships (id, user_id, tier, plan, payment_provider, currency, amount, started_at, current_period_ends_at, is_cancelled)
         VALUES ('${randomBytes(6).toString('hex')}', '${memberId}', 'MEMBER', 'MONTHLY', 'STRIPE', 'USD', 500, ${now - 10 * 86_400_000}, ${now + 20 * 86_400_000}, 0)`,
      memberLogin.sql,
      `INSERT INTO users (id, username, name, email, partner_program_status, created_at) VALUES ('${userId}', '${username}', 'Ena Earner', '${username}@vellum.test', 'ACTIVE', ${now})`,
      `INSERT INTO partner_enrollments (user_id, enrolled_at, earnings_limited_at, earnings_forfeited_at) VALUES ('${userId}', ${now - 90 * 86_400_000}, ${now + 300 * 86_400_000}, ${now + 400 * 86_400_000})`,
      `INSERT INTO tax_documents (id, user_id, form_type, legal_name, country, address, tax_id_last4, signature, status, submitted_at) VALUES ('${randomBytes(6).toString('hex')}', '${userId}', 'W-9', 'Ena Earner', 'US', '1 Marsh Road', '4321', 'Ena Earner', 4, ${now - 80 * 86_400_000})`,
      `INSERT INTO devpay_connected_accounts (id, email, country, payouts_enabled, created_at) VALUES ('${account}', NULL, 'US', 1, ${now})`,
      `INSERT INTO payout_accounts (user_id, provider, account_ref, state, created_at, updated_at) VALUES ('${userId}', 'local', '${account}', 'VERIFIED', ${now}, ${now})`,
      `INSERT INTO posts (id, creator_id, title, subtitle, slug, status, visibility, content, word_count, reading_time, created_at, updated_at, first_published_at, latest_published_at)
         VALUES ('${postId}', '${userId}', '${title}', 'A test of the whole path', 'salt-marsh', 'PUBLISHED', 'PUBLIC', '${JSON.stringify({ paragraphs }).replace(/'/g, "''")}', 480, 2, ${now - 3_600_000}, ${now - 3_600_000}, ${now - 3_600_000}, ${now - 3_600_000})`,
      sql,
    ].join(';\n'),
  );
  writer = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await writer.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  member = await browser.newContext({ userAgent: READER_AGENT, viewport: { width: 1280, height: 900 } });
  await member.addCookies([{ name: 'sid', value: memberLogin.session.token, url: baseURL }]);
});
afterAll(async () => {
  // The story leaves the lists other browser tests read (the writer keeps their earning).
  executeSql(`UPDATE posts SET status = 'DRAFT' WHERE id = '${postId}'`);
  await browser?.close();
});

it('a member reads a partner writer’s story: the view and read show on /me/stats today, and the monthly job turns them into an earning', async () => {
  // The member reads: some seconds on the page, then to the end.
  const page = await member.newPage();
  const watch = watchPage(page);
  await page.goto(`${baseURL}/p/${postId}`);
  await waitForHydration(page);
  const readSent = page.waitForRequest((r) => new URL(r.url()).pathname === '/_/batch' && (r.postData() ?? '').includes('"story.read"'), { timeout: 20_000 });
  await page.waitForTimeout(3_000);
  await page.locator('.story-end').scrollIntoViewIfNeeded();
  expect((await (await readSent).response())?.status()).toBe(204);
  // Leaving the page sends the last reading seconds (keepalive).
  const secondsSent = page.waitForRequest((r) => new URL(r.url()).pathname === '/_/batch' && (r.postData() ?? '').includes('"story.readingTime"'), { timeout: 20_000 });
  await page.goto(`${baseURL}/`);
  await secondsSent;
  expect(watch.consoleErrors).toEqual([]);
  await page.close();

  // The writer's stats: one view and one read today.
  const stats = await writer.newPage();
  await expect
    .poll(
      async () => {
        await stats.goto(`${baseURL}/me/stats/post/${postId}`);
        const row = stats.locator(`tr[data-day="${today}"]`);
        return `${await row.locator('[data-stat="views"]').innerText()}/${await row.locator('[data-stat="reads"]').innerText()}`;
      },
      { timeout: 15_000 },
    )
    .toBe('1/1');

  // The monthly job on the billing clock, moved into next month: this month's earnings.
  const daysIntoNextMonth = Math.ceil((Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1) - Date.now()) / 86_400_000) + 1;
  const run = await fetch(`${baseURL}/_/dev/partner/run?days=${daysIntoNextMonth}`, { method: 'POST', headers: { 'x-vellum-billing-clock': '1' } });
  expect(run.status).toBe(200);

  await stats.goto(`${baseURL}/me/partner/dashboard`);
  await waitForHydration(stats);
  const earning = stats.locator('[data-testid="partner-earnings"] tbody tr', { hasText: title });
  await earning.waitFor();
  expect(await earning.innerText()).toContain(monthName);
  // A whole month's share of one member's fee: more than nothing.
  const amount = Number(/\$(\d+\.\d\d)/.exec(await earning.innerText())![1]);
  expect(amount).toBeGreaterThan(0);
  await stats.screenshot({ path: 'tests/e2e/screenshots/partner-earning-flow.png', fullPage: true });
  await stats.close();
});
