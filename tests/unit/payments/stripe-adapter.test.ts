// The Stripe adapter, exercised against a local stand-in for Stripe's HTTP API (a node:http
// server on 127.0.0.1 that records every request and answers in Stripe's shapes): the
// requests the official client sends are checked (paths, auth, the price from our
// configuration, metadata), and its answers read back into our types.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { planPrice } from '../../../shared/membership/plans.ts';
import { WebhookSignatureError } from '../../../worker/payments/provider.ts';
import { cardOf, StripeProvider } from '../../../worker/payments/stripe-provider.ts';

interface Recorded {
  method: string;
  path: string;
  authorization: string | undefined;
  idempotencyKey?: string | undefined;
  form: URLSearchParams;
}

const recorded: Recorded[] = [];
let server: Server;
let apiBase: string;
/** How many of the next requests answer 500. */
let failing = 0;

const SESSION = {
  id: 'cs_test_1',
  object: 'checkout.session',
  url: 'https://checkout.stripe.com/c/pay/cs_test_1',
  client_reference_id: 'chk000000001',
  metadata: { checkout_id: 'chk000000001' },
  customer: 'cus_1',
  payment_intent: null,
  setup_intent: null,
  subscription: {
    id: 'sub_1',
    object: 'subscription',
    status: 'active',
    latest_invoice: 'in_1',
    default_payment_method: { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 } },
    items: { object: 'list', data: [{ id: 'si_1', current_period_end: 1_790_000_000 }] },
  },
};

function answer(request: Recorded): { status: number; body: unknown } {
  if (failing > 0) {
    failing--;
    return { status: 500, body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } } };
  }
  if (request.method === 'POST' && request.path === '/v1/checkout/sessions') return { status: 200, body: { id: 'cs_test_1', object: 'checkout.session', url: SESSION.url } };
  if (request.method === 'GET' && request.path.startsWith('/v1/checkout/sessions/cs_test_1')) return { status: 200, body: SESSION };
  if (request.method === 'POST' && request.path === '/v1/subscriptions/sub_1') {
    return { status: 200, body: { id: 'sub_1', object: 'subscription', status: request.form.has('default_payment_method') ? 'past_due' : 'active', latest_invoice: 'in_9' } };
  }
  if (request.method === 'GET' && request.path.startsWith('/v1/subscriptions/sub_1')) {
    return { status: 200, body: { id: 'sub_1', object: 'subscription', schedule: null, items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_1', object: 'price', product: 'prod_1' } }] } } };
  }
  if (request.method === 'POST' && request.path === '/v1/subscription_schedules') {
    return { status: 200, body: { id: 'sub_sched_1', object: 'subscription_schedule', phases: [{ start_date: 1_780_000_000 }] } };
  }
  if (request.method === 'POST' && request.path === '/v1/subscription_schedules/sub_sched_1') return { status: 200, body: { id: 'sub_sched_1', object: 'subscription_schedule' } };
  if (request.method === 'DELETE' && request.path.startsWith('/v1/subscriptions/sub_1')) return { status: 200, body: { id: 'sub_1', object: 'subscription', status: 'canceled' } };
  if (request.method === 'POST' && request.path === '/v1/invoices/in_9/pay' && request.form.get('payment_method') === 'pm_3ds') {
    return {
      status: 402,
      body: { error: { type: 'card_error', code: 'invoice_payment_intent_requires_action', message: 'This payment requires additional user action before it can be completed successfully.' } },
    };
  }
  if (request.method === 'POST' && request.path === '/v1/invoices/in_9/pay') return { status: 200, body: { id: 'in_9', object: 'invoice', status: 'paid' } };
  // Stripe Connect (docs/partner-program.md "Payout accounts").
  if (request.method === 'POST' && request.path === '/v1/accounts') return { status: 200, body: { id: 'acct_1', object: 'account', payouts_enabled: false } };
  if (request.method === 'POST' && request.path === '/v1/account_links') {
    return { status: 200, body: { object: 'account_link', url: 'https://connect.stripe.com/setup/e/acct_1/onboard', expires_at: 1_790_000_000 } };
  }
  if (request.method === 'GET' && request.path.startsWith('/v1/accounts/acct_ready')) return { status: 200, body: { id: 'acct_ready', object: 'account', payouts_enabled: true } };
  if (request.method === 'GET' && request.path.startsWith('/v1/accounts/acct_1')) return { status: 200, body: { id: 'acct_1', object: 'account', payouts_enabled: false } };
  if (request.method === 'POST' && request.path === '/v1/transfers') {
    if (request.form.get('destination') === 'acct_1') {
      return {
        status: 400,
        body: { error: { type: 'invalid_request_error', code: 'insufficient_capabilities_for_transfer', message: 'Your destination account needs to have at least one of the following capabilities enabled: transfers' } },
      };
    }
    return { status: 200, body: { id: 'tr_1', object: 'transfer', amount: Number(request.form.get('amount')), destination: request.form.get('destination') } };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${request.path})` } } };
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const entry: Recorded = {
      method: request.method ?? '',
      path: url.pathname + url.search,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
      form: new URLSearchParams(body),
    };
    recorded.push(entry);
    const { status, body: out } = answer(entry);
    response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${recorded.length}` });
    response.end(JSON.stringify(out));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  recorded.length = 0;
  failing = 0;
});

