// A renewal that needs 3-D Secure (docs/adr/0188-renewal-needing-authentication.md): Stripe's
// invoice.payment_action_required, signed with Stripe's scheme, starts the grace period, keeps the
// processor's page where the member confirms the payment, and tells the member (mail, the manage
// page's notice). The local stand-in sends it at the renewal of 4000 0027 6000 3184 and serves the
// hosted invoice page; confirmed, the renewal is paid once. A forged delivery is refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import { PAYMENT_ACTION_SUBJECT } from '../../worker/membership/payment-action-mail.ts';
import { LOCAL_WEBHOOK_SECRET_DEFAULT, signWebhookPayload } from '../../worker/payments/local-provider.ts';
import { latestMail } from './helpers/auth-browser.ts';
import { seedWorld } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { checkoutUrl, ORIGIN, post } from './helpers/local-checkout.ts';
import { signedIn } from './helpers/signed-in.ts';
import { createSession } from '../../worker/session/session-store.ts';

const MEMBERSHIP = '{ viewer { membership { state paymentFailedAt paymentActionUrl } } }';

beforeAll(async () => {
  await seedWorld(testDb);
});

/** A member who paid with `card` (3184: through its first 3-D Secure challenge). */
async function memberWith(prefix: string, card: string): Promise<{ userId: string; email: string }> {
  const { userId, url } = await checkoutUrl(prefix);
  let paid = await post(url, { cardnumber: card, exp: '12 / 34', cvc: '123' });
  const location = paid.headers.get('location')!;
  if (location.includes('/challenge/')) paid = await post(location, { action: 'complete' });
  expect(paid.status).toBe(303);
  const row = (await testDb.prepare('SELECT email FROM users WHERE id = ?').bind(userId).first<{ email: string }>())!;
  return { userId, email: row.email };
}

const charges = async (userId: string) =>
  (await testDb.prepare('SELECT amount, status FROM charges WHERE user_id = ? ORDER BY created_at').bind(userId).all<{ amount: number; status: string }>()).results;

