// Cancelling with a reason and the retention offer (docs/adr/0120-cancellation-reasons-and-retention-offer.md):
// the reason is recorded with the cancellation in one batch, with the offer that was made; a
// reason outside the spec's list is refused and nothing is stored or cancelled; the offer taken
// keeps the membership and is made once per account; a gift membership cannot be cancelled; staff
// read the counts by reason, nobody else finds the page.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { signedIn } from './helpers/signed-in.ts';

const DAY = 86_400_000;
const ORIGIN = 'http://localhost:8787';
const CANCEL = 'mutation($id: ID!, $r: CancellationReason!) { cancelMembership(membershipId: $id, reason: $r) { __typename ... on BadRequest { message } ... on NotFound { message } } }';
const ACCEPT = 'mutation($id: ID!, $r: CancellationReason!) { acceptRetentionOffer(membershipId: $id, reason: $r) { __typename ... on BadRequest { message } } }';
const MEMBERSHIP = '{ viewer { viewerEdge { membership { id state canCancel retentionOffer } } } }';

const answers = async (userId: string) =>
  (await testDb.prepare('SELECT reason, retention_offer, offer_accepted FROM membership_cancellations WHERE user_id = ? ORDER BY created_at').bind(userId).all()).results;
const isCancelled = async (id: string) => (await testDb.prepare('SELECT is_cancelled FROM memberships WHERE id = ?').bind(id).first<{ is_cancelled: number }>())?.is_cancelled;

beforeAll(async () => {
  await seedWorld(testDb);
  // The member pays by card through the local provider; the friend's membership becomes a gift.
  await testDb.batch([
    testDb.prepare("INSERT INTO subscriptions (membership_id, subscription_ref) VALUES ('bb0000000001', 'sub_test_member')"),
    testDb.prepare("INSERT INTO devpay_subscriptions (id, customer_ref, payment_method_ref, amount, currency, interval, metadata, current_period_end, cancel_at_period_end, status) VALUES ('sub_test_member', 'cus_m', 'pm_m', 500, 'USD', 'month', '{}', ?, 0, 'active')").bind(Date.now() + 20 * DAY),
    testDb.prepare("UPDATE memberships SET payment_provider = 'MEDIUM_GIFT', amount = 0 WHERE id = 'bb0000000005'"),
  ]);
});