const provider = () => new StripeProvider({ secretKey: 'sk_test_standin', webhookSecret: 'whsec_standin', apiBase });

describe('the Stripe adapter against a stand-in for the API', () => {
  it('creates a subscription Checkout Session priced from configuration, with our checkout id', async () => {
    const started = await provider().startCheckout({
      mode: 'subscription',
      checkoutId: 'chk000000001',
      customerEmail: 'member@vellum.test',
      customerRef: null,
      amount: planPrice('MONTHLY'),
      currency: 'USD',
      interval: 'month',
      discount: null,
      description: 'Vellum membership: Member, monthly',
      successUrl: 'http://localhost:8787/welcome-member?plan=MONTHLY',
      cancelUrl: 'http://localhost:8787/plans',
      metadata: { user_id: 'u1', kind: 'MEMBERSHIP', plan: 'MONTHLY' },
    });
    expect(started).toEqual({ sessionRef: 'cs_test_1', url: SESSION.url });
    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_standin' });
    const form = request!.form;
    expect(form.get('mode')).toBe('subscription');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('500');
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(form.get('client_reference_id')).toBe('chk000000001');
    expect(form.get('metadata[checkout_id]')).toBe('chk000000001');
    expect(form.get('subscription_data[metadata][plan]')).toBe('MONTHLY');
    expect(form.get('customer_email')).toBe('member@vellum.test');
    expect(form.get('success_url')).toBe('http://localhost:8787/welcome-member?plan=MONTHLY');
    expect(form.get('subscription_data[trial_end]')).toBeNull();
    expect(form.get('discounts[0][coupon]')).toBeNull();
    // A doubled or retried start makes one session (issue 29 item 2).
    expect(request!.idempotencyKey).toBe('checkout-chk000000001');
  });

  it('a discount offer is the Stripe coupon of its discount id on the regular price, no trial', async () => {
    await provider().startCheckout({
      mode: 'subscription', checkoutId: 'chk3', customerEmail: null, customerRef: 'cus_1', amount: planPrice('MONTHLY'), currency: 'USD', interval: 'month',
      discount: { id: 'THREE_MONTHS_FREE', numCycles: 3, amount: 0 }, description: 'Vellum membership: Member, monthly', successUrl: 'http://localhost:8787/welcome-member', cancelUrl: 'http://localhost:8787/plans',
      metadata: { discount_offer: 'THREE_MONTHS_FREE' },
    });
    const form = recorded[0]!.form;
    expect(form.get('discounts[0][coupon]')).toBe('THREE_MONTHS_FREE');
    // Cards (Apple Pay and Google Pay are cards with a wallet) and PayPal (docs/adr/0142-wallets-and-paypal.md).
    expect([form.get('allowed_payment_method_types[0]'), form.get('allowed_payment_method_types[1]')]).toEqual(['card', 'paypal']);
    expect(form.get('subscription_data[trial_end]')).toBeNull();
    expect(form.get('subscription_data[metadata][discount_offer]')).toBe('THREE_MONTHS_FREE');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('500');
  });

  it('a retried invoice whose PaymentIntent requires 3-D Secure action is left to the cardholder (its outcome comes by webhook), not an error', async () => {
    await expect(provider().updateSubscriptionCard('sub_1', 'pm_3ds')).resolves.toBeUndefined();
    expect(recorded.map((r) => [r.method, r.path])).toEqual([
      ['POST', '/v1/subscriptions/sub_1'],
      ['POST', '/v1/invoices/in_9/pay'],
    ]);
  });

  it('reads each payment method kind: a card, a card in Apple Pay or Google Pay, a PayPal account', () => {
    const card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 };
    const method = (extra: object) => ({ id: 'pm_9', object: 'payment_method', type: 'card', ...extra }) as unknown as Stripe.PaymentMethod;
    expect(cardOf(method({ card }))?.kind).toBe('CreditCard');
    expect(cardOf(method({ card: { ...card, wallet: { type: 'apple_pay' } } }))).toEqual({ kind: 'ApplePayCard', paymentMethodRef: 'pm_9', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(cardOf(method({ card: { ...card, wallet: { type: 'google_pay' } } }))?.kind).toBe('GooglePayCard');
    expect(cardOf(method({ type: 'paypal', paypal: { payer_id: 'ABCDEFGH12345' } }))).toMatchObject({ kind: 'PaypalAccount', brand: 'paypal', last4: '2345' });
  });

  it('the retention offer is the coupon FIFTY_PERCENT_OFF_ONE_YEAR applied to the subscription, once', async () => {
    await provider().discountSubscription('sub_1', { id: 'FIFTY_PERCENT_OFF_ONE_YEAR', numCycles: 12, amount: 250 });
    expect(recorded.map((r) => [r.method, r.path, r.form.get('discounts[0][coupon]'), r.idempotencyKey])).toEqual([
      ['POST', '/v1/subscriptions/sub_1', 'FIFTY_PERCENT_OFF_ONE_YEAR', 'discount-sub_1-FIFTY_PERCENT_OFF_ONE_YEAR'],
    ]);
  });

  it('reads a completed session back: customer, subscription, card (brand, last four, expiry), period end', async () => {
    const completed = await provider().completedCheckout('cs_test_1');
    expect(completed).toEqual({
      sessionRef: 'cs_test_1',
      checkoutId: 'chk000000001',
      customerRef: 'cus_1',
      subscriptionRef: 'sub_1',
      paymentRef: 'in_1',
      card: { kind: 'CreditCard', paymentMethodRef: 'pm_1', brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
      currentPeriodEnd: 1_790_000_000_000,
    });
    expect(recorded[0]!.method).toBe('GET');
    expect(decodeURIComponent(recorded[0]!.path)).toContain('expand[0]=subscription.default_payment_method');
  });

  it('cancels at period end, reactivates, and a new card on a past-due subscription pays its open invoice', async () => {
    await provider().setCancelAtPeriodEnd('sub_1', true);
    await provider().setCancelAtPeriodEnd('sub_1', false);
    await provider().updateSubscriptionCard('sub_1', 'pm_2');
    expect(recorded.map((r) => [r.method, r.path, r.form.get('cancel_at_period_end') ?? r.form.get('default_payment_method') ?? r.form.get('payment_method')])).toEqual([
      ['POST', '/v1/subscriptions/sub_1', 'true'],
      ['POST', '/v1/subscriptions/sub_1', 'false'],
      ['POST', '/v1/subscriptions/sub_1', 'pm_2'],
      ['POST', '/v1/invoices/in_9/pay', 'pm_2'],
    ]);
  });

  it('ends a past-due subscription now, with no proration invoice (a gift replaces it)', async () => {
    await provider().endSubscriptionNow('sub_1');
    expect(recorded).toHaveLength(1);
    const [request] = recorded;
    expect(request!.method).toBe('DELETE');
    expect(request!.path.split('?')[0]).toBe('/v1/subscriptions/sub_1');
    // stripe-node sends a DELETE's parameters in the query string (a body, should that change).
    const sent = request!.path.includes('?') ? new URLSearchParams(request!.path.split('?')[1]) : request!.form;
    expect([sent.get('invoice_now'), sent.get('prorate')]).toEqual(['false', 'false']);
  });

  it('schedules a plan switch at the period end: a subscription schedule whose second phase has the configured price', async () => {
    await provider().schedulePlanChange('sub_1', { amount: 15000, currency: 'USD', interval: 'year', description: 'Friend', at: 1_790_000_000_000 });
    expect(recorded.map((r) => `${r.method} ${r.path.split('?')[0]}`)).toEqual([
      'GET /v1/subscriptions/sub_1',
      'POST /v1/subscription_schedules',
      'POST /v1/subscription_schedules/sub_sched_1',
    ]);
    expect(recorded[1]!.form.get('from_subscription')).toBe('sub_1');
    expect(recorded[1]!.idempotencyKey).toBe('schedule-sub_1-1790000000000');
    const update = recorded[2]!.form;
    expect(update.get('end_behavior')).toBe('release');
    expect(update.get('phases[0][items][0][price]')).toBe('price_1');
    expect(update.get('phases[0][start_date]')).toBe('1780000000');
    expect(update.get('phases[0][end_date]')).toBe('1790000000');
    expect(update.get('phases[1][start_date]')).toBe('1790000000');
    expect(update.get('phases[1][items][0][price_data][unit_amount]')).toBe('15000');
    expect(update.get('phases[1][items][0][price_data][product]')).toBe('prod_1');
    expect(update.get('phases[1][items][0][price_data][recurring][interval]')).toBe('year');
  });

  it('a 500 is retried once; an API that keeps failing throws instead of pretending', async () => {
    failing = 1;
    await expect(provider().completedCheckout('cs_test_1')).resolves.toMatchObject({ subscriptionRef: 'sub_1' });
    expect(recorded).toHaveLength(2);
    recorded.length = 0;
    failing = 2;
    await expect(provider().startCheckout({
      mode: 'payment', checkoutId: 'chk2', customerEmail: null, customerRef: null, amount: 5000, currency: 'USD', interval: null, discount: null,
      description: 'gift', successUrl: 'http://localhost:8787/gift', cancelUrl: 'http://localhost:8787/gift-plans', metadata: {},
    })).rejects.toThrow('Something went wrong on our end.');
    expect(recorded).toHaveLength(2);
  });

  it('verifies webhooks with the signing secret and refuses others, tampering and old timestamps', async () => {
    const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: { id: 'in_1' } } });
    const sign = (secret: string, timestamp = Math.floor(Date.now() / 1000)) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
    await expect(provider().verifyWebhook(payload, sign('whsec_standin'))).resolves.toMatchObject({ id: 'evt_1', type: 'invoice.paid' });
    await expect(provider().verifyWebhook(payload, sign('whsec_other'))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider().verifyWebhook(payload.replace('in_1', 'in_2'), sign('whsec_standin'))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider().verifyWebhook(payload, sign('whsec_standin', Math.floor(Date.now() / 1000) - 600))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider().verifyWebhook(payload, null)).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(recorded).toHaveLength(0);
  });

  it("a renewal's authentication page is only Stripe's hosted invoice page (docs/adr/0188-renewal-needing-authentication.md)", async () => {
    await expect(provider().isPaymentActionUrl('https://invoice.stripe.com/i/acct_1/test_YWNjdF8x')).resolves.toBe(true);
    for (const other of ['http://invoice.stripe.com/i/acct_1/x', 'https://invoice.stripe.com.evil.example/i/x', 'https://evil.example/?u=https://invoice.stripe.com/', 'javascript:alert(1)', 'not a url']) {
      await expect(provider().isPaymentActionUrl(other), other).resolves.toBe(false);
    }
    expect(recorded).toHaveLength(0);
  });
});