async function deliver(event: Record<string, unknown>, signature?: string) {
  const body = JSON.stringify(event);
  return workerFetch(`${ORIGIN}/_/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? (await signWebhookPayload(body, LOCAL_WEBHOOK_SECRET_DEFAULT)) },
    body,
  });
}

describe('a renewal waiting for 3-D Secure', () => {
  it('the local stand-in sends invoice.payment_action_required; the member is told and confirms; the renewal is paid once', { timeout: 180_000 }, async () => {
    const { userId, email } = await memberWith('authrenew', '4000 0027 6000 3184');
    expect(await charges(userId)).toEqual([{ amount: 500, status: 'SUCCEEDED' }]);
    const member = await signedIn(userId);

    await advanceBillingClock(testEnv, 31, Date.now());
    // Nothing charged, nothing declined: the renewal waits; the grace period runs.
    expect(await charges(userId)).toEqual([{ amount: 500, status: 'SUCCEEDED' }]);
    const waiting = (await member.gql(MEMBERSHIP)).data.viewer.membership;
    expect(waiting.state).toBe('PAYMENT_FAILED');
    expect(waiting.paymentFailedAt).not.toBeNull();
    expect(waiting.paymentActionUrl).toMatch(/^http:\/\/localhost:8787\/_\/dev\/pay\/invoice\/in_\w+$/);

    // The mail names the amount and links the processor's page.
    const mail = (await latestMail(testDb, email))!;
    expect(mail.subject).toBe(PAYMENT_ACTION_SUBJECT);
    expect(mail.text).toContain('Your bank asks you to confirm your');
    expect(mail.text).toContain('$5.00');
    expect(mail.text).toContain(waiting.paymentActionUrl);

    // The manage page says so and links it.
    const session = await createSession(testDb, userId);
    const manage = await (await workerFetch(`${ORIGIN}/manage-membership`, { headers: { cookie: `sid=${session.token}` } })).text();
    expect(manage).toContain('Your bank asks you to confirm your last payment.');
    expect(manage).toContain('Confirm your payment');

    // The hosted page: Fail authentication charges nothing, the notice stays.
    const page = await (await workerFetch(waiting.paymentActionUrl)).text();
    expect(page).toContain('Your bank asks you to confirm this payment of $5.00 with the card ending in 3184.');
    const failed = await post(waiting.paymentActionUrl, { action: 'fail' });
    expect(failed.status).toBe(402);
    expect(await failed.text()).toContain('We are unable to authenticate your payment method.');
    expect(await charges(userId)).toHaveLength(1);
    expect((await member.gql(MEMBERSHIP)).data.viewer.membership.paymentActionUrl).toBe(waiting.paymentActionUrl);

    // Complete authentication: paid, back to the manage page, the membership active again.
    const completed = await post(waiting.paymentActionUrl, { action: 'complete' });
    expect(completed.status).toBe(303);
    expect(new URL(completed.headers.get('location')!).pathname).toBe('/manage-membership');
    expect(await charges(userId)).toEqual([
      { amount: 500, status: 'SUCCEEDED' },
      { amount: 500, status: 'SUCCEEDED' },
    ]);
    expect((await member.gql(MEMBERSHIP)).data.viewer.membership).toEqual({ state: 'ACTIVE', paymentFailedAt: null, paymentActionUrl: null });
    // Answered twice: refused, charged once.
    expect((await post(waiting.paymentActionUrl, { action: 'complete' })).status).toBe(400);
    expect(await charges(userId)).toHaveLength(2);
  });

  it('a signed event is applied once; a forged one (wrong secret, no signature, another processor’s page) changes nothing', { timeout: 120_000 }, async () => {
    const { userId } = await memberWith('authforged', '4242 4242 4242 4242');
    const subscription = (await testDb
      .prepare('SELECT s.subscription_ref AS ref FROM subscriptions s JOIN memberships m ON m.id = s.membership_id WHERE m.user_id = ?')
      .bind(userId)
      .first<{ ref: string }>())!.ref;
    const event = (id: string, url: string) => ({
      id,
      object: 'event',
      type: 'invoice.payment_action_required',
      created: Math.floor(Date.now() / 1000),
      data: { object: { object: 'invoice', id: `in_forged_${id}`, subscription, billing_reason: 'subscription_cycle', amount_due: 500, hosted_invoice_url: url } },
    });
    const row = () => testDb.prepare('SELECT payment_failed_at, payment_action_url FROM memberships WHERE user_id = ?').bind(userId).first<{ payment_failed_at: number | null; payment_action_url: string | null }>();

    // Forged: signed with another secret, or not signed at all.
    const forged = event('evt_forged_1', `${ORIGIN}/_/dev/pay/invoice/in_x_1`);
    const body = JSON.stringify(forged);
    expect((await deliver(forged, await signWebhookPayload(body, 'whsec_not_ours'))).status).toBe(400);
    expect((await deliver(forged, 't=1,v1=00')).status).toBe(400);
    expect(await row()).toEqual({ payment_failed_at: null, payment_action_url: null });

    // Signed, but the page is not the processor's: nothing a member would be sent to.
    expect((await deliver(event('evt_elsewhere_1', 'https://evil.example/pay'))).status).toBe(200);
    expect(await row()).toEqual({ payment_failed_at: null, payment_action_url: null });

    // Signed with Stripe's scheme: the grace period starts, the page is kept; redelivered, applied once.
    const good = event('evt_action_1', `${ORIGIN}/_/dev/pay/invoice/in_y_1`);
    const first = await deliver(good);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, applied: true });
    const after = (await row())!;
    expect(after.payment_failed_at).toBeGreaterThan(0);
    expect(after.payment_action_url).toBe(`${ORIGIN}/_/dev/pay/invoice/in_y_1`);
    expect(await (await deliver(good)).json()).toEqual({ received: true, applied: false });
  });
});
