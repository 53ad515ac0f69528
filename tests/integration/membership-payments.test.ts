// Membership payments with the local test provider, through the worker's HTTP surface:
// checkout (prices from configuration), the hosted test checkout page and its test cards,
// signed webhooks into the one handler (bad signatures and replays refused, redeliveries
// applied once), and the billing clock (renewal, payment failure and grace, cancellation).
import { beforeAll, describe, expect, it } from 'vitest';
import { isMembershipActive, membershipState } from '../../worker/membership/active-membership.ts';
import { runBillingClock } from '../../worker/membership/billing-clock.ts';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { LOCAL_WEBHOOK_SECRET_DEFAULT, LocalProvider, signWebhookPayload } from '../../worker/payments/local-provider.ts';
import { handlePaymentWebhook } from '../../worker/membership/payment-webhook.ts';
import { localProviderFor } from '../../worker/membership/payment-provider.ts';
import { createSession } from '../../worker/session/session-store.ts';
import type { MembershipRow } from '../../worker/db/schema.ts';
import { POSTS, SECRET_MARKER, seedWorld } from './helpers/fixtures.ts';
import { graphql, testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';
const DAY = 86_400_000;

beforeAll(async () => {
  await seedWorld(testDb);
});

let nextUser = 0;
/** A fresh signed-in account without membership. */
async function newAccount(): Promise<{ id: string; sid: string; xsrf: string }> {
  nextUser++;
  const id = `cc${String(nextUser).padStart(10, '0')}`;
  await testDb
    .prepare("INSERT INTO users (id, username, name, email, bio, created_at) VALUES (?, ?, ?, ?, '', ?)")
    .bind(id, `buyer${nextUser}`, `Buyer ${nextUser}`, `buyer${nextUser}@vellum.test`, Date.now())
    .run();
  const session = await createSession(testDb, id);
  return { id, sid: session.token, xsrf: session.xsrf };
}

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** POSTs the plans page's form; answers the redirect. */
async function startCheckout(account: { sid: string; xsrf: string }, fields: Record<string, string>): Promise<Response> {
  return workerFetch(`${ORIGIN}/_/membership/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `sid=${account.sid}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ xsrf: account.xsrf, kind: 'MEMBERSHIP', ...fields }),
  });
}

async function payOnCheckoutPage(url: string, card: string, exp = '12 / 34', cvc = '123'): Promise<Response> {
  return workerFetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ cardnumber: card, exp, cvc }),
  });
}

async function buy(account: { sid: string; xsrf: string }, plan: string, card: string): Promise<Response> {
  const started = await startCheckout(account, { plan });
  expect(started.status).toBe(303);
  return payOnCheckoutPage(started.headers.get('location')!, card);
}

async function membershipOf(userId: string): Promise<MembershipRow | null> {
  const row = await testDb.prepare('SELECT * FROM memberships WHERE user_id = ?').bind(userId).first<Record<string, unknown>>();
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    tier: row.tier,
    plan: row.plan,
    paymentProvider: row.payment_provider,
    currency: row.currency,
    amount: row.amount,
    startedAt: row.started_at,
    currentPeriodEndsAt: row.current_period_ends_at,
    isCancelled: row.is_cancelled === 1,
    paymentFailedAt: row.payment_failed_at,
    friendSince: row.friend_since,
  } as MembershipRow;
}

async function count(sql: string, ...params: unknown[]): Promise<number> {
  return (await testDb.prepare(sql).bind(...params).first<{ n: number }>())!.n;
}

async function readsLockedStory(sid: string): Promise<boolean> {
  const answer = await graphql(`query($id: ID!) { post(id: $id) { content { bodyModel { paragraphs { text } } } } }`, { id: POSTS.locked }, sid);
  return answer.text.includes(SECRET_MARKER);
}

