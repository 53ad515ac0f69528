// The retention offer is billed (docs/adr/0140-the-retention-offer-is-a-discount.md): a member who
// takes "50% off for a year" instead of cancelling is charged half the regular price at each of the
// next 12 monthly renewals, then the regular price again; the receipts say so, and the membership's
// planV2 and discountEndsAt show the discount while it runs. A refused processor changes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld } from './helpers/fixtures.ts';
import { signedIn } from './helpers/signed-in.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';
const ACCEPT = 'mutation($id: ID!, $r: CancellationReason!) { acceptRetentionOffer(membershipId: $id, reason: $r) { __typename ... on BadRequest { message } } }';
const MEMBERSHIP = '{ viewer { membership { id amount state isCancelled retentionOffer discountEndsAt planV2 { discount { id numCycles price { amount } } regularPrice { amount } } } } }';

beforeAll(async () => {
  await seedWorld(testDb);
});

let nextUser = 0;
async function newMember(plan = 'MONTHLY'): Promise<{ id: string }> {
  nextUser++;
  const id = `rt${String(nextUser).padStart(10, '0')}`;
  await testDb
    .prepare("INSERT INTO users (id, username, name, email, bio, created_at) VALUES (?, ?, ?, ?, '', ?)")
    .bind(id, `retained${nextUser}`, `Retained ${nextUser}`, `retained${nextUser}@vellum.test`, Date.now())
    .run();
  const session = await createSession(testDb, id);
  // The plans form, then the local provider's hosted checkout with 4242: a paying member.
  const started = await workerFetch(`${ORIGIN}/_/membership/checkout`, {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: `sid=${session.token}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: session.xsrf, kind: 'MEMBERSHIP', plan }),
  });
  expect(started.status).toBe(303);
  const paid = await workerFetch(started.headers.get('location')!, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' }),
  });
  expect(paid.status).toBe(303);
  return { id };
}

const receipts = async (userId: string) =>
  (await testDb.prepare('SELECT amount, status, discount_id FROM charges WHERE user_id = ? ORDER BY created_at').bind(userId).all<{ amount: number; status: string; discount_id: string | null }>())
    .results;

describe('the retention offer is billed', () => {
  it('accepted: twelve renewals at half price, then the regular one', { timeout: 120_000 }, async () => {
    const account = await newMember();
    const member = await signedIn(account.id);
    const before = (await member.gql(MEMBERSHIP)).data.viewer.membership;
    expect(before).toMatchObject({ amount: 500, retentionOffer: 'FIFTY_PERCENT_OFF_ONE_YEAR', planV2: { discount: null, regularPrice: { amount: 500 } } });
    expect((await member.gql(ACCEPT, { id: before.id, r: 'COSTS' })).data.acceptRetentionOffer).toEqual({ __typename: 'MutationSuccess' });

    const taken = (await member.gql(MEMBERSHIP)).data.viewer.membership;
    expect(taken).toMatchObject({
      state: 'ACTIVE',
      isCancelled: false,
      retentionOffer: 'NO_DISCOUNT',
      planV2: { discount: { id: 'FIFTY_PERCENT_OFF_ONE_YEAR', numCycles: 12, price: { amount: 250 } }, regularPrice: { amount: 500 } },
    });
    expect(taken.discountEndsAt).toBeGreaterThan(Date.now() + 360 * 86_400_000);

    // Thirteen monthly cycles of the billing clock.
    for (let cycle = 0; cycle < 13; cycle++) await advanceBillingClock(testEnv, 31, Date.now());
    const charged = await receipts(account.id);
    expect(charged).toEqual([
      { amount: 500, status: 'SUCCEEDED', discount_id: null },
      ...Array.from({ length: 12 }, () => ({ amount: 250, status: 'SUCCEEDED', discount_id: 'FIFTY_PERCENT_OFF_ONE_YEAR' })),
      { amount: 500, status: 'SUCCEEDED', discount_id: null },
    ]);
    // Over: the membership shows its regular price and no discount; the offer is not made again.
    expect((await member.gql(MEMBERSHIP)).data.viewer.membership).toMatchObject({
      amount: 500,
      discountEndsAt: null,
      retentionOffer: 'NO_DISCOUNT',
      planV2: { discount: null, regularPrice: { amount: 500 } },
    });
  });

  it('on a yearly plan: the next yearly renewal at half price, then the regular one', { timeout: 60_000 }, async () => {
    const account = await newMember('YEARLY');
    const member = await signedIn(account.id);
    const { id } = (await member.gql(MEMBERSHIP)).data.viewer.membership;
    expect((await member.gql(ACCEPT, { id, r: 'TIME' })).data.acceptRetentionOffer).toEqual({ __typename: 'MutationSuccess' });
    expect((await member.gql(MEMBERSHIP)).data.viewer.membership.planV2.discount).toEqual({ id: 'FIFTY_PERCENT_OFF_ONE_YEAR', numCycles: 1, price: { amount: 2500 } });
    await advanceBillingClock(testEnv, 366, Date.now());
    await advanceBillingClock(testEnv, 366, Date.now());
    expect((await receipts(account.id)).map((r) => [r.amount, r.discount_id])).toEqual([
      [5000, null],
      [2500, 'FIFTY_PERCENT_OFF_ONE_YEAR'],
      [5000, null],
    ]);
  });

  it('a member whose free months still run is not offered a lesser discount', async () => {
    const account = await newMember();
    await testDb
      .prepare("UPDATE memberships SET discount_id = 'THREE_MONTHS_FREE', discount_num_cycles = 3, discount_amount = 0, discount_ends_at = ? WHERE user_id = ?")
      .bind(Date.now() + 60 * 86_400_000, account.id)
      .run();
    const member = await signedIn(account.id);
    const { id, retentionOffer } = (await member.gql(MEMBERSHIP)).data.viewer.membership;
    expect(retentionOffer).toBe('NO_DISCOUNT');
    expect((await member.gql(ACCEPT, { id, r: 'COSTS' })).data.acceptRetentionOffer.__typename).toBe('BadRequest');
    expect(await testDb.prepare('SELECT discount_id FROM memberships WHERE user_id = ?').bind(account.id).first()).toEqual({ discount_id: 'THREE_MONTHS_FREE' });
    expect((await testDb.prepare('SELECT COUNT(*) AS n FROM membership_cancellations WHERE user_id = ?').bind(account.id).first<{ n: number }>())!.n).toBe(0);
  });
});
