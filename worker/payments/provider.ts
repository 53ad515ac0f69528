// The payment provider interface: what membership and gifts need from a card processor.
// Two adapters (docs/membership.md):
//   StripeProvider  the official `stripe` package on Workers (fetch HTTP client, SubtleCrypto);
//   LocalProvider   a test processor inside the worker (development only): a hosted checkout
//                   page at /_/dev/pay/… with Stripe's test cards, and signed webhooks
//                   (Stripe's signature scheme) into the same handler as Stripe's.
// Both speak Stripe's event shapes, so worker/membership/payment-webhook.ts has one code path.
import type { PlanCurrency, PlanInterval } from '../../shared/membership/plans.ts';
import type { PaymentSettings } from '../../shared/startup-config.ts';

/** Payment method kinds as the contract names them (docs/product/1-product-screens-membership-header-search.md §3). */
export const PAYMENT_METHOD_KINDS = ['CreditCard', 'ApplePayCard', 'GooglePayCard', 'PaypalAccount'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];

/** A card as we may keep it: never its number. */
export interface CardSummary {
  /** A card, a card held by a wallet (Apple Pay, Google Pay), or a PayPal account (docs/adr/0142-wallets-and-paypal.md). */
  kind: PaymentMethodKind;
  paymentMethodRef: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

export interface CheckoutRequest {
  /** subscription: a membership; payment: a one-off (a gift); setup: save a new card. */
  mode: 'subscription' | 'payment' | 'setup';
  /** Our checkout id, echoed back in the session's metadata and client_reference_id. */
  checkoutId: string;
  customerEmail: string | null;
  /** The customer already on file, if any. */
  customerRef: string | null;
  /** Integer cents, from configuration. */
  amount: number;
  currency: PlanCurrency;
  interval: PlanInterval | null;
  /**
   * Subscriptions under a discount offer: its first `numCycles` cycles (the one paid at checkout
   * included) are charged `amount`, the later ones the regular `amount` above (Stripe: the
   * coupon named `id`, duration repeating; docs/adr/0115-discounts-are-discounted-cycles.md).
   */
  discount: CheckoutDiscount | null;
  description: string;
  successUrl: string;
  cancelUrl: string;
  metadata: Record<string, string>;
}

export interface CheckoutDiscount {
  /** The configuration's discount id (shared/membership/plans.ts DISCOUNT_OFFERS); Stripe's coupon id. */
  id: string;
  numCycles: number;
  /** Integer cents per discounted cycle. */
  amount: number;
}

export interface CheckoutStart {
  /** The provider's checkout session id. */
  sessionRef: string;
  /** Where the browser goes to pay (the provider's hosted page). */
  url: string;
}

/** What a completed checkout left at the provider (read when its webhook arrives). */
export interface CompletedCheckout {
  sessionRef: string;
  checkoutId: string;
  customerRef: string;
  subscriptionRef: string | null;
  /** The payment's reference (payment intent or invoice): the charge's provider_ref. */
  paymentRef: string | null;
  card: CardSummary | null;
  /** Subscriptions: when the paid period ends (ms). */
  currentPeriodEnd: number | null;
}

/** A verified provider event, in Stripe's shape. */
export interface ProviderEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

export class WebhookSignatureError extends Error {}

/**
 * Whether a call to the provider failed because the provider could not be reached or answered
 * 5xx (Stripe's StripeConnectionError / StripeAPIError, an outage's 503 — also the injected
 * fault of ./provider-faults.ts), rather than refusing what was asked (StripeInvalidRequestError,
 * the local processor's "No such subscription"). The first is ServiceUnavailable, the second
 * PaymentError (docs/outcomes.md).
 */
export function isProviderUnavailable(error: unknown): boolean {
  const shape = (error ?? {}) as { type?: unknown; statusCode?: unknown; message?: unknown };
  if (shape.type === 'StripeConnectionError' || shape.type === 'StripeAPIError' || shape.type === 'StripeRateLimitError') return true;
  if (typeof shape.statusCode === 'number' && (shape.statusCode >= 500 || shape.statusCode === 429)) return true;
  return /\b(503|service unavailable|network connection lost|fetch failed)\b/i.test(String(shape.message ?? error));
}

/** A completion event named a checkout session the provider has not completed (a forged or confused event). */
export class CheckoutNotCompleteError extends Error {}

export interface PlanChange {
  /** Integer cents per period, from configuration. */
  amount: number;
  currency: PlanCurrency;
  interval: PlanInterval;
  description: string;
  /** When the new plan starts (the current period's end), ms. */
  at: number;
}

/** A writer's payout account being created (Stripe Connect: an Express connected account). */
export interface ConnectedAccountRequest {
  email: string | null;
  /** ISO country of the writer (the account's country). */
  country: string;
  metadata: Record<string, string>;
}

/** What the provider says of a connected account. */
export interface ConnectedAccountStatus {
  accountRef: string;
  /** The account may receive transfers and pay them out. */
  payoutsEnabled: boolean;
}

/** A payout to a connected account; the idempotency key makes a retry pay once. */
export interface TransferRequest {
  destinationAccountRef: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  description: string;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

/** Payouts to writers (docs/partner-program.md "Payout accounts"). */
export interface PayoutProvider {
  createConnectedAccount(request: ConnectedAccountRequest): Promise<string>;
  /** Where the writer goes to give the provider their payout details; back to returnUrl when done, refreshUrl when the link expired. */
  connectedAccountOnboardingUrl(accountRef: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string>;
  connectedAccountStatus(accountRef: string): Promise<ConnectedAccountStatus>;
  transfer(request: TransferRequest): Promise<{ transferRef: string }>;
}

export interface PaymentProvider extends PayoutProvider {
  readonly name: 'stripe' | 'local';
  /** Plan ids, discount ids, 3-D Secure and wallet versions (payment-settings.ts; docs/adr/0108-startup-configuration.md). */
  readonly settings: PaymentSettings;
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  completedCheckout(sessionRef: string): Promise<CompletedCheckout>;
  /** Cancel at the period's end (true) or take that back (false): reactivation. */
  setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void>;
  /**
   * Ends a subscription now, collecting nothing more (its open invoice is left unpaid): a
   * past-due membership replaced by a gift (docs/membership.md "Gifts").
   */
  endSubscriptionNow(subscriptionRef: string): Promise<void>;
  /** The new card becomes the subscription's; a past-due subscription retries its charge. */
  updateSubscriptionCard(subscriptionRef: string, paymentMethodRef: string): Promise<void>;
  /**
   * Schedules a plan switch for the end of the current period (docs/product/1-product-screens-membership-header-search.md §4):
   * from `at`, each renewal charges `amount` every `interval`.
   */
  schedulePlanChange(subscriptionRef: string, change: PlanChange): Promise<void>;
  /**
   * Discounts the subscription's next `discount.numCycles` renewals to `discount.amount` each, the
   * regular price after (the retention offer, docs/adr/0140-the-retention-offer-is-a-discount.md).
   * Stripe: the coupon named `discount.id` applied to the subscription.
   */
  discountSubscription(subscriptionRef: string, discount: CheckoutDiscount): Promise<void>;
  /**
   * Whether `url` is this processor's page where a member confirms a payment (an invoice's
   * hosted_invoice_url): only such a link reaches a mail or the manage page
   * (docs/adr/0188-renewal-needing-authentication.md).
   */
  isPaymentActionUrl(url: string): Promise<boolean>;
  /** Verifies a webhook's signature and timestamp; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent>;
}

/** How old a webhook's signed timestamp may be: Stripe's default tolerance, 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