describe('checkout with the local provider', () => {
  it('4242: the hosted page shows the configured price, paying makes a member, lands on /welcome-member, keeps no card number', async () => {
    const account = await newAccount();
    const started = await startCheckout(account, { plan: 'MONTHLY' });
    expect(started.status).toBe(303);
    const pageUrl = started.headers.get('location')!;
    expect(pageUrl).toMatch(/^http:\/\/localhost:8787\/_\/dev\/pay\/checkout\/cs_test_[0-9a-f]+$/);
    const page = await workerFetch(pageUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('$5.00');
    expect(await readsLockedStory(account.sid)).toBe(false);

    const paid = await payOnCheckoutPage(pageUrl, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${ORIGIN}/welcome-member?plan=MONTHLY`);

    const membership = await membershipOf(account.id);
    expect(membership).toMatchObject({ tier: 'MEMBER', plan: 'MONTHLY', paymentProvider: 'STRIPE', amount: 500, isCancelled: false, paymentFailedAt: null });
    expect(membershipState(membership!, Date.now())).toBe('ACTIVE');
    expect(await readsLockedStory(account.sid)).toBe(true);
    const card = await testDb.prepare('SELECT brand, last4, exp_month, exp_year FROM payment_methods WHERE user_id = ?').bind(account.id).first();
    expect(card).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 });
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED' AND amount = 500", account.id)).toBe(1);

    // No table holds the card number.
    const tables = await testDb.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'").all<{ name: string }>();
    for (const { name } of tables.results) {
      const rows = await testDb.prepare(`SELECT * FROM "${name}"`).all();
      expect(JSON.stringify(rows.results), name).not.toContain('4242424242424242');
    }
    // Reads every table of the database: more than the default 5 s on a busy machine.
  }, 30_000);

  it('six simultaneous submits of one checkout complete it once: one card, one subscription, one charge', async () => {
    const account = await newAccount();
    const started = await startCheckout(account, { plan: 'MONTHLY' });
    const pageUrl = started.headers.get('location')!;
    const sessionRef = pageUrl.split('/').pop()!;
    const answers = await Promise.all(Array.from({ length: 6 }, () => payOnCheckoutPage(pageUrl, '4242 4242 4242 4242')));
    // Every submit lands where a completed checkout goes (a double click is not an error).
    for (const answer of answers) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe(`${ORIGIN}/welcome-member?plan=MONTHLY`);
    }
    const customerRef = (await testDb.prepare('SELECT customer_ref FROM devpay_sessions WHERE id = ?').bind(sessionRef).first<{ customer_ref: string }>())!.customer_ref;
    expect(await count('SELECT COUNT(*) AS n FROM devpay_subscriptions WHERE customer_ref = ?', customerRef)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM devpay_cards WHERE customer_ref = ?', customerRef)).toBe(1);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED'", account.id)).toBe(1);
    expect(await count('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?', account.id)).toBe(1);
  }, 60_000);

  it('4000 0000 0000 0002: the page shows the provider\'s decline and nothing is written', async () => {
    const account = await newAccount();
    const declined = await buy(account, 'YEARLY', '4000 0000 0000 0002');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect(await membershipOf(account.id)).toBeNull();
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM payment_methods WHERE user_id = ?', account.id)).toBe(0);
  });

  it('a non-test card, a bad number and a past expiry get Stripe\'s messages', async () => {
    const account = await newAccount();
    const started = await startCheckout(account, { plan: 'MONTHLY' });
    const url = started.headers.get('location')!;
    const shown = async (response: Response) => (await response.text()).replaceAll('&#39;', "'");
    expect(await shown(await payOnCheckoutPage(url, '4111 1111 1111 1112'))).toContain('Your card number is incorrect.');
    expect(await shown(await payOnCheckoutPage(url, '4242 4242 4242 4242', '01 / 20'))).toContain("Your card's expiration year is invalid.");
    expect(await shown(await payOnCheckoutPage(url, '4000 0000 0000 9995'))).toContain('Your card has insufficient funds.');
    expect(await membershipOf(account.id)).toBeNull();
  });

  it('prices never come from the client: an amount field is ignored, an unknown plan starts nothing', async () => {
    const account = await newAccount();
    const started = await startCheckout(account, { plan: 'PREMIUM_YEARLY', amount: '1', price: '1', currency: 'CAD' });
    const sessionRef = started.headers.get('location')!.split('/').pop()!;
    const session = await testDb.prepare('SELECT amount, currency FROM devpay_sessions WHERE id = ?').bind(sessionRef).first();
    expect(session).toEqual({ amount: 15000, currency: 'USD' });
    expect(await testDb.prepare('SELECT amount FROM checkouts WHERE provider_ref = ?').bind(sessionRef).first()).toEqual({ amount: 15000 });

    const before = await count('SELECT COUNT(*) AS n FROM checkouts');
    const bad = await startCheckout(account, { plan: 'FREE' });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/plans');
    expect(await count('SELECT COUNT(*) AS n FROM checkouts')).toBe(before);
  });

  it('refuses a checkout without the anti-forgery value or from another site, and sends a visitor to sign up', async () => {
    const account = await newAccount();
    const noToken = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `sid=${account.sid}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ plan: 'MONTHLY' }),
    });
    expect(noToken.status).toBe(403);
    const crossSite = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `sid=${account.sid}`, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ plan: 'MONTHLY', xsrf: account.xsrf }),
    });
    expect(crossSite.status).toBe(403);
    const visitor = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: form({ plan: 'MONTHLY' }),
    });
    expect(visitor.status).toBe(303);
    expect(visitor.headers.get('location')).toContain('/m/signin');
  });

  it('a member cannot buy a second membership: sent to manage it', async () => {
    const account = await newAccount();
    await buy(account, 'MONTHLY', '4242424242424242');
    const again = await startCheckout(account, { plan: 'YEARLY' });
    expect(again.headers.get('location')).toBe('/manage-membership');
  });
});

