// Discount offers (docs/membership.md "Discount offers"): the configuration's offer gives a first
// membership on a monthly plan its free months. With the local provider the card is checked
// and saved, nothing is charged at checkout, the member reads at once, and the billing clock
// makes the first charge when the free months end. A yearly plan, a former member and any
// offer the client names get no discount.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format.ts';
import { offerFirstChargeAt } from '../../shared/membership/plans.ts';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { startCheckout } from '../../worker/membership/checkout.ts';
import { configuredDiscountOffer, discountOfferFor } from '../../worker/membership/discount-offer.ts';
import { localProviderFor } from '../../worker/membership/payment-provider.ts';
import { requestContextFor } from '../../worker/consequences/consequences.ts';
import { executeInProcess } from '../../worker/graphql/in-process.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { LOGGED_OUT, resolveViewer } from '../../worker/session/viewer.ts';
import { POSTS, SECRET_MARKER, seedWorld } from './helpers/fixtures.ts';
import { graphql, testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';
const DAY = 86_400_000;

beforeAll(async () => {
  await seedWorld(testDb);
});

let nextUser = 0;
async function newAccount(): Promise<{ id: string; sid: string; xsrf: string; email: string }> {
  nextUser++;
  const id = `cd${String(nextUser).padStart(10, '0')}`;
  const email = `discount${nextUser}@vellum.test`;
  await testDb.prepare("INSERT INTO users (id, username, name, email, bio, created_at) VALUES (?, ?, ?, ?, '', ?)").bind(id, `discount${nextUser}`, `Discount ${nextUser}`, email, Date.now()).run();
  const session = await createSession(testDb, id);
  return { id, sid: session.token, xsrf: session.xsrf, email };
}

async function pay(url: string): Promise<Response> {
  return workerFetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' }),
  });
}

async function checkoutWithOffer(account: { id: string; email: string }, plan: string, now: number) {
  const outcome = await startCheckout(testDb, localProviderFor(testEnv), { id: account.id, email: account.email, name: 'Buyer' }, { kind: 'MEMBERSHIP', plan }, ORIGIN, 'Vellum', now, 'THREE_MONTHS_FREE');
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.url;
}

