// The Stripe adapter: the official `stripe` package with Workers' fetch and SubtleCrypto.
// Checkout Sessions (subscription, payment, setup) priced inline from our configuration
// (price_data: no price ids to keep in step with the dashboard), cancel_at_period_end for
// cancel and reactivation, the subscription's default payment method for a card update,
// webhooks verified with the signing secret (constructEventAsync).
import type { PaymentSettings } from '../../shared/startup-config.ts';
import { paymentSettings } from './payment-settings.ts';
import Stripe from 'stripe';
import {
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CardSummary,
  type CheckoutDiscount,
  type CheckoutRequest,
  type CheckoutStart,
  type CompletedCheckout,
  type ConnectedAccountRequest,
  type ConnectedAccountStatus,
  type TransferRequest,
  type PaymentProvider,
  type PlanChange,
  type ProviderEvent,
} from './provider.ts';

export interface StripeProviderConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (a local stand-in in tests): "http://127.0.0.1:12111". */
  apiBase?: string;
  /** The deployment's payment settings (payment-settings.ts); the defaults when absent. */
  settings?: PaymentSettings;
}

const cryptoProvider = Stripe.createSubtleCryptoProvider();

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly settings: PaymentSettings;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeProviderConfig) {
    this.settings = config.settings ?? paymentSettings({});
    const base = config.apiBase ? new URL(config.apiBase) : null;
    this.stripe = new Stripe(config.secretKey, {
      httpClient: Stripe.createFetchHttpClient(),
      maxNetworkRetries: 1,
      telemetry: false,
      ...(base
        ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' }
        : {}),
    });
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const common = {
      client_reference_id: request.checkoutId,
      metadata: { ...request.metadata, checkout_id: request.checkoutId },
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      ...(request.customerRef ? { customer: request.customerRef } : request.customerEmail ? { customer_email: request.customerEmail } : {}),
    };
    // Every create carries an idempotency key made of what makes it one (issue 29 item 2): a
    // retried or doubled request is answered with the first one's object, never a second one.
    const once = { idempotencyKey: `checkout-${request.checkoutId}` };
    let session: Stripe.Checkout.Session;
    if (request.mode === 'setup') {
      session = await this.stripe.checkout.sessions.create({ ...common, mode: 'setup', currency: request.currency.toLowerCase() }, once);
    } else {
      session = await this.stripe.checkout.sessions.create({
        ...common,
        mode: request.mode,
        ...(request.mode === 'payment' && !request.customerRef ? { customer_creation: 'always' as const } : {}),
        // Every payment method kind (docs/adr/0142-wallets-and-paypal.md): cards, which Checkout also
        // offers through Apple Pay and Google Pay (a card with card.wallet.type), and PayPal.
        allowed_payment_method_types: ['card', 'paypal'],
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency.toLowerCase(),
              unit_amount: request.amount,
              product_data: { name: request.description },
              ...(request.mode === 'subscription' && request.interval ? { recurring: { interval: request.interval } } : {}),
            },
          },
        ],
        ...(request.mode === 'subscription'
          ? {
              subscription_data: {
                metadata: { ...request.metadata, checkout_id: request.checkoutId },
              },
              // A discount offer is Stripe's coupon of the same id (percent_off, duration
              // repeating for numCycles months, kept in the Stripe account as the configuration's
              // discount ids): Stripe bills the discounted invoices, a free month included, and
              // the regular price after (docs/adr/0115-discounts-are-discounted-cycles.md).
              ...(request.discount !== null ? { discounts: [{ coupon: request.discount.id }] } : {}),
            }
          : {}),
      }, once);
    }
    if (!session.url) throw new Error('Stripe returned a checkout session without a url');
    return { sessionRef: session.id, url: session.url };
  }

  async completedCheckout(sessionRef: string): Promise<CompletedCheckout> {
    const session = await this.stripe.checkout.sessions.retrieve(sessionRef, {
      expand: ['subscription.default_payment_method', 'payment_intent.payment_method', 'setup_intent.payment_method'],
    });
    const subscription = typeof session.subscription === 'object' ? session.subscription : null;
    const paymentIntent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
    const setupIntent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
    const method = subscription?.default_payment_method ?? paymentIntent?.payment_method ?? setupIntent?.payment_method ?? null;
    const periodEnd = subscription?.items?.data?.[0]?.current_period_end ?? null;
    const latestInvoice = subscription?.latest_invoice;
    return {
      sessionRef: session.id,
      checkoutId: session.client_reference_id ?? session.metadata?.checkout_id ?? '',
      customerRef: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? ''),
      subscriptionRef: subscription?.id ?? (typeof session.subscription === 'string' ? session.subscription : null),
      paymentRef: paymentIntent?.id ?? (typeof latestInvoice === 'string' ? latestInvoice : (latestInvoice?.id ?? null)),
      card: typeof method === 'object' && method ? cardOf(method) : null,
      currentPeriodEnd: periodEnd === null ? null : periodEnd * 1000,
    };
  }

  async setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionRef, { cancel_at_period_end: cancel });
  }

  /** Stripe's immediate cancel: no proration invoice, nothing more is charged. */
  async endSubscriptionNow(subscriptionRef: string): Promise<void> {
    await this.stripe.subscriptions.cancel(subscriptionRef, { invoice_now: false, prorate: false });
  }

  /**
   * A subscription schedule from the subscription: the current phase runs to the period's end,
   * then a phase at the new price (price_data on the subscription's product) takes over and the
   * schedule releases the subscription.
   */
  async schedulePlanChange(subscriptionRef: string, change: PlanChange): Promise<void> {
    const subscription = await this.stripe.subscriptions.retrieve(subscriptionRef);
    const item = subscription.items.data[0];
    if (!item) throw new Error(`subscription ${subscriptionRef} has no item`);
    const product = typeof item.price.product === 'string' ? item.price.product : item.price.product.id;
    const existing = subscription.schedule ? (typeof subscription.schedule === 'string' ? subscription.schedule : subscription.schedule.id) : null;
    const schedule = existing ? await this.stripe.subscriptionSchedules.retrieve(existing) : await this.stripe.subscriptionSchedules.create({ from_subscription: subscriptionRef }, { idempotencyKey: `schedule-${subscriptionRef}-${change.at}` });
    const current = schedule.phases[0];
    const at = Math.floor(change.at / 1000);
    await this.stripe.subscriptionSchedules.update(schedule.id, {
      end_behavior: 'release',
      proration_behavior: 'none',
      phases: [
        { items: [{ price: item.price.id, quantity: 1 }], start_date: current?.start_date ?? 'now', end_date: at },
        {
          items: [{ quantity: 1, price_data: { currency: change.currency.toLowerCase(), product, unit_amount: change.amount, recurring: { interval: change.interval } } }],
          start_date: at,
          duration: { interval: change.interval, interval_count: 1 },
        },
      ],
    });
  }

  /**
   * The coupon of the discount's id on the subscription (the retention offer's
   * FIFTY_PERCENT_OFF_ONE_YEAR: percent_off 50, duration repeating, duration_in_months 12, kept in
   * the Stripe account like the discount ids; docs/adr/0140-the-retention-offer-is-a-discount.md):
   * Stripe discounts the invoices of the next 12 months, then bills the regular price.
   */
  async discountSubscription(subscriptionRef: string, discount: CheckoutDiscount): Promise<void> {
    await this.stripe.subscriptions.update(subscriptionRef, { discounts: [{ coupon: discount.id }] }, { idempotencyKey: `discount-${subscriptionRef}-${discount.id}` });
  }

  async updateSubscriptionCard(subscriptionRef: string, paymentMethodRef: string): Promise<void> {
    const subscription = await this.stripe.subscriptions.update(subscriptionRef, { default_payment_method: paymentMethodRef });
    // A past-due subscription retries its open invoice with the new card now.
    if (subscription.status === 'past_due' && subscription.latest_invoice) {
      const invoiceId = typeof subscription.latest_invoice === 'string' ? subscription.latest_invoice : subscription.latest_invoice.id;
      if (invoiceId) {
        try {
          await this.stripe.invoices.pay(invoiceId, { payment_method: paymentMethodRef });
        } catch (error) {
          // 3-D Secure 2 (docs/adr/0141-local-3d-secure-challenge.md): the invoice's PaymentIntent is
          // requires_action; the cardholder authenticates on Stripe's page (handleNextAction, the
          // hosted invoice page Stripe mails), and its outcome arrives as invoice.paid or
          // invoice.payment_failed. The new card is the subscription's either way.
          if (!(error instanceof Stripe.errors.StripeError && REQUIRES_ACTION_CODES.has(error.code ?? ''))) throw error;
        }
      }
    }
  }

  /** Stripe's hosted invoice pages, where a cardholder completes 3-D Secure for an invoice. */
  async isPaymentActionUrl(url: string): Promise<boolean> {
    return isHttpsUrlUnder(url, 'invoice.stripe.com');
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('No signature');
    try {
      const event = await this.stripe.webhooks.constructEventAsync(rawBody, signatureHeader, this.config.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, cryptoProvider);
      return event as unknown as ProviderEvent;
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
  }

  // Stripe Connect (docs/partner-program.md "Payout accounts"): Express accounts that receive
  // transfers from the platform's balance; onboarding on Stripe's hosted pages.
  async createConnectedAccount(request: ConnectedAccountRequest): Promise<string> {
    const account = await this.stripe.accounts.create({
      type: 'express',
      country: request.country,
      ...(request.email ? { email: request.email } : {}),
      capabilities: { transfers: { requested: true } },
      metadata: request.metadata,
    }, request.metadata.user_id ? { idempotencyKey: `account-${request.metadata.user_id}-${request.country}` } : undefined);
    return account.id;
  }

  async connectedAccountOnboardingUrl(accountRef: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    const link = await this.stripe.accountLinks.create({ account: accountRef, type: 'account_onboarding', return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
    return link.url;
  }

  async connectedAccountStatus(accountRef: string): Promise<ConnectedAccountStatus> {
    const account = await this.stripe.accounts.retrieve(accountRef);
    return { accountRef: account.id, payoutsEnabled: account.payouts_enabled === true };
  }

  async transfer(request: TransferRequest): Promise<{ transferRef: string }> {
    const transfer = await this.stripe.transfers.create(
      { amount: request.amount, currency: request.currency.toLowerCase(), destination: request.destinationAccountRef, description: request.description, metadata: request.metadata },
      { idempotencyKey: request.idempotencyKey },
    );
    return { transferRef: transfer.id };
  }

}

function isHttpsUrlUnder(url: string, host: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' && parsed.hostname === host;
  } catch {
    return false;
  }
}

/** Stripe's answers when a payment waits for the cardholder's 3-D Secure authentication (PaymentIntent status requires_action). */
const REQUIRES_ACTION_CODES = new Set(['invoice_payment_intent_requires_action', 'authentication_required', 'payment_intent_action_required']);

/**
 * A payment method as we keep it (docs/adr/0142-wallets-and-paypal.md): a card, a card held by Apple
 * Pay or Google Pay (Stripe: type card with card.wallet.type), or a PayPal account (type paypal).
 */
export function cardOf(method: Stripe.PaymentMethod): CardSummary | null {
  // A PayPal account has no card: the last four of its payer id stand in for the card's last four.
  if (method.type === 'paypal') return { kind: 'PaypalAccount', paymentMethodRef: method.id, brand: 'paypal', last4: (method.paypal?.payer_id ?? method.id).slice(-4).padStart(4, '0'), expMonth: 0, expYear: 0 };
  if (!method.card) return null;
  const wallet = method.card.wallet?.type;
  const kind = wallet === 'apple_pay' ? 'ApplePayCard' : wallet === 'google_pay' ? 'GooglePayCard' : 'CreditCard';
  return { kind, paymentMethodRef: method.id, brand: method.card.brand, last4: method.card.last4, expMonth: method.card.exp_month, expYear: method.card.exp_year };
}
