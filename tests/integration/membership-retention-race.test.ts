// Two accepts of the retention offer at the same moment (docs/adr/0186-retention-accept-is-one-conditional-write.md):
// one passes, the other is refused with a clear message, one answer is recorded, and the renewal
// that follows is discounted once: nothing is billed twice.
import { beforeAll, expect, it } from 'vitest';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { RETENTION_OFFER_TAKEN } from '../../worker/membership/manage-membership.ts';
import { seedWorld } from './helpers/fixtures.ts';
import { signedIn } from './helpers/signed-in.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { checkoutUrl, post } from './helpers/local-checkout.ts';

const ACCEPT = 'mutation($id: ID!, $r: CancellationReason!) { acceptRetentionOffer(membershipId: $id, reason: $r) { __typename ... on BadRequest { message } } }';

beforeAll(async () => {
  await seedWorld(testDb);
});

/** A new member: a new reader's checkout of the monthly plan, paid on the local provider's page. */
async function newMember(): Promise<string> {
  const { userId, url } = await checkoutUrl('racer');
  const paid = await post(url, { cardnumber: '4242 4242 4242 4242', exp: '12 / 34', cvc: '123' });
  expect(paid.status).toBe(303);
  return userId;
}

it('two accepts fired at once: one passes, the other is refused, one discount is billed', { timeout: 120_000 }, async () => {
  const userId = await newMember();
  // Two signed-in tabs of the same member.
  const [tabA, tabB] = await Promise.all([signedIn(userId), signedIn(userId)]);
  const { id } = (await tabA.gql('{ viewer { membership { id } } }')).data.viewer.membership;
  const answers = await Promise.all([tabA.gql(ACCEPT, { id, r: 'COSTS' }), tabB.gql(ACCEPT, { id, r: 'TIME' })]);
  const results = answers.map((a) => a.data.acceptRetentionOffer);
  expect(results.filter((r) => r.__typename === 'MutationSuccess')).toHaveLength(1);
  const refused = results.filter((r) => r.__typename === 'BadRequest');
  expect(refused).toHaveLength(1);
  // The loser is told why, in words of its own (not the generic failure).
  expect(refused[0].message).toBe(RETENTION_OFFER_TAKEN);

  const recorded = await testDb.prepare('SELECT offer_accepted FROM membership_cancellations WHERE user_id = ?').bind(userId).all<{ offer_accepted: number }>();
  expect(recorded.results).toEqual([{ offer_accepted: 1 }]);

  // A third try, later, is refused the same way and changes nothing.
  expect((await tabB.gql(ACCEPT, { id, r: 'OTHER' })).data.acceptRetentionOffer.__typename).toBe('BadRequest');
  expect((await testDb.prepare('SELECT COUNT(*) AS n FROM membership_cancellations WHERE user_id = ?').bind(userId).first<{ n: number }>())!.n).toBe(1);

  // Two renewals: each at half price, once (the checkout's first charge at the regular price).
  await advanceBillingClock(testEnv, 31, Date.now());
  await advanceBillingClock(testEnv, 31, Date.now());
  const charges = await testDb.prepare('SELECT amount, discount_id FROM charges WHERE user_id = ? ORDER BY created_at').bind(userId).all<{ amount: number; discount_id: string | null }>();
  expect(charges.results).toEqual([
    { amount: 500, discount_id: null },
    { amount: 250, discount_id: 'FIFTY_PERCENT_OFF_ONE_YEAR' },
    { amount: 250, discount_id: 'FIFTY_PERCENT_OFF_ONE_YEAR' },
  ]);
});

it('a database that already holds an accepted answer refuses a second one by itself', async () => {
  const userId = await newMember();
  const membership = (await testDb.prepare('SELECT id FROM memberships WHERE user_id = ?').bind(userId).first<{ id: string }>())!;
  const insert = (id: string) =>
    testDb
      .prepare("INSERT INTO membership_cancellations (id, membership_id, user_id, reason, retention_offer, offer_accepted, created_at) VALUES (?, ?, ?, 'COSTS', 'FIFTY_PERCENT_OFF_ONE_YEAR', 1, ?)")
      .bind(id, membership.id, userId, Date.now())
      .run();
  await insert('race-answer-1');
  await expect(insert('race-answer-2')).rejects.toThrow(/UNIQUE constraint failed/);
});
