// Membership over GraphQL: plans priced from configuration, cancel and uncancelMembership
// (MutationSuccess; someone else's membership is NotFound), viewerEdge.membership for the
// viewer only, receipts for their owner only, gift codes checked and redeemed once, and
// guessing codes rate-limited.
import { beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CODE_MESSAGES } from '../../shared/membership/gift-code-status.ts';
import { sha256Hex } from '../../worker/lib/crypto.ts';
import { newGiftCode, normalizeGiftCode } from '../../worker/membership/gift-codes.ts';
import { applyPaymentEvent } from '../../worker/membership/apply-payment-event.ts';
import { localProviderFor } from '../../worker/membership/payment-provider.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { signedIn, loggedOut } from './helpers/signed-in.ts';

const DAY = 86_400_000;

beforeAll(async () => {
  await seedWorld(testDb);
  // The fixtures' members pay by card: give the cancelled one its subscription and card.
  await testDb.batch([
    testDb.prepare("INSERT INTO subscriptions (membership_id, subscription_ref) VALUES ('bb0000000002', 'sub_test_cancelled')"),
    testDb.prepare("INSERT INTO payment_methods (user_id, customer_ref, payment_method_ref, brand, last4, exp_month, exp_year, updated_at) VALUES (?, 'cus_x', 'pm_x', 'visa', '4242', 12, 2034, 1)").bind(USERS.cancelled),
    testDb.prepare("INSERT INTO devpay_subscriptions (id, customer_ref, payment_method_ref, amount, currency, interval, metadata, current_period_end, cancel_at_period_end, status) VALUES ('sub_test_cancelled', 'cus_x', 'pm_x', 500, 'USD', 'month', '{}', ?, 1, 'active')").bind(Date.now() + 3 * DAY),
  ]);
});

