// Apple Pay, Google Pay and PayPal on the local provider (docs/adr/0142-wallets-and-paypal.md): the
// checkout's wallet button opens the wallet sheet (or PayPal's approval page); confirmed, the member
// pays and the payment method is stored as its kind (ApplePayCard, GooglePayCard, PaypalAccount), on
// the membership's payment method and on the receipt; cancelled, back to the checkout, nothing
// charged. A forged, replayed or another session's confirmation is refused with nothing charged.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { signedIn } from './helpers/signed-in.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { checkoutUrl, ORIGIN, post } from './helpers/local-checkout.ts';

const CANCELLED = 'The payment was cancelled. Nothing was charged.';
const REFUSED = 'This authentication is no longer valid. Nothing was charged.';

beforeAll(async () => {
  await seedWorld(testDb);
});

const openWallet = async (url: string, wallet: string) => (await post(url, { wallet })).headers.get('location')!;
const charges = async (userId: string) => (await testDb.prepare('SELECT amount, status, payment_method_kind FROM charges WHERE user_id = ?').bind(userId).all()).results;
const membership = async (userId: string) => testDb.prepare('SELECT plan, payment_provider FROM memberships WHERE user_id = ?').bind(userId).first();

const storedKind = async (userId: string) => (await testDb.prepare('SELECT kind FROM payment_methods WHERE user_id = ?').bind(userId).first<{ kind: string }>())?.kind ?? null;

describe('wallets and PayPal (local provider)', () => {
  it('Apple Pay: the wallet sheet names the test card it holds; confirmed, the member pays and the method is an ApplePayCard', { timeout: 60_000 }, async () => {
    const { userId, url } = await checkoutUrl('wallet');
    const sheet = await openWallet(url, 'apple_pay');
    expect(sheet).toMatch(/\/challenge\/wal_test_\w+$/);
    expect(await charges(userId)).toEqual([]);
    const page = await (await workerFetch(sheet)).text();
    expect(page).toContain('This test wallet holds the test card Visa ending in 4242.');
    expect(page).toContain('Confirm with Apple Pay');
    const confirmed = await post(sheet, { action: 'complete' });
    expect(confirmed.status).toBe(303);
    expect(await membership(userId)).toEqual({ plan: 'MONTHLY', payment_provider: 'STRIPE' });
    expect(await storedKind(userId)).toBe('ApplePayCard');
    expect(await charges(userId)).toEqual([{ amount: 500, status: 'SUCCEEDED', payment_method_kind: 'ApplePayCard' }]);
    // GraphQL names the kind, on the membership's payment method and on the receipt.
    const caller = await signedIn(userId);
    // The payment method is the contract's type (docs/adr/0187-payment-methods-are-a-union.md); kind stays for older clients.
    const answer = await caller.gql('{ viewer { membership { paymentMethod { __typename ... on ApplePayCard { kind cardType lastFour } ... on CreditCard { lastFour } } } } billingHistory { paymentMethodKind lastFour } }');
    expect(answer.data.viewer.membership.paymentMethod).toEqual({ __typename: 'ApplePayCard', kind: 'ApplePayCard', cardType: 'visa', lastFour: '4242' });
    expect(answer.data.billingHistory).toEqual([{ paymentMethodKind: 'ApplePayCard', lastFour: '4242' }]);
    // Replayed: refused, charged once.
    expect((await post(sheet, { action: 'complete' })).status).toBe(400);
    expect(await charges(userId)).toHaveLength(1);
  });

  it('Google Pay is a GooglePayCard', { timeout: 60_000 }, async () => {
    const { userId, url } = await checkoutUrl('wallet');
    expect((await post(await openWallet(url, 'google_pay'), { action: 'complete' })).status).toBe(303);
    expect(await storedKind(userId)).toBe('GooglePayCard');
    const answer = await (await signedIn(userId)).gql('{ viewer { membership { paymentMethod { __typename ... on GooglePayCard { cardType lastFour expirationMonth expirationYear } } } } }');
    expect(answer.data.viewer.membership.paymentMethod).toEqual({ __typename: 'GooglePayCard', cardType: 'visa', lastFour: '4242', expirationMonth: 12, expirationYear: 2034 });
  });

  it('PayPal: approved, a PaypalAccount; cancelled, back to the checkout with nothing charged', { timeout: 60_000 }, async () => {
    const first = await checkoutUrl('wallet');
    const approval = await openWallet(first.url, 'paypal');
    const page = await (await workerFetch(approval)).text();
    expect(page).toContain('from your PayPal account');
    expect(page).toContain('Approve');
    const cancelled = await post(approval, { action: 'fail' });
    expect(cancelled.status).toBe(303);
    expect(await (await workerFetch(new URL(cancelled.headers.get('location')!, ORIGIN).href)).text()).toContain(CANCELLED);
    expect(await charges(first.userId)).toEqual([]);
    expect(await membership(first.userId)).toBeNull();
    // Back at the checkout, PayPal again, approved.
    expect((await post(await openWallet(first.url, 'paypal'), { action: 'complete' })).status).toBe(303);
    expect(await storedKind(first.userId)).toBe('PaypalAccount');
    // A PayPal account is no card: no brand, no expiry, the payer id's last four.
    const answer = await (await signedIn(first.userId)).gql('{ viewer { membership { paymentMethod { __typename ... on PaypalAccount { payerIdLastFour } } } } }');
    expect(answer.data.viewer.membership.paymentMethod).toEqual({ __typename: 'PaypalAccount', payerIdLastFour: 'DBX1' });
    expect(await charges(first.userId)).toEqual([{ amount: 500, status: 'SUCCEEDED', payment_method_kind: 'PaypalAccount' }]);
  });

  it('forged confirmations are refused with nothing charged: a made-up id, another session\u2019s, an unknown wallet, a cross-site post', { timeout: 60_000 }, async () => {
    const mine = await checkoutUrl('wallet');
    const theirs = await checkoutUrl('wallet');
    const theirSheet = await openWallet(theirs.url, 'apple_pay');
    const sessionPath = new URL(mine.url).pathname;
    expect((await post(`${ORIGIN}${sessionPath}/challenge/wal_test_000000000000000000000000`, { action: 'complete' })).status).toBe(400);
    const crossed = await post(`${ORIGIN}${sessionPath}/challenge/${theirSheet.split('/challenge/')[1]}`, { action: 'complete' });
    expect(crossed.status).toBe(400);
    expect(await crossed.text()).toContain(REFUSED);
    expect((await post(mine.url, { wallet: 'bitcoin' })).status).toBe(400);
    const mySheet = await openWallet(mine.url, 'paypal');
    const crossSite = await workerFetch(mySheet, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=complete',
    });
    expect(crossSite.status).toBe(403);
    expect(await charges(mine.userId)).toEqual([]);
    expect(await charges(theirs.userId)).toEqual([]);
    expect(await storedKind(mine.userId)).toBeNull();
  });
});