const count = async (sql: string, ...params: unknown[]) => (await testDb.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const readsLockedStory = async (sid: string) => (await graphql(`query($id: ID!) { post(id: $id) { content { bodyModel { paragraphs { text } } } } }`, { id: POSTS.locked }, sid)).text.includes(SECRET_MARKER);

describe('discount offers', () => {
  it('come from configuration only: an unknown name is no offer; yearly plans and former members get none', () => {
    expect(configuredDiscountOffer({ MEMBERSHIP_DISCOUNT_OFFER: 'SIX_MONTHS_FREE' })).toBe('SIX_MONTHS_FREE');
    expect(configuredDiscountOffer({ MEMBERSHIP_DISCOUNT_OFFER: 'TEN_YEARS_FREE' })).toBeNull();
    expect(configuredDiscountOffer({})).toBeNull();
    expect(discountOfferFor('ONE_MONTH_FREE', 'MONTHLY', false)).toBe('ONE_MONTH_FREE');
    expect(discountOfferFor('ONE_MONTH_FREE', 'PREMIUM_MONTHLY', false)).toBe('ONE_MONTH_FREE');
    expect(discountOfferFor('ONE_MONTH_FREE', 'YEARLY', false)).toBeNull();
    expect(discountOfferFor('ONE_MONTH_FREE', 'MONTHLY', true)).toBeNull();
  });

  it('three months free: the card is saved, nothing is charged, the member reads; the clock charges the configured price when the free months end', async () => {
    const account = await newAccount();
    const now = Date.now();
    const url = await checkoutWithOffer(account, 'MONTHLY', now);
    const page = await (await workerFetch(url)).text();
    expect(page).toContain('$5.00');
    expect(page).toContain(`Nothing is charged today. First charge on ${formatDate(offerFirstChargeAt('THREE_MONTHS_FREE', now))}.`);
    const paid = await pay(url);
    expect(paid.status).toBe(303);
    const membership = await testDb.prepare('SELECT plan, amount, current_period_ends_at AS ends, payment_failed_at FROM memberships WHERE user_id = ?').bind(account.id).first();
    expect(membership).toEqual({ plan: 'MONTHLY', amount: 500, ends: offerFirstChargeAt('THREE_MONTHS_FREE', now), payment_failed_at: null });
    expect(offerFirstChargeAt('THREE_MONTHS_FREE', now) - now).toBeGreaterThanOrEqual(89 * DAY);
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(0);
    expect(await testDb.prepare('SELECT last4 FROM payment_methods WHERE user_id = ?').bind(account.id).first()).toEqual({ last4: '4242' });
    expect(await readsLockedStory(account.sid)).toBe(true);

    // A month on: still free. The end of the free months: the first charge, at the plan's price.
    await advanceBillingClock(testEnv, 31, Date.now());
    expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', account.id)).toBe(0);
    await advanceBillingClock(testEnv, 62, Date.now());
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED' AND amount = 500", account.id)).toBe(1);
    expect(await readsLockedStory(account.sid)).toBe(true);
  });

  it('a yearly plan is charged at checkout even while an offer is configured', async () => {
    const account = await newAccount();
    expect((await pay(await checkoutWithOffer(account, 'YEARLY', Date.now()))).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED' AND amount = 5000", account.id)).toBe(1);
  });

  it('the client cannot ask for an offer: the plans form with an offer field is charged in full (none is configured here)', async () => {
    const account = await newAccount();
    const started = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: `sid=${account.sid}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: account.xsrf, kind: 'MEMBERSHIP', plan: 'MONTHLY', discount_offer: 'SIX_MONTHS_FREE', offer: 'SIX_MONTHS_FREE', trial_end: '9999999999999' }),
    });
    expect(started.status).toBe(303);
    expect((await pay(started.headers.get('location')!)).status).toBe(303);
    expect(await count("SELECT COUNT(*) AS n FROM charges WHERE user_id = ? AND status = 'SUCCEEDED' AND amount = 500", account.id)).toBe(1);
  });

  it('/plans shows what the checkout will do: the offer on monthly plans, for visitors and first-time members only', async () => {
    const env = { ...testEnv, MEMBERSHIP_DISCOUNT_OFFER: 'SIX_MONTHS_FREE' };
    const PLANS_QUERY = '{ membershipPlans { membershipType freeMonths } }';
    const visitor = await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env, viewer: LOGGED_OUT }));
    expect(visitor.data?.membershipPlans).toEqual([
      { membershipType: 'MONTHLY', freeMonths: 6 },
      { membershipType: 'YEARLY', freeMonths: null },
      { membershipType: 'PREMIUM_MONTHLY', freeMonths: 6 },
      { membershipType: 'PREMIUM_YEARLY', freeMonths: null },
    ]);
    // An account that has had a membership (here, a yearly one) is offered nothing.
    const former = await newAccount();
    await pay(await checkoutWithOffer(former, 'YEARLY', Date.now()));
    const request = new Request(`${ORIGIN}/_/graphql`, { headers: { cookie: `sid=${former.sid}` } });
    const viewer = await resolveViewer(testDb, request);
    const signedIn = await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env, viewer }));
    expect((signedIn.data?.membershipPlans as { freeMonths: number | null }[]).map((p) => p.freeMonths)).toEqual([null, null, null, null]);
    // Without configuration, nobody is offered anything.
    const none = await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env: testEnv, viewer: LOGGED_OUT }));
    expect((none.data?.membershipPlans as { freeMonths: number | null }[]).map((p) => p.freeMonths)).toEqual([null, null, null, null]);
  });
});