async function giftCode(plan: string, options: { expiresAt?: number; redeemed?: boolean } = {}): Promise<string> {
  const code = newGiftCode();
  await testDb
    .prepare('INSERT INTO gift_codes (code_hash, purchaser_id, plan, recipient_email, created_at, expires_at, redeemed_by, redeemed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(await sha256Hex(normalizeGiftCode(code)), USERS.member, plan, 'x@vellum.test', Date.now(), options.expiresAt ?? Date.now() + 365 * DAY, options.redeemed ? USERS.member : null, options.redeemed ? Date.now() : null)
    .run();
  return code;
}

describe('plans', () => {
  it('come from configuration in integer cents, with the weekly price rule', async () => {
    const { data } = await loggedOut.gql('{ membershipPlans { membershipType tier interval price { amount currency } } membershipWeeklyPrice { amount currency } }');
    expect(data.membershipPlans).toEqual([
      { membershipType: 'MONTHLY', tier: 'MEMBER', interval: 'month', price: { amount: 500, currency: 'USD' } },
      { membershipType: 'YEARLY', tier: 'MEMBER', interval: 'year', price: { amount: 5000, currency: 'USD' } },
      { membershipType: 'PREMIUM_MONTHLY', tier: 'FRIEND', interval: 'month', price: { amount: 1500, currency: 'USD' } },
      { membershipType: 'PREMIUM_YEARLY', tier: 'FRIEND', interval: 'year', price: { amount: 15000, currency: 'USD' } },
    ]);
    // 5000 / 52 = 96.15 cents → rounded up to the quarter: $1.00.
    expect(data.membershipWeeklyPrice).toEqual({ amount: 100, currency: 'USD' });
  });
});

describe('cancel and reactivate', () => {
  const UNCANCEL = 'mutation($id: ID!) { uncancelMembership(membershipId: $id) { __typename ... on NotFound { message } ... on BadRequest { message } } }';
  const CANCEL = 'mutation($id: ID!) { cancelMembership(membershipId: $id, reason: COSTS) { __typename ... on BadRequest { message } } }';

  it('someone else\'s membership is NotFound and stays as it was', async () => {
    const reader = await signedIn(USERS.reader);
    const { data } = await reader.gql(UNCANCEL, { id: 'bb0000000002' });
    expect(data.uncancelMembership).toEqual({ __typename: 'NotFound', message: 'No such membership.' });
    expect(await testDb.prepare("SELECT is_cancelled FROM memberships WHERE id = 'bb0000000002'").first()).toEqual({ is_cancelled: 1 });
  });

  it('uncancelMembership answers MutationSuccess; the provider stops cancelling at period end', async () => {
    const cancelled = await signedIn(USERS.cancelled);
    const before = await cancelled.gql('{ viewer { viewerEdge { membership { id isCancelled state canReactivate paymentMethod { __typename ... on CreditCard { cardType lastFour expirationMonth expirationYear } } } } } }');
    expect(before.data.viewer.viewerEdge.membership).toEqual({
      id: 'bb0000000002', isCancelled: true, state: 'CANCELLED', canReactivate: true, paymentMethod: { __typename: 'CreditCard', cardType: 'visa', lastFour: '4242', expirationMonth: 12, expirationYear: 2034 },
    });
    const { data } = await cancelled.gql(UNCANCEL, { id: 'bb0000000002' });
    expect(data.uncancelMembership).toEqual({ __typename: 'MutationSuccess' });
    expect(await testDb.prepare("SELECT is_cancelled FROM memberships WHERE id = 'bb0000000002'").first()).toEqual({ is_cancelled: 0 });
    expect(await testDb.prepare("SELECT cancel_at_period_end FROM devpay_subscriptions WHERE id = 'sub_test_cancelled'").first()).toEqual({ cancel_at_period_end: 0 });
    // Not cancelled any more: a second reactivation is refused with the spec's text.
    const again = await cancelled.gql(UNCANCEL, { id: 'bb0000000002' });
    expect(again.data.uncancelMembership).toEqual({ __typename: 'BadRequest', message: "We couldn't process your request, please try again." });
    // And cancelling again works.
    expect((await cancelled.gql(CANCEL, { id: 'bb0000000002' })).data.cancelMembership).toEqual({ __typename: 'MutationSuccess' });
    expect(await testDb.prepare("SELECT cancel_at_period_end FROM devpay_subscriptions WHERE id = 'sub_test_cancelled'").first()).toEqual({ cancel_at_period_end: 1 });
  });

  it('needs a signed-in viewer and the anti-forgery header', async () => {
    const answer = await loggedOut.gql(UNCANCEL, { id: 'bb0000000002' });
    expect(answer.errors?.[0]?.message).toBe('Sign in to manage your membership.');
  });

  it('viewerEdge.membership is the viewer\'s own only', async () => {
    const reader = await signedIn(USERS.reader);
    const { data } = await reader.gql('query($u: ID!) { user(id: $u) { viewerEdge { membership { id } } } }', { u: USERS.member });
    expect(data.user.viewerEdge.membership).toBeNull();
  });
});

describe('receipts', () => {
  it('are the owner\'s only', async () => {
    await testDb.prepare("INSERT INTO charges (id, user_id, membership_id, kind, plan, currency, amount, status, provider_ref, card_brand, card_last4, created_at) VALUES ('ch0000000001', ?, 'bb0000000001', 'MEMBERSHIP', 'MONTHLY', 'USD', 500, 'SUCCEEDED', 'in_1', 'visa', '4242', 1)").bind(USERS.member).run();
    const query = '{ billingReceipt(chargeId: "ch0000000001") { id price { amount currency } lastFour } }';
    expect((await (await signedIn(USERS.member)).gql(query)).data.billingReceipt).toEqual({ id: 'ch0000000001', price: { amount: 500, currency: 'USD' }, lastFour: '4242' });
    expect((await (await signedIn(USERS.reader)).gql(query)).data.billingReceipt).toBeNull();
    expect((await loggedOut.gql(query)).data.billingReceipt).toBeNull();
  });
});

describe('gift codes', () => {
  const CHECK = 'query($c: String!) { giftCodeCheck(code: $c) { __typename ... on GiftCodeCheck { status message membershipType } ... on TooManyRequests { message } } }';
  const REDEEM = 'mutation($c: String!) { redeemGiftCode(code: $c) { __typename ... on GiftMembershipRedeemed { membership { plan paymentProvider currentPeriodEndsAt } } ... on GiftCodeCheck { status message } ... on TooManyRequests { message } } }';

  it('are 100-bit codes, checked as VALID, ALREADY_USED, EXPIRED or NOT_FOUND with their messages', async () => {
    expect(newGiftCode()).toMatch(/^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){3}$/);
    const caller = await signedIn(USERS.writer);
    const valid = await giftCode('YEARLY');
    const used = await giftCode('YEARLY', { redeemed: true });
    const expired = await giftCode('MONTHLY', { expiresAt: Date.now() - DAY });
    expect((await caller.gql(CHECK, { c: valid.toLowerCase() })).data.giftCodeCheck).toEqual({ __typename: 'GiftCodeCheck', status: 'VALID', message: GIFT_CODE_MESSAGES.VALID, membershipType: 'YEARLY' });
    expect((await caller.gql(CHECK, { c: used })).data.giftCodeCheck).toMatchObject({ status: 'ALREADY_USED', message: GIFT_CODE_MESSAGES.ALREADY_USED });
    expect((await caller.gql(CHECK, { c: expired })).data.giftCodeCheck).toMatchObject({ status: 'EXPIRED', message: GIFT_CODE_MESSAGES.EXPIRED });
    expect((await caller.gql(CHECK, { c: newGiftCode() })).data.giftCodeCheck).toMatchObject({ status: 'NOT_FOUND', message: GIFT_CODE_MESSAGES.NOT_FOUND });
  });

  it('redeeming makes the account a member for the gifted period, once', async () => {
    const code = await giftCode('YEARLY');
    const expired = await signedIn(USERS.expired);
    const { data } = await expired.gql(REDEEM, { c: code });
    expect(data.redeemGiftCode.__typename).toBe('GiftMembershipRedeemed');
    expect(data.redeemGiftCode.membership).toMatchObject({ plan: 'YEARLY', paymentProvider: 'MEDIUM_GIFT' });
    expect(data.redeemGiftCode.membership.currentPeriodEndsAt).toBeGreaterThan(Date.now() + 360 * DAY);
    const again = await (await signedIn(USERS.staff)).gql(REDEEM, { c: code });
    expect(again.data.redeemGiftCode).toEqual({ __typename: 'GiftCodeCheck', status: 'ALREADY_USED', message: GIFT_CODE_MESSAGES.ALREADY_USED });
    expect(await testDb.prepare('SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?').bind(USERS.staff).first()).toEqual({ n: 0 });
  });

  it('waits while the viewer has a running paid membership (its processor keeps billing it)', async () => {
    const code = await giftCode('YEARLY');
    const member = await signedIn(USERS.member);
    const { data } = await member.gql('mutation($c: String!) { redeemGiftCode(code: $c) { __typename ... on BadRequest { message } } }', { c: code });
    expect(data.redeemGiftCode).toEqual({ __typename: 'BadRequest', message: 'You already have a paid membership. Redeem this gift once it has ended, or pass it on to someone else.' });
    expect(await testDb.prepare('SELECT payment_provider FROM memberships WHERE user_id = ?').bind(USERS.member).first()).toEqual({ payment_provider: 'STRIPE' });
  });

  it('replaces a past-due paid membership whose grace is over: the processor ends it first, and its late events cannot touch the gift', async () => {
    // A card-paid Member whose renewal failed 30 days ago (grace over); the subscription is past due.
    await testDb.batch([
      testDb
        .prepare("INSERT INTO memberships (id, user_id, tier, plan, payment_provider, currency, amount, started_at, current_period_ends_at, is_cancelled, payment_failed_at, friend_since) VALUES ('bb00000000f1', ?, 'MEMBER', 'MONTHLY', 'STRIPE', 'USD', 500, ?, ?, 0, ?, NULL)")
        .bind(USERS.writer, Date.now() - 90 * DAY, Date.now() - 30 * DAY, Date.now() - 30 * DAY),
      testDb.prepare("INSERT INTO subscriptions (membership_id, subscription_ref) VALUES ('bb00000000f1', 'sub_test_past_due')"),
      testDb.prepare("INSERT INTO devpay_subscriptions (id, customer_ref, payment_method_ref, amount, currency, interval, metadata, current_period_end, cancel_at_period_end, status) VALUES ('sub_test_past_due', 'cus_f', 'pm_f', 500, 'USD', 'month', '{}', ?, 0, 'past_due')").bind(Date.now() - 30 * DAY),
    ]);
    const failed = await signedIn(USERS.writer);
    expect((await failed.gql('{ viewer { viewerEdge { membership { state } } } }')).data.viewer.viewerEdge.membership).toEqual({ state: 'GRACE_EXPIRED' });
    // A code that is not valid changes nothing, at the processor or here.
    const wrong = await failed.gql(REDEEM, { c: newGiftCode() });
    expect(wrong.data.redeemGiftCode).toEqual({ __typename: 'GiftCodeCheck', status: 'NOT_FOUND', message: GIFT_CODE_MESSAGES.NOT_FOUND });
    expect(await testDb.prepare("SELECT status FROM devpay_subscriptions WHERE id = 'sub_test_past_due'").first()).toEqual({ status: 'past_due' });

    const code = await giftCode('YEARLY');
    const { data } = await failed.gql(REDEEM, { c: code });
    expect(data.redeemGiftCode.__typename).toBe('GiftMembershipRedeemed');
    expect(await testDb.prepare("SELECT payment_provider, payment_failed_at, is_cancelled FROM memberships WHERE id = 'bb00000000f1'").first()).toEqual({
      payment_provider: 'MEDIUM_GIFT', payment_failed_at: null, is_cancelled: 0,
    });
    expect(await testDb.prepare("SELECT status FROM devpay_subscriptions WHERE id = 'sub_test_past_due'").first()).toEqual({ status: 'canceled' });
    expect(await testDb.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE membership_id = 'bb00000000f1'").first()).toEqual({ n: 0 });
    const giftEnds = (await testDb.prepare("SELECT current_period_ends_at AS t FROM memberships WHERE id = 'bb00000000f1'").first<{ t: number }>())!.t;
    expect(giftEnds).toBeGreaterThan(Date.now() + 360 * DAY);

    // The processor's deletion of that subscription arrives later: it finds no membership.
    const provider = localProviderFor(testEnv);
    const ended = await applyPaymentEvent(testDb, provider, {
      id: 'evt_past_due_deleted', type: 'customer.subscription.deleted', created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'subscription', id: 'sub_test_past_due', status: 'canceled', ended_at: Math.floor(Date.now() / 1000) } },
    }, Date.now());
    expect(ended.applied).toBe(true);
    expect(await testDb.prepare("SELECT payment_provider, is_cancelled, current_period_ends_at AS t FROM memberships WHERE id = 'bb00000000f1'").first()).toEqual({
      payment_provider: 'MEDIUM_GIFT', is_cancelled: 0, t: giftEnds,
    });
    expect((await failed.gql('{ viewer { viewerEdge { membership { state paymentProvider } } } }')).data.viewer.viewerEdge.membership).toEqual({ state: 'ACTIVE', paymentProvider: 'MEDIUM_GIFT' });
  });

  it('guessing is rate-limited per viewer', async () => {
    const guesser = await signedIn(USERS.moderator);
    const answers: string[] = [];
    for (let i = 0; i < 12; i++) answers.push((await guesser.gql(REDEEM, { c: newGiftCode() })).data.redeemGiftCode.__typename);
    expect(answers.slice(0, 10).every((a) => a === 'GiftCodeCheck')).toBe(true);
    expect(answers.slice(10)).toEqual(['TooManyRequests', 'TooManyRequests']);
    // A real code is refused too while the limit holds: guessing cannot continue around it.
    const real = await giftCode('MONTHLY');
    expect((await guesser.gql(REDEEM, { c: real })).data.redeemGiftCode.__typename).toBe('TooManyRequests');
  });
});

describe('membership banners and cached pages', () => {
  it('a logged-out page carries no membership data or banner (they are drawn in the browser); a signed-in page carries the viewer\'s membership', async () => {
    const anonymous = await (await workerFetch('http://localhost:8787/')).text();
    expect(anonymous).not.toContain('viewerMembership');
    expect(anonymous).not.toContain('data-testid="membership-banner"');
    const session = await createSession(testDb, USERS.paymentFailed);
    const signedInHtml = await (await workerFetch('http://localhost:8787/', { headers: { cookie: `sid=${session.token}` } })).text();
    expect(signedInHtml).toContain('"viewerMembership":{"id":"bb0000000003","state":"GRACE_EXPIRED"');
    expect(signedInHtml).not.toContain('data-testid="membership-banner"');
  });
});
