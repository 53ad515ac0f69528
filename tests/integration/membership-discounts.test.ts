// Discount offers (docs/membership.md "Discount offers", docs/adr/0115-discounts-are-discounted-cycles.md):
// a discount id (a /discount link, or the configured offer /plans shows) gives a first membership
// on a monthly plan numCycles discounted cycles: three months free is a receipt of $0.00 at
// checkout and at the next two renewals, then the regular price. A discount id that does not
// exist, or an offer the plan or buyer cannot have, is refused: nothing charged, nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '../../shared/format.ts';
import { UNKNOWN_DISCOUNT_MESSAGE, DISCOUNT_NOT_APPLICABLE_MESSAGE } from '../../shared/membership/discount-text.ts';
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
import { signedIn } from './helpers/signed-in.ts';
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

async function pay(url: string, cardnumber = '4242 4242 4242 4242'): Promise<Response> {
  return workerFetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber, exp: '12 / 34', cvc: '123' }),
  });
}

async function checkoutWithOffer(account: { id: string; email: string }, plan: string, now: number, discountId = 'THREE_MONTHS_FREE') {
  const outcome = await startCheckout(testDb, localProviderFor(testEnv), { id: account.id, email: account.email, name: 'Buyer' }, { kind: 'MEMBERSHIP', plan, discountId }, ORIGIN, 'Vellum', now);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.url;
}

/** The plans form, as the browser posts it. */
function postCheckout(account: { sid: string; xsrf: string }, fields: Record<string, string>) {
  return workerFetch(`${ORIGIN}/_/membership/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `sid=${account.sid}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: account.xsrf, kind: 'MEMBERSHIP', ...fields }),
  });
}

const count = async (sql: string, ...params: unknown[]) => (await testDb.prepare(sql).bind(...params).first<{ n: number }>())!.n;
const readsLockedStory = async (sid: string) => (await graphql(`query($id: ID!) { post(id: $id) { content { bodyModel { paragraphs { text } } } } }`, { id: POSTS.locked }, sid)).text.includes(SECRET_MARKER);
const receipts = async (userId: string) =>
  (await testDb.prepare('SELECT amount, status, discount_id FROM charges WHERE user_id = ? ORDER BY created_at').bind(userId).all<{ amount: number; status: string; discount_id: string | null }>()).results;

/** Nothing of a refused checkout anywhere: no checkout row, no provider session, no charge, no membership. */
async function nothingStored(userId: string, sessionsBefore: number) {
  expect(await count('SELECT COUNT(*) AS n FROM checkouts WHERE user_id = ?', userId)).toBe(0);
  expect(await count('SELECT COUNT(*) AS n FROM devpay_sessions')).toBe(sessionsBefore);
  expect(await count('SELECT COUNT(*) AS n FROM charges WHERE user_id = ?', userId)).toBe(0);
  expect(await count('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?', userId)).toBe(0);
}

