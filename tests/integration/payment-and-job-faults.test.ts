// Payment-provider faults and scheduled jobs that fail half-way (issue 16 item 3;
// docs/adr/0053-fault-injection-seam.md and docs/adr/0054-what-a-reader-sees-when-a-part-fails.md and docs/adr/0055-writes-are-whole.md and "Scheduled jobs"), through the HTTP surface and the
// worker's own scheduled handler:
//   - the provider failing as a checkout starts (x-vellum-fault: payments): the buyer is sent
//     back to the form's page, which says so; nothing is recorded; a retry works;
//   - the billing clock whose webhook application fails (d1-writes-to:webhook_events) renews
//     nothing half-way, and the next run renews each due membership exactly once;
//   - the trash purge failing (d1-writes-to:posts) deletes nothing; resumed, it purges once,
//     and a second run finds nothing.
// What membership-payments.test.ts proves already is not repeated here: a run of the billing
// clock twice in a row, a webhook delivered twice, a provider failure while a webhook applies.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';
import { envWithFaults, FAULT_HEADER } from '../../worker/hardening/fault-injection.ts';
import { INJECTED_PAYMENTS_MESSAGE } from '../../worker/payments/provider-faults.ts';
import { BILLING_CLOCK_HEADER } from '../../worker/endpoints/membership.ts';
import { runScheduledJobs } from '../../worker/jobs/scheduled.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { TRASH_RETENTION_MS } from '../../worker/trash/purge-trash.ts';
import { CHECKOUT_UNAVAILABLE_MESSAGE } from '../../shared/membership/checkout-unavailable.ts';
import { seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { MAIN, send } from './helpers/edge-cache.ts';

const ORIGIN = `http://${MAIN}`;
const DAY = 86_400_000;
const fault = (...names: string[]) => ({ [FAULT_HEADER]: names.join(', ') });
const testEnv = env as unknown as Env;

let world: World;
beforeAll(async () => {
  world = await seedWorld(testEnv.DB);
});

async function count(sql: string, ...binds: unknown[]): Promise<number> {
  return (await testEnv.DB.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
}

let nextUser = 0;
/** A fresh signed-in account without membership. */
async function newAccount(): Promise<{ id: string; sid: string; xsrf: string }> {
  nextUser++;
  const id = `cf${String(nextUser).padStart(10, '0')}`;
  await testEnv.DB.prepare("INSERT INTO users (id, username, name, email, bio, created_at) VALUES (?, ?, ?, ?, '', ?)")
    .bind(id, `faulty${nextUser}`, `Faulty ${nextUser}`, `faulty${nextUser}@vellum.test`, Date.now())
    .run();
  const session = await createSession(testEnv.DB, id);
  return { id, sid: session.token, xsrf: session.xsrf };
}

const formHeaders = { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' };

/** The plans page's (or gift page's) form, POSTed; answers the redirect. */
function startCheckout(account: { sid: string; xsrf: string }, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return send('/_/membership/checkout', {
    method: 'POST',
    session: account.sid,
    headers: { ...formHeaders, ...headers },
    body: new URLSearchParams({ xsrf: account.xsrf, kind: 'MEMBERSHIP', ...fields }).toString(),
  });
}

async function buyMonthly(account: { sid: string; xsrf: string }): Promise<void> {
  const started = await startCheckout(account, { plan: 'MONTHLY' });
  expect(started.status).toBe(303);
  const page = new URL(started.headers.get('location')!);
  const paid = await send(page.pathname, { method: 'POST', headers: formHeaders, body: new URLSearchParams({ cardnumber: '4242424242424242', exp: '12 / 34', cvc: '123' }).toString() });
  expect(paid.status).toBe(303);
}

const writesOf = (userId: string) =>
  Promise.all([
    count('SELECT COUNT(*) AS n FROM checkouts WHERE user_id = ?', userId),
    count('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?', userId),
    count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', userId),
    count('SELECT COUNT(*) AS n FROM payment_methods WHERE user_id = ?', userId),
  ]);

describe('the payment provider failing as a checkout starts', () => {
  it('sends the buyer back to the plan, which says so; logs it; records nothing; a retry reaches the checkout', async () => {
    const account = await newAccount();
    const failed = await startCheckout(account, { plan: 'MONTHLY' }, fault('payments'));
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('/plans/confirmation/MONTHLY?checkout=unavailable');
    expect(failed.logs).toContainEqual(expect.objectContaining({ event: 'payment_provider_failed', operation: 'startCheckout', kind: 'MEMBERSHIP', message: INJECTED_PAYMENTS_MESSAGE }));
    expect(await writesOf(account.id)).toEqual([0, 0, 0, 0]);

    const page = await send(failed.headers.get('location')!, { session: account.sid });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="checkout-unavailable"');
    expect(page.text).toContain(CHECKOUT_UNAVAILABLE_MESSAGE.replace("'", '&#x27;'));
    // The plans without the flag say nothing of it.
    expect((await send('/plans/confirmation/MONTHLY', { session: account.sid })).text).not.toContain('checkout-unavailable');

    const retried = await startCheckout(account, { plan: 'MONTHLY' });
    expect(retried.headers.get('location')).toMatch(/\/_\/dev\/pay\/checkout\/cs_test_/);
    expect(await count("SELECT COUNT(*) AS n FROM checkouts WHERE user_id = ? AND status = 'OPEN'", account.id)).toBe(1);
  });

  it('a gift and a card update go back to their own pages, with nothing recorded', async () => {
    const account = await newAccount();
    const gift = await startCheckout(account, { kind: 'GIFT', plan: 'YEARLY', recipientEmail: 'friend@example.com' }, fault('payments'));
    expect(gift.headers.get('location')).toBe('/gift-checkout?plan=YEARLY&checkout=unavailable');
    const giftPage = await send(gift.headers.get('location')!, { session: account.sid });
    expect(giftPage.text).toContain('data-testid="checkout-unavailable"');
    expect(await count('SELECT COUNT(*) AS n FROM gift_codes WHERE purchaser_id = ?', account.id)).toBe(0);

    const card = await startCheckout(account, { kind: 'PAYMENT_METHOD' }, fault('payments'));
    expect(card.status).toBe(303);
    expect(await writesOf(account.id)).toEqual([0, 0, 0, 0]);
  });
});

describe('the billing clock, failing half-way and resumed', () => {
  const advance = (days: number, headers: Record<string, string> = {}) =>
    send(`/_/dev/billing/advance?days=${days}`, { method: 'POST', headers: { [BILLING_CLOCK_HEADER]: '1', ...headers } });
  const periodEnd = async (userId: string) => count('SELECT current_period_ends_at AS n FROM memberships WHERE user_id = ?', userId);

  it('a renewal whose event our handler cannot store is neither recorded nor lost: the next run renews it once', async () => {
    const account = await newAccount();
    await buyMonthly(account);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED'", account.id)).toBe(1);

    // A month on; the webhook handler's write fails whole (its batch starts by remembering the event).
    const failing = await advance(31, fault('d1-writes-to:webhook_events'));
    expect(failing.status).toBe(200);
    const failedReport = JSON.parse(failing.text) as { renewed: number; undelivered: number };
    expect(failedReport.undelivered).toBeGreaterThanOrEqual(1);
    expect(failing.logs).toContainEqual(expect.objectContaining({ event: 'local_webhook_failed', type: 'invoice.paid' }));
    // Nothing of the renewal is recorded, and the membership's period is still the old one (now past).
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(1);
    const lapsedEnd = await periodEnd(account.id);
    expect(lapsedEnd).toBeLessThan(Date.now());

    // The next run (the hourly job, here with no time added) sends the same invoice again: renewed once.
    const resumed = await advance(0);
    expect(JSON.parse(resumed.text)).toMatchObject({ undelivered: 0 });
    expect(JSON.parse(resumed.text).renewed).toBeGreaterThanOrEqual(1);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED'", account.id)).toBe(2);
    const renewedEnd = await periodEnd(account.id);
    expect(renewedEnd).toBeGreaterThan(Date.now());

    // And again: nothing is due, nothing charged twice.
    const again = await advance(0);
    expect(JSON.parse(again.text)).toMatchObject({ renewed: 0, failed: 0, ended: 0, undelivered: 0 });
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(2);
    expect(await periodEnd(account.id)).toBe(renewedEnd);
  });
});

describe('the trash purge, failing and resumed', () => {
  it('deletes nothing when its write fails; the next run purges once; a run after that finds nothing', async () => {
    const old = world.bulk[1]!.id;
    const now = Date.now();
    await testEnv.DB.batch([
      testEnv.DB.prepare('UPDATE posts SET deleted_at = ? WHERE id = ?').bind(now - TRASH_RETENTION_MS - DAY, old),
      testEnv.DB.prepare('INSERT INTO claps (user_id, post_id, count, updated_at) VALUES (?, ?, 3, ?)').bind(USERS.member, old, now),
      testEnv.DB.prepare("INSERT INTO catalogs (id, creator_id, name, type, visibility, item_count, created_at, updated_at) VALUES ('ca0000000f01', ?, 'Kept', 'LISTS', 'PUBLIC', 1, ?, ?)").bind(USERS.member, now, now),
      testEnv.DB.prepare("INSERT INTO catalog_items (id, catalog_id, post_id, created_at) VALUES ('c10000000f01', 'ca0000000f01', ?, ?)").bind(old, now),
    ]);
    const tagCounts = async () => (await testEnv.DB.prepare('SELECT slug, post_count FROM tags ORDER BY slug').all()).results;
    const tagsBefore = await tagCounts();

    // The job's one transaction fails (D1 rolls the batch back): the story, its clap, its list
    // item and every counter are as they were.
    const faulty = envWithFaults(new Request(ORIGIN, { headers: fault('d1-writes-to:posts') }), testEnv);
    await expect(runScheduledJobs(faulty, now)).rejects.toThrow(/injected fault/);
    expect(await count('SELECT COUNT(*) AS n FROM posts WHERE id = ?', old)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM claps WHERE post_id = ?', old)).toBe(1);
    expect(await count("SELECT item_count AS n FROM catalogs WHERE id = 'ca0000000f01'")).toBe(1);
    expect(await tagCounts()).toEqual(tagsBefore);

    // Resumed by the next cron run: purged once, counters follow.
    const runCron = async () => {
      const ctx = createExecutionContext();
      (worker as unknown as { scheduled: (c: unknown, e: unknown, x: unknown) => void }).scheduled(
        createScheduledController({ scheduledTime: new Date(now), cron: '0 3 * * *' }),
        testEnv,
        ctx,
      );
      await waitOnExecutionContext(ctx);
    };
    await runCron();
    expect(await count('SELECT COUNT(*) AS n FROM posts WHERE id = ?', old)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM claps WHERE post_id = ?', old)).toBe(0);
    expect(await count("SELECT item_count AS n FROM catalogs WHERE id = 'ca0000000f01'")).toBe(0);
    const posts = await count('SELECT COUNT(*) AS n FROM posts');
    const tagsAfter = await tagCounts();

    // Run again: nothing more is deleted, no counter moves.
    await runCron();
    expect(await count('SELECT COUNT(*) AS n FROM posts')).toBe(posts);
    expect(await tagCounts()).toEqual(tagsAfter);
  });
});