describe('the webhook handler', () => {
  const post = (body: string, signature: string | null) =>
    workerFetch(`${ORIGIN}/_/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) }, body });

  async function renewalFailedEvent(subscriptionRef: string, id = `evt_test_${crypto.randomUUID().replace(/-/g, '')}`) {
    return JSON.stringify({
      id,
      object: 'event',
      type: 'invoice.payment_failed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'invoice', id: `in_${id}`, subscription: subscriptionRef, amount_due: 500, billing_reason: 'subscription_cycle' } },
    });
  }

  async function memberWithSubscription() {
    const account = await newAccount();
    await buy(account, 'MONTHLY', '4242424242424242');
    const membership = (await membershipOf(account.id))!;
    const { subscription_ref } = (await testDb.prepare('SELECT subscription_ref FROM subscriptions WHERE membership_id = ?').bind(membership.id).first<{ subscription_ref: string }>())!;
    return { account, membership, subscriptionRef: subscription_ref };
  }

  it('a bad signature is 400 and changes nothing', async () => {
    const { account, subscriptionRef } = await memberWithSubscription();
    const body = await renewalFailedEvent(subscriptionRef);
    const events = await count('SELECT COUNT(*) AS n FROM webhook_events');
    for (const signature of [null, 't=1,v1=00', await signWebhookPayload(body, 'whsec_not_ours'), await signWebhookPayload(body + ' ', LOCAL_WEBHOOK_SECRET_DEFAULT)]) {
      const response = await post(body, signature);
      expect(response.status).toBe(400);
    }
    // The right signature over a different body does not carry over either.
    const tampered = body.replace('"amount_due":500', '"amount_due":1');
    expect((await post(tampered, await signWebhookPayload(body, LOCAL_WEBHOOK_SECRET_DEFAULT))).status).toBe(400);
    expect(await count('SELECT COUNT(*) AS n FROM webhook_events')).toBe(events);
    expect((await membershipOf(account.id))!.paymentFailedAt).toBeNull();
  });

  it('a replayed delivery (signed ten minutes ago) is refused', async () => {
    const { account, subscriptionRef } = await memberWithSubscription();
    const body = await renewalFailedEvent(subscriptionRef);
    const old = await signWebhookPayload(body, LOCAL_WEBHOOK_SECRET_DEFAULT, Math.floor(Date.now() / 1000) - 600);
    expect((await post(body, old)).status).toBe(400);
    expect((await membershipOf(account.id))!.paymentFailedAt).toBeNull();
  });

  it('the same event delivered twice is applied once', async () => {
    const { account, subscriptionRef } = await memberWithSubscription();
    const body = await renewalFailedEvent(subscriptionRef);
    const first = await post(body, await signWebhookPayload(body, LOCAL_WEBHOOK_SECRET_DEFAULT));
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ applied: true });
    const failedAt = (await membershipOf(account.id))!.paymentFailedAt;
    expect(failedAt).not.toBeNull();
    const second = await post(body, await signWebhookPayload(body, LOCAL_WEBHOOK_SECRET_DEFAULT));
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({ applied: false });
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'FAILED'", account.id)).toBe(1);
    expect((await membershipOf(account.id))!.paymentFailedAt).toBe(failedAt);
  });

  it('a provider failure while applying leaves no half-written membership or charge; the redelivery applies it', async () => {
    const account = await newAccount();
    const started = await startCheckout(account, { plan: 'YEARLY' });
    const sessionRef = started.headers.get('location')!.split('/').pop()!;
    // The processor takes the payment, but our handler cannot reach it while applying the event.
    const delivered: Request[] = [];
    const capturing = new LocalProvider(testDb, { origin: ORIGIN, webhookSecret: LOCAL_WEBHOOK_SECRET_DEFAULT, webhookPath: '/_/payments/webhook', deliver: async (request) => { delivered.push(request); return new Response('ok'); } });
    expect((await capturing.pay(sessionRef, { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })).ok).toBe(true);
    expect(delivered).toHaveLength(1);
    const body = await delivered[0]!.text();
    const signature = delivered[0]!.headers.get('stripe-signature');

    const real = localProviderFor(testEnv);
    const failing = Object.assign(Object.create(real) as typeof real, { completedCheckout: () => Promise.reject(new Error('processor unavailable')) });
    await expect(handlePaymentWebhook(new Request(`${ORIGIN}/_/payments/webhook`, { method: 'POST', headers: { 'stripe-signature': signature! }, body }), testEnv, failing)).rejects.toThrow('processor unavailable');
    expect(await membershipOf(account.id)).toBeNull();
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(0);
    expect(await count("SELECT COUNT(*) AS n FROM checkouts WHERE user_id = ? AND status = 'OPEN'", account.id)).toBe(1);

    const again = await post(body, signature);
    expect(again.status).toBe(200);
    expect(await membershipOf(account.id)).toMatchObject({ plan: 'YEARLY', amount: 5000 });
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(1);
  });

  it('a completed checkout our handler did not take is kept by the local provider and sent again by its next billing run, once', async () => {
    const account = await newAccount();
    const started = await startCheckout(account, { plan: 'MONTHLY' });
    const sessionRef = started.headers.get('location')!.split('/').pop()!;
    // Our handler is down for the first delivery (a deploy, D1 unavailable): 503, as a failing worker answers.
    let down = true;
    const deliveries: string[] = [];
    const provider = new LocalProvider(testDb, {
      origin: ORIGIN,
      webhookSecret: LOCAL_WEBHOOK_SECRET_DEFAULT,
      webhookPath: '/_/payments/webhook',
      deliver: async (request) => {
        const body = await request.clone().text();
        deliveries.push(JSON.parse(body).id);
        return down ? new Response('unavailable', { status: 503 }) : workerFetch(request.url, { method: 'POST', headers: request.headers, body });
      },
    });
    expect((await provider.pay(sessionRef, { number: '4242424242424242', expMonth: 12, expYear: 2034, cvc: '123' })).ok).toBe(true);
    expect(await membershipOf(account.id)).toBeNull();
    expect(await count('SELECT COUNT(*) AS n FROM devpay_undelivered_events')).toBeGreaterThanOrEqual(1);

    // Still down at the next run: kept, with one more attempt counted.
    expect((await provider.runBilling(Date.now())).redelivered).toBe(0);
    expect(await membershipOf(account.id)).toBeNull();

    down = false;
    const report = await provider.runBilling(Date.now());
    expect(report.redelivered).toBeGreaterThanOrEqual(1);
    expect(await membershipOf(account.id)).toMatchObject({ plan: 'MONTHLY', amount: 500 });
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(1);
    // The same event id each time (so a late duplicate is applied once), and nothing left to send.
    expect(new Set(deliveries).size).toBe(1);
    expect(deliveries).toHaveLength(3);
    expect(await count('SELECT COUNT(*) AS n FROM devpay_undelivered_events')).toBe(0);
    expect((await provider.runBilling(Date.now())).redelivered).toBe(0);
  });

  it('an oversized body is refused before anything is read into the database', async () => {
    const response = await post('x'.repeat(300 * 1024), 't=1,v1=00');
    expect(response.status).toBe(413);
  });
});

describe('the billing clock', () => {
  it('a month on renews the monthly member (one new charge); running it again does nothing', async () => {
    const account = await newAccount();
    await buy(account, 'MONTHLY', '4242424242424242');
    const before = (await membershipOf(account.id))!;
    const report = await advanceBillingClock(testEnv, 31, Date.now());
    expect(report).toMatchObject({ provider: 'local', failed: 0 });
    expect(report.renewed).toBeGreaterThanOrEqual(1);
    const after = (await membershipOf(account.id))!;
    expect(membershipState(after, Date.now())).toBe('ACTIVE');
    // Moved 31 days back and renewed once: the period now ends about a month later than before, minus the shift.
    expect(after.currentPeriodEndsAt - (before.currentPeriodEndsAt - 31 * DAY)).toBeGreaterThanOrEqual(28 * DAY);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED'", account.id)).toBe(2);
    expect(await readsLockedStory(account.sid)).toBe(true);

    const charges = await count('SELECT COUNT(*) AS n FROM charges');
    const again = await runBillingClock(testEnv, Date.now());
    expect(again).toMatchObject({ renewed: 0, failed: 0, ended: 0 });
    expect(await count('SELECT COUNT(*) AS n FROM charges')).toBe(charges);
  });

  it('…0341 pays now, fails at renewal (payment failed, still reading), and after the grace period member-only stories lock', async () => {
    const account = await newAccount();
    const paid = await buy(account, 'MONTHLY', '4000 0000 0000 0341');
    expect(paid.status).toBe(303);
    expect(await readsLockedStory(account.sid)).toBe(true);

    await advanceBillingClock(testEnv, 31, Date.now());
    const failed = (await membershipOf(account.id))!;
    expect(failed.paymentFailedAt).not.toBeNull();
    expect(membershipState(failed, Date.now())).toBe('PAYMENT_FAILED');
    expect(await readsLockedStory(account.sid)).toBe(true);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'FAILED'", account.id)).toBe(1);

    // Running again does not fail it twice.
    await runBillingClock(testEnv, Date.now());
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'FAILED'", account.id)).toBe(1);

    await advanceBillingClock(testEnv, 15, Date.now());
    const locked = (await membershipOf(account.id))!;
    expect(membershipState(locked, Date.now())).toBe('GRACE_EXPIRED');
    expect(isMembershipActive(locked, Date.now())).toBe(false);
    expect(await readsLockedStory(account.sid)).toBe(false);
  });

  it('a new card retries the failed renewal: the member reads again', async () => {
    const account = await newAccount();
    await buy(account, 'MONTHLY', '4000000000000341');
    await advanceBillingClock(testEnv, 31 + 15, Date.now());
    expect(await readsLockedStory(account.sid)).toBe(false);
    const update = await startCheckout(account, { kind: 'PAYMENT_METHOD', plan: '' });
    expect(update.status).toBe(303);
    const saved = await payOnCheckoutPage(update.headers.get('location')!, '4242424242424242');
    expect(saved.headers.get('location')).toBe(`${ORIGIN}/manage-membership?card=updated`);
    const membership = (await membershipOf(account.id))!;
    expect(membership.paymentFailedAt).toBeNull();
    expect(membershipState(membership, Date.now())).toBe('ACTIVE');
    expect(await readsLockedStory(account.sid)).toBe(true);
    expect(await testDb.prepare('SELECT last4 FROM payment_methods WHERE user_id = ?').bind(account.id).first()).toEqual({ last4: '4242' });
  });

  it('ends a cancelled membership whose period is over', async () => {
    const account = await newAccount();
    await buy(account, 'MONTHLY', '4242424242424242');
    const membership = (await membershipOf(account.id))!;
    const { subscription_ref } = (await testDb.prepare('SELECT subscription_ref FROM subscriptions WHERE membership_id = ?').bind(membership.id).first<{ subscription_ref: string }>())!;
    await localProviderFor(testEnv).setCancelAtPeriodEnd(subscription_ref, true);
    await testDb.prepare('UPDATE memberships SET is_cancelled = 1 WHERE id = ?').bind(membership.id).run();
    expect(membershipState((await membershipOf(account.id))!, Date.now())).toBe('CANCELLED');

    const report = await advanceBillingClock(testEnv, 31, Date.now());
    expect(report.ended).toBeGreaterThanOrEqual(1);
    const ended = (await membershipOf(account.id))!;
    expect(membershipState(ended, Date.now())).toBe('ENDED');
    expect(await readsLockedStory(account.sid)).toBe(false);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ?", account.id)).toBe(1);
  });

  it('a plan switch is scheduled for the period\'s end and starts with that renewal, at the configured price', async () => {
    const account = await newAccount();
    await buy(account, 'MONTHLY', '4242424242424242');
    const membership = (await membershipOf(account.id))!;
    const gql = async (query: string, variables: Record<string, unknown> = {}) =>
      (await (await workerFetch(`${ORIGIN}/_/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `sid=${account.sid}`, 'x-xsrf-token': account.xsrf },
        body: JSON.stringify({ query, variables }),
      })).json()) as { data: any };
    const SWITCH = 'mutation($id: ID!, $t: MembershipPlan!) { updateMembershipPlan(membershipId: $id, membershipType: $t) { __typename ... on UpdateMembershipPlanSuccess { membership { plan switchPlanSchedule { startAt plan { membershipType price { amount currency } } } } } ... on BadRequest { message } } }';
    const same = await gql(SWITCH, { id: membership.id, t: 'MONTHLY' });
    expect(same.data.updateMembershipPlan).toEqual({ __typename: 'BadRequest', message: 'Choose a different plan.' });
    const switched = await gql(SWITCH, { id: membership.id, t: 'PREMIUM_YEARLY' });
    expect(switched.data.updateMembershipPlan).toEqual({
      __typename: 'UpdateMembershipPlanSuccess',
      membership: { plan: 'MONTHLY', switchPlanSchedule: { startAt: membership.currentPeriodEndsAt, plan: { membershipType: 'PREMIUM_YEARLY', price: { amount: 15000, currency: 'USD' } } } },
    });
    // Nothing changes before the period ends.
    expect(await membershipOf(account.id)).toMatchObject({ plan: 'MONTHLY', tier: 'MEMBER', amount: 500 });

    await advanceBillingClock(testEnv, 31, Date.now());
    const friend = (await membershipOf(account.id))!;
    expect(friend).toMatchObject({ plan: 'PREMIUM_YEARLY', tier: 'FRIEND', amount: 15000 });
    expect(friend.friendSince).not.toBeNull();
    expect(friend.currentPeriodEndsAt - Date.now()).toBeGreaterThan(330 * DAY);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND amount = 15000 AND plan = 'PREMIUM_YEARLY'", account.id)).toBe(1);
    expect(await testDb.prepare('SELECT switch_plan FROM subscriptions WHERE membership_id = ?').bind(membership.id).first()).toEqual({ switch_plan: null });
  });

  it('the development clock endpoint needs its header and answers 404 outside development', async () => {
    const refused = await workerFetch(`${ORIGIN}/_/dev/billing/advance?days=1`, { method: 'POST' });
    expect(refused.status).toBe(403);
    const moved = await workerFetch(`${ORIGIN}/_/dev/billing/advance?days=0`, { method: 'POST', headers: { 'x-vellum-billing-clock': '1' } });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ provider: 'local' });
  });
});