describe('discount offers', () => {
  it('only first memberships on monthly plans get one', () => {
    expect(configuredDiscountOffer({ MEMBERSHIP_DISCOUNT_OFFER: 'SIX_MONTHS_FREE' })).toBe('SIX_MONTHS_FREE');
    expect(configuredDiscountOffer({ MEMBERSHIP_DISCOUNT_OFFER: 'TEN_YEARS_FREE' })).toBeNull();
    expect(configuredDiscountOffer({})).toBeNull();
    expect(discountOfferFor('ONE_MONTH_FREE', 'MONTHLY', false)).toBe('ONE_MONTH_FREE');
    expect(discountOfferFor('ONE_MONTH_FREE', 'PREMIUM_MONTHLY', false)).toBe('ONE_MONTH_FREE');
    expect(discountOfferFor('ONE_MONTH_FREE', 'YEARLY', false)).toBeNull();
    expect(discountOfferFor('ONE_MONTH_FREE', 'MONTHLY', true)).toBeNull();
  });

  it('three months free: three receipts of $0.00 naming the offer, then the regular price; planV2 and discountEndsAt say so while it runs', async () => {
    const account = await newAccount();
    const started = await postCheckout(account, { plan: 'MONTHLY', discountId: 'THREE_MONTHS_FREE' });
    expect(started.status).toBe(303);
    const url = started.headers.get('location')!;
    const now = Date.now();
    const page = await (await workerFetch(url)).text();
    expect(page).toContain(`First 3 months free: $0.00/month until ${formatDate(offerFirstChargeAt('THREE_MONTHS_FREE', now))}, then $5.00/month`);
    expect((await pay(url)).status).toBe(303);
    const membership = await testDb
      .prepare('SELECT plan, amount, discount_id, discount_num_cycles AS cycles, discount_amount, discount_ends_at AS ends, current_period_ends_at AS period FROM memberships WHERE user_id = ?')
      .bind(account.id)
      .first<Record<string, number | string>>();
    expect(membership).toMatchObject({ plan: 'MONTHLY', amount: 500, discount_id: 'THREE_MONTHS_FREE', cycles: 3, discount_amount: 0 });
    expect(Number(membership!.ends) - now).toBeGreaterThanOrEqual(89 * DAY);
    expect(Number(membership!.period) - now).toBeLessThanOrEqual(31 * DAY);
    expect(await receipts(account.id)).toEqual([{ amount: 0, status: 'SUCCEEDED', discount_id: 'THREE_MONTHS_FREE' }]);
    expect(await readsLockedStory(account.sid)).toBe(true);
    const QUERY = '{ viewer { membership { amount discountEndsAt planV2 { discount { id numCycles price { amount } } regularPrice { amount currency } } } } }';
    expect(JSON.parse((await graphql(QUERY, {}, account.sid)).text).data.viewer.membership).toEqual({
      amount: 0,
      discountEndsAt: membership!.ends,
      planV2: { discount: { id: 'THREE_MONTHS_FREE', numCycles: 3, price: { amount: 0 } }, regularPrice: { amount: 500, currency: 'USD' } },
    });

    // Two more months: two more free cycles. The fourth month: the regular price, no offer named.
    await advanceBillingClock(testEnv, 31, Date.now());
    await advanceBillingClock(testEnv, 31, Date.now());
    expect((await receipts(account.id)).map((r) => r.amount)).toEqual([0, 0, 0]);
    await advanceBillingClock(testEnv, 31, Date.now());
    expect(await receipts(account.id)).toEqual([
      { amount: 0, status: 'SUCCEEDED', discount_id: 'THREE_MONTHS_FREE' },
      { amount: 0, status: 'SUCCEEDED', discount_id: 'THREE_MONTHS_FREE' },
      { amount: 0, status: 'SUCCEEDED', discount_id: 'THREE_MONTHS_FREE' },
      { amount: 500, status: 'SUCCEEDED', discount_id: null },
    ]);
    expect(JSON.parse((await graphql(QUERY, {}, account.sid)).text).data.viewer.membership).toEqual({
      amount: 500,
      discountEndsAt: null,
      planV2: { discount: null, regularPrice: { amount: 500, currency: 'USD' } },
    });
    expect(await readsLockedStory(account.sid)).toBe(true);
  });

  it('a free month is not charged to a card that fails at renewal; the first regular charge is', async () => {
    const account = await newAccount();
    const url = await checkoutWithOffer(account, 'MONTHLY', Date.now(), 'ONE_MONTH_FREE');
    await pay(url, '4000 0000 0000 0341');
    expect((await receipts(account.id)).map((r) => [r.amount, r.status])).toEqual([[0, 'SUCCEEDED']]);
    await advanceBillingClock(testEnv, 32, Date.now());
    expect((await receipts(account.id)).map((r) => [r.amount, r.status])).toEqual([
      [0, 'SUCCEEDED'],
      [500, 'FAILED'],
    ]);
  });

  it('reactivation keeps a running discount', async () => {
    const account = await newAccount();
    await pay(await checkoutWithOffer(account, 'MONTHLY', Date.now(), 'SIX_MONTHS_FREE'));
    const caller = await signedIn(account.id);
    const { id } = (await caller.gql('{ viewer { membership { id } } }')).data.viewer.membership;
    expect((await caller.gql('mutation($id: ID!) { cancelMembership(membershipId: $id, reason: TIME) { __typename } }', { id })).data.cancelMembership.__typename).toBe('MutationSuccess');
    expect((await caller.gql('mutation($id: ID!) { uncancelMembership(membershipId: $id) { __typename } }', { id })).data.uncancelMembership.__typename).toBe('MutationSuccess');
    const after = JSON.parse((await graphql('{ viewer { membership { isCancelled planV2 { discount { id numCycles } } } } }', {}, account.sid)).text).data.viewer.membership;
    expect(after).toEqual({ isCancelled: false, planV2: { discount: { id: 'SIX_MONTHS_FREE', numCycles: 6 } } });
  });

  it('hostile: a discount id that does not exist is refused with a clear message; nothing charged, nothing stored', async () => {
    const account = await newAccount();
    const sessions = await count('SELECT COUNT(*) AS n FROM devpay_sessions');
    for (const discountId of ['TEN_YEARS_FREE', 'three_months_free', "THREE_MONTHS_FREE' OR 1=1", '__proto__', 'x'.repeat(400)]) {
      const refused = await postCheckout(account, { plan: 'MONTHLY', discountId });
      expect(refused.status).toBe(303);
      expect(refused.headers.get('location')).toBe('/discount?discountRefused=unknown');
    }
    await nothingStored(account.id, sessions);
    const page = await (await workerFetch(`${ORIGIN}/discount?discountRefused=unknown`, { headers: { cookie: `sid=${account.sid}` } })).text();
    expect(page).toContain(UNKNOWN_DISCOUNT_MESSAGE.replace("'", '&#x27;'));
  });

  it('hostile: an offer on a yearly plan, or for a former member, is refused, nothing stored; fields the form never sends are ignored', async () => {
    const account = await newAccount();
    const sessions = await count('SELECT COUNT(*) AS n FROM devpay_sessions');
    const yearly = await postCheckout(account, { plan: 'YEARLY', discountId: 'SIX_MONTHS_FREE' });
    expect(yearly.headers.get('location')).toBe('/discount?discountId=SIX_MONTHS_FREE&discountRefused=not-applicable');
    await nothingStored(account.id, sessions);
    const page = await (await workerFetch(`${ORIGIN}/discount?discountId=SIX_MONTHS_FREE&discountRefused=not-applicable`)).text();
    expect(page).toContain(DISCOUNT_NOT_APPLICABLE_MESSAGE);

    // A trial end or an amount in the form changes nothing: full price, no offer.
    const started = await postCheckout(account, { plan: 'MONTHLY', discount_offer: 'SIX_MONTHS_FREE', trial_end: '9999999999999', amount: '0' });
    expect((await pay(started.headers.get('location')!)).status).toBe(303);
    expect(await receipts(account.id)).toEqual([{ amount: 500, status: 'SUCCEEDED', discount_id: null }]);
  });

  it('/plans and /discount show what the checkout will do: the offer on monthly plans, for visitors and first-time members only', async () => {
    const env = { ...testEnv, MEMBERSHIP_DISCOUNT_OFFER: 'SIX_MONTHS_FREE' };
    const PLANS_QUERY = 'query($d: String) { membershipPlans(discountId: $d) { membershipType discount { id numCycles price { amount } } } }';
    const visitor = await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env, viewer: LOGGED_OUT }));
    const six = { id: 'SIX_MONTHS_FREE', numCycles: 6, price: { amount: 0 } };
    expect(visitor.data?.membershipPlans).toEqual([
      { membershipType: 'MONTHLY', discount: six },
      { membershipType: 'YEARLY', discount: null },
      { membershipType: 'PREMIUM_MONTHLY', discount: six },
      { membershipType: 'PREMIUM_YEARLY', discount: null },
    ]);
    // A /discount link's id wins over the configured one; an unknown id offers nothing.
    const linked = await executeInProcess(PLANS_QUERY, { d: 'ONE_MONTH_FREE' }, requestContextFor({ db: testDb, env, viewer: LOGGED_OUT }));
    expect((linked.data?.membershipPlans as { discount: { numCycles: number } | null }[]).map((p) => p.discount?.numCycles ?? null)).toEqual([1, null, 1, null]);
    const unknown = await executeInProcess(PLANS_QUERY, { d: 'TEN_YEARS_FREE' }, requestContextFor({ db: testDb, env, viewer: LOGGED_OUT }));
    expect((unknown.data?.membershipPlans as { discount: unknown }[]).map((p) => p.discount)).toEqual([null, null, null, null]);
    // An account that has had a membership (here, a yearly one) is offered nothing.
    const former = await newAccount();
    await pay(await postCheckout(former, { plan: 'YEARLY' }).then((r) => r.headers.get('location')!));
    const request = new Request(`${ORIGIN}/_/graphql`, { headers: { cookie: `sid=${former.sid}` } });
    const viewer = await resolveViewer(testDb, request);
    const signedIn = await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env, viewer }));
    expect((signedIn.data?.membershipPlans as { discount: unknown }[]).map((p) => p.discount)).toEqual([null, null, null, null]);
    // Without configuration or link, nobody is offered anything.
    const none = await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env: testEnv, viewer: LOGGED_OUT }));
    expect((none.data?.membershipPlans as { discount: unknown }[]).map((p) => p.discount)).toEqual([null, null, null, null]);
  });
});