describe('cancelling with a reason', () => {
  it('a reason outside the list is refused: nothing stored, nothing cancelled', async () => {
    const member = await signedIn(USERS.member);
    const forged = await member.gql(CANCEL, { id: 'bb0000000001', r: 'BECAUSE' });
    expect(forged.errors?.[0]?.message).toMatch(/CancellationReason/);
    const inline = await member.gql("mutation { cancelMembership(membershipId: \"bb0000000001\", reason: \"COSTS; DROP TABLE\") { __typename } }");
    expect(inline.errors?.length).toBeGreaterThan(0);
    const none = await member.gql('mutation { cancelMembership(membershipId: "bb0000000001") { __typename } }');
    expect(none.errors?.length).toBeGreaterThan(0);
    expect(await answers(USERS.member)).toEqual([]);
    expect(await isCancelled('bb0000000001')).toBe(0);
    expect(await testDb.prepare("SELECT cancel_at_period_end FROM devpay_subscriptions WHERE id = 'sub_test_member'").first()).toEqual({ cancel_at_period_end: 0 });
  });

  it('the member is offered half price for a year; taking it keeps the membership, once per account', async () => {
    const member = await signedIn(USERS.member);
    expect((await member.gql(MEMBERSHIP)).data.viewer.viewerEdge.membership).toEqual({ id: 'bb0000000001', state: 'ACTIVE', canCancel: true, retentionOffer: 'FIFTY_PERCENT_OFF_ONE_YEAR' });
    expect((await member.gql(ACCEPT, { id: 'bb0000000001', r: 'COSTS' })).data.acceptRetentionOffer).toEqual({ __typename: 'MutationSuccess' });
    expect(await isCancelled('bb0000000001')).toBe(0);
    expect(await answers(USERS.member)).toEqual([{ reason: 'COSTS', retention_offer: 'FIFTY_PERCENT_OFF_ONE_YEAR', offer_accepted: 1 }]);
    // Made once: now there is no offer, and taking it again is refused.
    expect((await member.gql(MEMBERSHIP)).data.viewer.viewerEdge.membership.retentionOffer).toBe('NO_DISCOUNT');
    expect((await member.gql(ACCEPT, { id: 'bb0000000001', r: 'COSTS' })).data.acceptRetentionOffer.__typename).toBe('BadRequest');
    expect(await answers(USERS.member)).toHaveLength(1);
  });

  it('cancelling records the reason with the offer made, in the same write as the cancellation', async () => {
    const member = await signedIn(USERS.member);
    expect((await member.gql(CANCEL, { id: 'bb0000000001', r: 'TIME' })).data.cancelMembership).toEqual({ __typename: 'MutationSuccess' });
    expect(await isCancelled('bb0000000001')).toBe(1);
    expect(await testDb.prepare("SELECT cancel_at_period_end FROM devpay_subscriptions WHERE id = 'sub_test_member'").first()).toEqual({ cancel_at_period_end: 1 });
    expect((await answers(USERS.member)).at(-1)).toEqual({ reason: 'TIME', retention_offer: 'NO_DISCOUNT', offer_accepted: 0 });
    // Cancelled already: a second cancellation is refused and records nothing.
    expect((await member.gql(CANCEL, { id: 'bb0000000001', r: 'TIME' })).data.cancelMembership.__typename).toBe('BadRequest');
    expect(await answers(USERS.member)).toHaveLength(2);
  });

  it("someone else's membership is NotFound and records nothing", async () => {
    const reader = await signedIn(USERS.reader);
    expect((await reader.gql(CANCEL, { id: 'bb0000000005', r: 'OTHER' })).data.cancelMembership.__typename).toBe('NotFound');
    expect(await answers(USERS.reader)).toEqual([]);
  });

  it('a gift membership cannot be cancelled (it is never charged) and is offered nothing', async () => {
    const gifted = await signedIn(USERS.friend);
    expect((await gifted.gql(MEMBERSHIP)).data.viewer.viewerEdge.membership).toMatchObject({ canCancel: false, retentionOffer: 'NO_DISCOUNT' });
    expect((await gifted.gql(CANCEL, { id: 'bb0000000005', r: 'COSTS' })).data.cancelMembership).toEqual({ __typename: 'BadRequest', message: "We couldn't process your request, please try again." });
    expect(await answers(USERS.friend)).toEqual([]);
    expect(await isCancelled('bb0000000005')).toBe(0);
  });
});

describe('staff counts by reason', () => {
  it('show every reason with its counts to staff, and are the 404 page for anyone else', async () => {
    const staff = await createSession(testDb, USERS.staff);
    const page = await workerFetch(`${ORIGIN}/_/admin/membership/cancellations`, { headers: { cookie: `sid=${staff.token}` } });
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toMatch(/<tr data-reason="TIME">[\s\S]*?<td data-count="cancelled">1<\/td>[\s\S]*?<td data-count="offer-accepted">0<\/td>/);
    expect(text).toMatch(/<tr data-reason="COSTS">[\s\S]*?<td data-count="cancelled">0<\/td>[\s\S]*?<td data-count="offer-accepted">1<\/td>/);
    expect(text.match(/<tr data-reason=/g)).toHaveLength(8);
    const member = await createSession(testDb, USERS.member);
    expect((await workerFetch(`${ORIGIN}/_/admin/membership/cancellations`, { headers: { cookie: `sid=${member.token}` } })).status).toBe(404);
    expect((await workerFetch(`${ORIGIN}/_/admin/membership/cancellations`)).status).toBe(404);
  });
});