describe('Stripe Connect through the adapter (payout accounts and transfers)', () => {
  it('creates an Express account that asks for transfers, with our metadata', async () => {
    const account = await provider().createConnectedAccount({ email: 'writer@vellum.test', country: 'US', metadata: { user_id: 'u1' } });
    expect(account).toBe('acct_1');
    const [request] = recorded;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/accounts', authorization: 'Bearer sk_test_standin' });
    expect(request!.form.get('type')).toBe('express');
    expect(request!.form.get('country')).toBe('US');
    expect(request!.form.get('email')).toBe('writer@vellum.test');
    expect(request!.form.get('capabilities[transfers][requested]')).toBe('true');
    expect(request!.idempotencyKey).toBe('account-u1-US');
    expect(request!.form.get('metadata[user_id]')).toBe('u1');
  });

  it('leaves the email out when the writer has none', async () => {
    await provider().createConnectedAccount({ email: null, country: 'DE', metadata: {} });
    expect(recorded[0]!.form.has('email')).toBe(false);
  });

  it('asks for the onboarding link with our return and refresh addresses', async () => {
    const url = await provider().connectedAccountOnboardingUrl('acct_1', { returnUrl: 'http://localhost:8787/me/settings/payout/stripe/finish', refreshUrl: 'http://localhost:8787/partner-program/stripe/reconnect' });
    expect(url).toBe('https://connect.stripe.com/setup/e/acct_1/onboard');
    const form = recorded[0]!.form;
    expect(recorded[0]!.path).toBe('/v1/account_links');
    expect(form.get('account')).toBe('acct_1');
    expect(form.get('type')).toBe('account_onboarding');
    expect(form.get('return_url')).toBe('http://localhost:8787/me/settings/payout/stripe/finish');
    expect(form.get('refresh_url')).toBe('http://localhost:8787/partner-program/stripe/reconnect');
  });

  it('reads whether an account can be paid', async () => {
    expect(await provider().connectedAccountStatus('acct_ready')).toEqual({ accountRef: 'acct_ready', payoutsEnabled: true });
    expect(await provider().connectedAccountStatus('acct_1')).toEqual({ accountRef: 'acct_1', payoutsEnabled: false });
    expect(recorded.map((r) => r.method)).toEqual(['GET', 'GET']);
  });

  it('transfers with the idempotency key, the amount in cents and the currency in lower case', async () => {
    const request = { destinationAccountRef: 'acct_ready', amount: 412, currency: 'USD', description: 'Vellum Partner Program, 2026-10', idempotencyKey: 'partner-payout:u1:2026-10', metadata: { month: '2026-10' } };
    expect(await provider().transfer(request)).toEqual({ transferRef: 'tr_1' });
    const [sent] = recorded;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/transfers', idempotencyKey: 'partner-payout:u1:2026-10' });
    expect(sent!.form.get('amount')).toBe('412');
    expect(sent!.form.get('currency')).toBe('usd');
    expect(sent!.form.get('destination')).toBe('acct_ready');
    expect(sent!.form.get('metadata[month]')).toBe('2026-10');
  });

  it('a refused transfer rejects with Stripe’s own message (what the payout error shows), and a server error is retried with the same key', async () => {
    await expect(
      provider().transfer({ destinationAccountRef: 'acct_1', amount: 100, currency: 'USD', description: 'x', idempotencyKey: 'k-refused', metadata: {} }),
    ).rejects.toThrow('Your destination account needs to have at least one of the following capabilities enabled: transfers');
    recorded.length = 0;
    failing = 1;
    expect(await provider().transfer({ destinationAccountRef: 'acct_ready', amount: 100, currency: 'USD', description: 'x', idempotencyKey: 'k-retried', metadata: {} })).toEqual({ transferRef: 'tr_1' });
    // The client's own retry of a 500 carries the same key, so Stripe pays once.
    expect(recorded.map((r) => r.idempotencyKey)).toEqual(['k-retried', 'k-retried']);
  });
});
