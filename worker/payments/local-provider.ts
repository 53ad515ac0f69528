// The local test provider: a card processor that runs inside the worker in development, so
// every flow works with no account anywhere. It keeps its own books (devpay_* tables), hosts
// a checkout page (worker/endpoints/local-checkout-page.ts) that takes Stripe's test cards,
// and tells us what happened the way Stripe does: events of Stripe's shapes, signed with
// Stripe's scheme (t=…,v1=HMAC-SHA256), POSTed to the same webhook handler as Stripe's.
// Never used outside ENVIRONMENT=development (worker/payments/select-provider.ts).
import type { PaymentSettings } from '../../shared/startup-config.ts';
import { paymentSettings } from './payment-settings.ts';
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, lte } from 'drizzle-orm';
import { addInterval, type PlanInterval } from '../../shared/membership/plans.ts';
import { orm } from '../db/orm.ts';
import { devpayCards, devpayChallenges, devpayConnectedAccounts, devpaySessions, devpaySubscriptions, devpayTransfers, devpayUndeliveredEvents } from '../db/schema.ts';
import { hex } from '../lib/ids.ts';
import {
  CheckoutNotCompleteError,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookSignatureError,
  type CheckoutDiscount,
  type CheckoutRequest,
  type CheckoutStart,
  type CompletedCheckout,
  type ConnectedAccountRequest,
  type ConnectedAccountStatus,
  type TransferRequest,
  type PaymentMethodKind,
  type PaymentProvider,
  type PlanChange,
  type ProviderEvent,
} from './provider.ts';
import { stripeCryptoProvider, stripeSdk } from './stripe-sdk.ts';
import { AUTHENTICATION_FAILED, cardOutcome, renewalSucceeds, type CardError, type RenewalBehaviour } from './test-cards.ts';
import { logEvent } from '../lib/log-context.ts';

export const LOCAL_CHECKOUT_PATH = '/_/dev/pay/checkout';
/** The local stand-in of Stripe's hosted invoice page, where a renewal's 3-D Secure is completed (worker/endpoints/local-checkout-page.ts). */
export const LOCAL_INVOICE_PATH = '/_/dev/pay/invoice';
/** The local stand-in of Stripe's hosted Connect onboarding (worker/endpoints/local-connect-page.ts). */
export const LOCAL_CONNECT_PATH = '/_/dev/pay/connect';
/** Signing secret of the local provider's webhooks (development only; documented, not a secret). */
export const LOCAL_WEBHOOK_SECRET_DEFAULT = 'whsec_local_development_only';


/** Delivers one signed webhook request to the webhook handler; answers its response. */
export type WebhookDelivery = (request: Request) => Promise<Response>;

export function localRef(prefix: string): string {
  return `${prefix}_test_${hex(crypto.getRandomValues(new Uint8Array(12)))}`;
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

/** A payment's outcome; requiresAction: the card asks for 3-D Secure, the browser goes to challengeUrl (Stripe: next_action). */
export type PayResult = { ok: true; successUrl: string } | { ok: false; error: CardError; requiresAction?: undefined } | { ok: false; requiresAction: true; challengeUrl: string };

/** The card a payment (or its pending challenge) is made with: never its number. */
interface ChallengedCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  behaviour: RenewalBehaviour;
  /** Held by a wallet, or a PayPal account; null: a card typed on the page. */
  wallet?: Wallet | null;
}

/** The local PayPal sandbox buyer's payer id (PayPal's payer ids are 13 letters and digits). */
export const PAYPAL_SANDBOX_PAYER_ID = 'VELLUMSANDBX1';

/** The local stand-ins for the wallets and PayPal (docs/adr/0142-wallets-and-paypal.md). */
export const WALLETS = ['apple_pay', 'google_pay', 'paypal'] as const;
export type Wallet = (typeof WALLETS)[number];
export const isWallet = (value: unknown): value is Wallet => typeof value === 'string' && (WALLETS as readonly string[]).includes(value);

/** The contract's payment method kind of a local payment method. */
export function kindOfWallet(wallet: Wallet | null | undefined): PaymentMethodKind {
  return wallet === 'apple_pay' ? 'ApplePayCard' : wallet === 'google_pay' ? 'GooglePayCard' : wallet === 'paypal' ? 'PaypalAccount' : 'CreditCard';
}

/**
 * What each local wallet pays with: the wallets hold Stripe's Visa test card, as a wallet's test
 * mode does; the PayPal sandbox buyer is an account, no card (brand paypal; in place of a card's
 * last four, the last four of its payer id, as the stored payment method requires four).
 */
export const WALLET_PAYMENT_METHODS: Record<Wallet, Omit<ChallengedCard, 'wallet'>> = {
  apple_pay: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, behaviour: 'succeeds' },
  google_pay: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034, behaviour: 'succeeds' },
  paypal: { brand: 'paypal', last4: PAYPAL_SANDBOX_PAYER_ID.slice(-4), expMonth: 0, expYear: 0, behaviour: 'succeeds' },
};

const SESSION_CLOSED: CardError = { type: 'card_error', code: 'resource_missing', message: 'This checkout session is no longer open.' };
/** A challenge answer that names no pending challenge of this session (forged, replayed, expired). */
export const CHALLENGE_REFUSED: CardError = { type: 'card_error', code: 'payment_intent_unexpected_state', message: 'This authentication is no longer valid. Nothing was charged.' };
/** The wallet sheet's or PayPal page's Cancel: back to the checkout, nothing charged. */
export const PAYMENT_CANCELLED: CardError = { type: 'card_error', code: 'payment_intent_payment_attempt_failed', message: 'The payment was cancelled. Nothing was charged.' };
/** How long a 3-D Secure challenge (or a wallet or PayPal confirmation) may be answered. */
export const CHALLENGE_LIFETIME_MS = 10 * 60_000;

/** What a billing run did (worker/membership/billing-clock.ts reports it). */
export interface BillingRunReport {
  renewed: number;
  failed: number;
  ended: number;
  undelivered: number;
  /** Kept events (a completed checkout the handler did not take) that this run delivered. */
  redelivered: number;
}

export class LocalProvider implements PaymentProvider {
  readonly name = 'local' as const;
  readonly settings: PaymentSettings;

  constructor(
    private readonly db: D1Database,
    private readonly options: { origin: string; webhookSecret: string; webhookPath: string; deliver: WebhookDelivery; settings?: PaymentSettings },
  ) {
    // The deployment's payment settings (payment-settings.ts); the defaults when absent.
    this.settings = options.settings ?? paymentSettings({});
  }

  async startCheckout(request: CheckoutRequest): Promise<CheckoutStart> {
    const id = localRef('cs');
    await orm(this.db)
      .insert(devpaySessions)
      .values({
        id,
        mode: request.mode,
        customerRef: request.customerRef ?? localRef('cus'),
        amount: request.amount,
        currency: request.currency,
        interval: request.interval,
        description: request.description,
        // A discount offer travels in the metadata, as the coupon does on Stripe's session.
        metadata: JSON.stringify({
          ...request.metadata,
          checkout_id: request.checkoutId,
          ...(request.discount !== null ? { discount_id: request.discount.id, discount_cycles: String(request.discount.numCycles), discount_amount: String(request.discount.amount) } : {}),
        }),
        successUrl: request.successUrl,
        cancelUrl: request.cancelUrl,
        createdAt: Date.now(),
      });
    return { sessionRef: id, url: `${this.options.origin}${LOCAL_CHECKOUT_PATH}/${id}` };
  }

  async session(sessionRef: string) {
    return (await orm(this.db).select().from(devpaySessions).where(eq(devpaySessions.id, sessionRef)).get()) ?? null;
  }

  async completedCheckout(sessionRef: string): Promise<CompletedCheckout> {
    const session = await this.session(sessionRef);
    if (!session || session.status !== 'complete') throw new CheckoutNotCompleteError(`checkout session ${sessionRef} is not complete`);
    const card = session.paymentMethodRef
      ? await orm(this.db).select().from(devpayCards).where(eq(devpayCards.paymentMethodRef, session.paymentMethodRef)).get()
      : undefined;
    const subscription = session.subscriptionRef
      ? await orm(this.db).select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, session.subscriptionRef)).get()
      : undefined;
    const metadata = JSON.parse(session.metadata) as Record<string, string>;
    return {
      sessionRef,
      checkoutId: metadata.checkout_id ?? '',
      customerRef: session.customerRef,
      subscriptionRef: session.subscriptionRef,
      paymentRef: session.mode === 'setup' ? null : `pi_${sessionRef}`,
      card: card ? { kind: kindOfWallet(card.wallet), paymentMethodRef: card.paymentMethodRef, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear } : null,
      currentPeriodEnd: subscription?.currentPeriodEnd ?? null,
    };
  }

  /**
   * The hosted checkout page's submit: checks the card like Stripe's test mode; on success
   * saves the card (brand, last four, expiry), starts the subscription, completes the session
   * and delivers checkout.session.completed. A declined card changes nothing.
   */
  async pay(sessionRef: string, input: CardInput, now = Date.now()): Promise<PayResult> {
    const session = await this.session(sessionRef);
    if (!session || session.status !== 'open') return { ok: false, error: SESSION_CLOSED };
    const outcome = cardOutcome(input.number, input.expMonth, input.expYear, input.cvc, now);
    if (!outcome.ok) return outcome;
    const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
    const card: ChallengedCard = { brand: outcome.brand, last4: outcome.last4, expMonth: input.expMonth, expYear: year, behaviour: outcome.behaviour };
    if (outcome.requiresAuthentication) {
      // 3-D Secure 2 (docs/adr/0141-local-3d-secure-challenge.md): nothing is charged until the
      // cardholder passes the challenge; the session stays open.
      const id = localRef('3ds');
      await orm(this.db)
        .insert(devpayChallenges)
        .values({ id, sessionRef, ...card, kind: 'three_d_secure', status: 'pending', createdAt: now, expiresAt: now + CHALLENGE_LIFETIME_MS });
      return { ok: false, requiresAction: true, challengeUrl: `${this.options.origin}${LOCAL_CHECKOUT_PATH}/${sessionRef}/challenge/${id}` };
    }
    return this.complete(session, card, now);
  }

  /**
   * The checkout page's Apple Pay, Google Pay or PayPal button: a one-time confirmation for this
   * session (the wallet sheet or the PayPal approval page) at the returned address. Nothing is
   * charged until it is confirmed there (authenticate with passed = true).
   */
  async startWallet(sessionRef: string, wallet: Wallet, now = Date.now()): Promise<PayResult> {
    const session = await this.session(sessionRef);
    if (!session || session.status !== 'open') return { ok: false, error: SESSION_CLOSED };
    const id = localRef(wallet === 'paypal' ? 'ba' : 'wal');
    await orm(this.db)
      .insert(devpayChallenges)
      .values({ id, sessionRef, ...WALLET_PAYMENT_METHODS[wallet], kind: wallet, status: 'pending', createdAt: now, expiresAt: now + CHALLENGE_LIFETIME_MS });
    return { ok: false, requiresAction: true, challengeUrl: `${this.options.origin}${LOCAL_CHECKOUT_PATH}/${sessionRef}/challenge/${id}` };
  }

  /** The challenge a page shows: pending, of this session, not expired; else null. */
  async openChallenge(sessionRef: string, challengeId: string, now = Date.now()) {
    const challenge = await orm(this.db).select().from(devpayChallenges).where(and(eq(devpayChallenges.id, challengeId), eq(devpayChallenges.sessionRef, sessionRef))).get();
    return challenge && challenge.status === 'pending' && challenge.expiresAt > now ? challenge : null;
  }

  /**
   * The challenge page's answer. Claimed once (pending → succeeded/failed), only for the session it
   * was made for and before it expires: a forged, replayed, expired or another session's challenge
   * id is refused and nothing is charged. Passed: the payment completes as pay() would have.
   * Failed: Stripe's authentication error; the session stays open for another card.
   */
  async authenticate(sessionRef: string, challengeId: string, passed: boolean, now = Date.now()): Promise<PayResult> {
    const session = await this.session(sessionRef);
    if (!session || session.status !== 'open') return { ok: false, error: SESSION_CLOSED };
    const challenge = await this.openChallenge(sessionRef, challengeId, now);
    if (!challenge) return { ok: false, error: CHALLENGE_REFUSED };
    const claim = await this.db
      .prepare(`UPDATE devpay_challenges SET status = ? WHERE id = ? AND session_ref = ? AND status = 'pending' AND expires_at > ?`)
      .bind(passed ? 'succeeded' : 'failed', challengeId, sessionRef, now)
      .run();
    if (!claim.meta.changes) return { ok: false, error: CHALLENGE_REFUSED };
    if (!passed) return { ok: false, error: challenge.kind === 'three_d_secure' ? AUTHENTICATION_FAILED : PAYMENT_CANCELLED };
    const { brand, last4, expMonth, expYear, behaviour, kind } = challenge;
    return this.complete(session, { brand, last4, expMonth, expYear, behaviour, wallet: kind === 'three_d_secure' ? null : kind }, now);
  }

  /** Charges the session's first payment with `card` and completes it (pay, or a passed challenge). */
  private async complete(session: NonNullable<Awaited<ReturnType<LocalProvider['session']>>>, card: ChallengedCard, now: number): Promise<PayResult> {
    const sessionRef = session.id;
    const paymentMethodRef = localRef('pm');
    const subscriptionRef = session.mode === 'subscription' ? localRef('sub') : null;
    // Under a discount offer the first cycle is charged the discounted amount (nothing, for a
    // free month) and the subscription counts the discounted cycles still to come.
    const discount = session.mode === 'subscription' ? sessionDiscount(session.metadata) : null;
    // Completion is one transaction that claims the session first: the card and subscription are
    // written only by the submit whose conditional update found the session open, so six
    // simultaneous submits of one session complete it once (issue 29 item 2).
    const claimed = `EXISTS (SELECT 1 FROM devpay_sessions WHERE id = ? AND payment_method_ref = ?)`;
    const [claim] = await this.db.batch([
      this.db
        .prepare(`UPDATE devpay_sessions SET status = 'complete', payment_method_ref = ?, subscription_ref = ? WHERE id = ? AND status = 'open'`)
        .bind(paymentMethodRef, subscriptionRef, sessionRef),
      this.db
        .prepare(`INSERT INTO devpay_cards (payment_method_ref, customer_ref, brand, last4, exp_month, exp_year, behaviour, wallet) SELECT ?, ?, ?, ?, ?, ?, ?, ? WHERE ${claimed}`)
        .bind(paymentMethodRef, session.customerRef, card.brand, card.last4, card.expMonth, card.expYear, card.behaviour, card.wallet ?? null, sessionRef, paymentMethodRef),
      ...(subscriptionRef
        ? [
            this.db
              .prepare(
                `INSERT INTO devpay_subscriptions (id, customer_ref, payment_method_ref, amount, currency, interval, metadata, current_period_end, status) SELECT ?, ?, ?, ?, ?, ?, ?, ?, 'active' WHERE ${claimed}`,
              )
              .bind(
                subscriptionRef,
                session.customerRef,
                paymentMethodRef,
                session.amount,
                session.currency,
                (session.interval ?? 'month') as PlanInterval,
                discount ? JSON.stringify({ ...(JSON.parse(session.metadata) as Record<string, string>), discount_cycles_left: String(discount.numCycles - 1) }) : session.metadata,
                addInterval((session.interval ?? 'month') as PlanInterval, now),
                sessionRef,
                paymentMethodRef,
              ),
          ]
        : []),
    ]);
    if (!claim?.meta.changes) return { ok: false, error: SESSION_CLOSED };
    // Nothing here can be put back (the card was charged, the session is complete), so an event
    // the handler does not take is kept and sent again by the next billing run.
    await this.deliverOrKeep('checkout.session.completed', now, {
      object: 'checkout.session',
      id: sessionRef,
      mode: session.mode,
      status: 'complete',
      payment_status: session.mode === 'setup' ? 'no_payment_required' : 'paid',
      client_reference_id: (JSON.parse(session.metadata) as Record<string, string>).checkout_id ?? null,
      customer: session.customerRef,
      subscription: subscriptionRef,
      payment_intent: session.mode === 'payment' ? `pi_${sessionRef}` : null,
      amount_total: session.mode === 'setup' ? 0 : (discount?.amount ?? session.amount),
      currency: session.currency.toLowerCase(),
      metadata: JSON.parse(session.metadata) as Record<string, string>,
    });
    return { ok: true, successUrl: session.successUrl.replace('{CHECKOUT_SESSION_ID}', sessionRef) };
  }

  // Connected accounts (Stripe Connect's stand-in): an account can take transfers once its
  // onboarding page was completed, as an Express account once its details are submitted.
  async createConnectedAccount(request: ConnectedAccountRequest, now = Date.now()): Promise<string> {
    const id = localRef('acct');
    await orm(this.db).insert(devpayConnectedAccounts).values({ id, email: request.email, country: request.country, payoutsEnabled: false, createdAt: now });
    return id;
  }

  async connectedAccountOnboardingUrl(accountRef: string, urls: { returnUrl: string; refreshUrl: string }): Promise<string> {
    const query = new URLSearchParams({ return_url: urls.returnUrl, refresh_url: urls.refreshUrl });
    return `${this.options.origin}${LOCAL_CONNECT_PATH}/${encodeURIComponent(accountRef)}?${query}`;
  }

  async connectedAccountStatus(accountRef: string): Promise<ConnectedAccountStatus> {
    const account = await orm(this.db).select().from(devpayConnectedAccounts).where(eq(devpayConnectedAccounts.id, accountRef)).get();
    if (!account) throw new Error(`No such account: '${accountRef}'`);
    return { accountRef, payoutsEnabled: account.payoutsEnabled };
  }

  /** The onboarding page's "Agree and submit": the account may now take transfers. */
  async completeOnboarding(accountRef: string): Promise<boolean> {
    const result = await this.db.prepare('UPDATE devpay_connected_accounts SET payouts_enabled = 1 WHERE id = ?').bind(accountRef).run();
    return result.meta.changes === 1;
  }

  /** As Stripe: the same idempotency key answers the first transfer; an account that cannot take payouts is refused. */
  async transfer(request: TransferRequest, now = Date.now()): Promise<{ transferRef: string }> {
    const db = orm(this.db);
    const earlier = await db.select().from(devpayTransfers).where(eq(devpayTransfers.idempotencyKey, request.idempotencyKey)).get();
    if (earlier) return { transferRef: earlier.id };
    const account = await db.select().from(devpayConnectedAccounts).where(eq(devpayConnectedAccounts.id, request.destinationAccountRef)).get();
    if (!account) throw new Error(`No such destination: '${request.destinationAccountRef}'`);
    if (!account.payoutsEnabled) throw new Error('Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments');
    if (!Number.isInteger(request.amount) || request.amount <= 0) throw new Error('Invalid positive integer');
    const id = localRef('tr');
    await db
      .insert(devpayTransfers)
      .values({ id, idempotencyKey: request.idempotencyKey, destination: account.id, amount: request.amount, currency: request.currency, description: request.description, createdAt: now })
      .onConflictDoNothing();
    const stored = await db.select().from(devpayTransfers).where(eq(devpayTransfers.idempotencyKey, request.idempotencyKey)).get();
    return { transferRef: stored!.id };
  }

  async setCancelAtPeriodEnd(subscriptionRef: string, cancel: boolean): Promise<void> {
    await orm(this.db).update(devpaySubscriptions).set({ cancelAtPeriodEnd: cancel }).where(eq(devpaySubscriptions.id, subscriptionRef));
  }

  /** As Stripe's immediate cancel: the subscription is canceled and never charged again. */
  async endSubscriptionNow(subscriptionRef: string): Promise<void> {
    await orm(this.db).update(devpaySubscriptions).set({ status: 'canceled' }).where(eq(devpaySubscriptions.id, subscriptionRef));
  }

  /** Kept in the subscription's metadata until the renewal that starts the new plan. */
  async schedulePlanChange(subscriptionRef: string, change: PlanChange): Promise<void> {
    const db = orm(this.db);
    const subscription = await db.select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, subscriptionRef)).get();
    if (!subscription) throw new Error(`no subscription ${subscriptionRef}`);
    const metadata = { ...(JSON.parse(subscription.metadata) as Record<string, unknown>), pending_change: { amount: change.amount, interval: change.interval, at: change.at } };
    await db.update(devpaySubscriptions).set({ metadata: JSON.stringify(metadata) }).where(eq(devpaySubscriptions.id, subscriptionRef));
  }

  /**
   * As a coupon applied to a Stripe subscription: the next `numCycles` renewals are charged the
   * discounted amount and say so on their invoice (total_discount_amounts), read by chargeRenewal.
   * It replaces a discount still running, as a subscription's new coupon replaces its old one.
   */
  async discountSubscription(subscriptionRef: string, discount: CheckoutDiscount): Promise<void> {
    const db = orm(this.db);
    const subscription = await db.select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, subscriptionRef)).get();
    if (!subscription || subscription.status === 'canceled') throw new Error(`No such subscription: '${subscriptionRef}'`);
    const metadata = {
      ...(JSON.parse(subscription.metadata) as Record<string, unknown>),
      discount_id: discount.id,
      discount_amount: String(discount.amount),
      discount_cycles_left: String(discount.numCycles),
    };
    await db.update(devpaySubscriptions).set({ metadata: JSON.stringify(metadata) }).where(eq(devpaySubscriptions.id, subscriptionRef));
  }

  async updateSubscriptionCard(subscriptionRef: string, paymentMethodRef: string, now = Date.now()): Promise<void> {
    const db = orm(this.db);
    const subscription = await db.select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, subscriptionRef)).get();
    if (!subscription) throw new Error(`no subscription ${subscriptionRef}`);
    await db.update(devpaySubscriptions).set({ paymentMethodRef }).where(eq(devpaySubscriptions.id, subscriptionRef));
    // A past-due subscription retries its unpaid renewal with the new card at once.
    if (subscription.status === 'past_due') await this.chargeRenewal({ ...subscription, paymentMethodRef }, now);
  }

  /**
   * The processor's own billing run at `now`: each due subscription is renewed (its card is
   * charged) or, when cancelled at the period's end, ended. State changes before the event is
   * sent, so running again at the same time finds nothing due. An event our webhook handler
   * did not take (it failed: D1 down, a deploy) is not lost: the subscription is put back as it
   * was, so the next run sends the same invoice again (same id: applied once), as Stripe
   * retries an unacknowledged delivery (docs/adr/0056-scheduled-jobs-resume.md).
   */
  async runBilling(now: number): Promise<BillingRunReport> {
    const report: BillingRunReport = { renewed: 0, failed: 0, ended: 0, undelivered: 0, redelivered: await this.redeliverKept(now) };
    for (const subscription of await this.dueSubscriptions(now)) await this.renewOne(subscription, now, report);
    return report;
  }

  /** Active subscriptions whose period has ended by `now` (the billing clock's work list). */
  async dueSubscriptions(now: number): Promise<(typeof devpaySubscriptions.$inferSelect)[]> {
    return orm(this.db)
      .select()
      .from(devpaySubscriptions)
      .where(and(eq(devpaySubscriptions.status, 'active'), lte(devpaySubscriptions.currentPeriodEnd, now)))
      .all();
  }

  /**
   * One subscription's part of runBilling, for the fan-out queue's billing.renewal message
   * (worker/membership/billing-clock.ts): nothing when it is no longer active and due.
   */
  async renewDue(subscriptionId: string, now: number): Promise<BillingRunReport> {
    const report: BillingRunReport = { renewed: 0, failed: 0, ended: 0, undelivered: 0, redelivered: 0 };
    const subscription = await orm(this.db).select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, subscriptionId)).get();
    if (subscription && subscription.status === 'active' && subscription.currentPeriodEnd <= now) await this.renewOne(subscription, now, report);
    return report;
  }

  private async renewOne(subscription: typeof devpaySubscriptions.$inferSelect, now: number, report: BillingRunReport): Promise<void> {
    const db = orm(this.db);
    if (subscription.cancelAtPeriodEnd) {
      await db.update(devpaySubscriptions).set({ status: 'canceled' }).where(and(eq(devpaySubscriptions.id, subscription.id), eq(devpaySubscriptions.status, 'active')));
      const delivered = await this.tryDeliver('customer.subscription.deleted', Math.min(now, subscription.currentPeriodEnd), {
        object: 'subscription',
        id: subscription.id,
        customer: subscription.customerRef,
        status: 'canceled',
        ended_at: Math.floor(subscription.currentPeriodEnd / 1000),
        metadata: JSON.parse(subscription.metadata) as Record<string, string>,
      });
      if (delivered) report.ended++;
      else {
        await this.restore(subscription);
        report.undelivered++;
      }
      return;
    }
    // A clock moved past several periods renews each of them in turn.
    let current = subscription;
    while (current.status === 'active' && current.currentPeriodEnd <= now) {
      const outcome = await this.chargeRenewal(current, now);
      if (outcome === 'undelivered') {
        report.undelivered++;
        break;
      }
      if (outcome === 'paid') report.renewed++;
      else report.failed++;
      const next = await db.select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, current.id)).get();
      if (!next || outcome !== 'paid') break;
      current = next;
    }
  }

  /** Puts a subscription back as it was before a renewal whose event was not taken. */
  private async restore(subscription: typeof devpaySubscriptions.$inferSelect): Promise<void> {
    const { id, status, currentPeriodEnd, amount, interval, metadata } = subscription;
    await orm(this.db).update(devpaySubscriptions).set({ status, currentPeriodEnd, amount, interval, metadata }).where(eq(devpaySubscriptions.id, id));
  }

  /** Charges one renewal of `subscription` (the period that starts at its current_period_end). */
  private async chargeRenewal(subscription: typeof devpaySubscriptions.$inferSelect, now: number, authenticated = false): Promise<'paid' | 'failed' | 'undelivered'> {
    const db = orm(this.db);
    const card = await db.select().from(devpayCards).where(eq(devpayCards.paymentMethodRef, subscription.paymentMethodRef)).get();
    const periodStart = subscription.currentPeriodEnd;
    // A scheduled plan switch starts with the first renewal at or after its date.
    const metadata = JSON.parse(subscription.metadata) as Record<string, unknown> & { pending_change?: { amount: number; interval: PlanInterval; at: number } };
    const change = metadata.pending_change && metadata.pending_change.at <= periodStart ? metadata.pending_change : null;
    const amount = change?.amount ?? subscription.amount;
    const interval = change?.interval ?? subscription.interval;
    if (change) delete metadata.pending_change;
    // A discount offer's cycles still to come are charged its amount; a plan switch ends it
    // (the discount was the old plan's), as a coupon on a replaced price does at Stripe.
    const cyclesLeft = Number(metadata.discount_cycles_left ?? 0);
    const discounted = !change && cyclesLeft > 0;
    if (discounted) metadata.discount_cycles_left = String(cyclesLeft - 1);
    else delete metadata.discount_cycles_left;
    const charged = discounted ? Number(metadata.discount_amount ?? 0) : amount;
    const periodEnd = addInterval(interval, periodStart);
    const invoiceId = `in_${subscription.id}_${periodStart}`;
    // The processor tries at the period's end: a clock moved past it dates the attempt then.
    // A retry (a new card on a past-due subscription) happens now.
    const attemptedAt = subscription.status === 'past_due' ? now : Math.min(now, periodStart);
    const invoice = {
      object: 'invoice',
      id: invoiceId,
      customer: subscription.customerRef,
      subscription: subscription.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: JSON.parse(subscription.metadata) as Record<string, string> } },
      billing_reason: 'subscription_cycle',
      currency: subscription.currency.toLowerCase(),
      amount_due: charged,
      ...(discounted ? { total_discount_amounts: [{ amount: amount - charged, discount: `di_${subscription.id}` }] } : {}),
      period_start: Math.floor(periodStart / 1000),
      period_end: Math.floor(periodEnd / 1000),
      lines: { object: 'list', data: [{ period: { start: Math.floor(periodStart / 1000), end: Math.floor(periodEnd / 1000) } }] },
    };
    // A zero invoice (a free month) is paid without touching the card, as at Stripe.
    if (card && (charged === 0 || renewalSucceeds(card.behaviour) || (authenticated && card.behaviour === 'authenticates_on_renewal'))) {
      await db
        .update(devpaySubscriptions)
        .set({ status: 'active', currentPeriodEnd: periodEnd, amount, interval, metadata: JSON.stringify(metadata) })
        .where(eq(devpaySubscriptions.id, subscription.id));
      if (await this.tryDeliver('invoice.paid', attemptedAt, { ...invoice, status: 'paid', amount_paid: charged, payment_intent: `pi_${invoiceId}` })) return 'paid';
      await this.restore(subscription);
      return 'undelivered';
    }
    await db.update(devpaySubscriptions).set({ status: 'past_due' }).where(eq(devpaySubscriptions.id, subscription.id));
    if (card && card.behaviour === 'authenticates_on_renewal' && !authenticated) {
      // The issuer asks the cardholder (3-D Secure 2): the invoice stays open and Stripe sends
      // invoice.payment_action_required with its hosted invoice page, where the member completes it
      // (docs/adr/0188-renewal-needing-authentication.md).
      const hostedInvoiceUrl = `${this.options.origin}${LOCAL_INVOICE_PATH}/${invoiceId}`;
      if (await this.tryDeliver('invoice.payment_action_required', attemptedAt, { ...invoice, status: 'open', amount_paid: 0, attempt_count: 1, hosted_invoice_url: hostedInvoiceUrl, payment_intent: `pi_${invoiceId}` })) return 'failed';
      await this.restore(subscription);
      return 'undelivered';
    }
    if (await this.tryDeliver('invoice.payment_failed', attemptedAt, { ...invoice, status: 'open', amount_paid: 0, attempt_count: 1 })) return 'failed';
    await this.restore(subscription);
    return 'undelivered';
  }

  /** Delivers one event; false when the handler failed or refused it (logged), for a later run to send again. */
  private tryDeliver(type: string, createdAt: number, object: Record<string, unknown>): Promise<boolean> {
    return this.tryPost(type, eventPayload(type, createdAt, object));
  }

  /** A saved card as the processor keeps it (brand, last four, expiry): never its number. */
  async savedCard(paymentMethodRef: string) {
    return (await orm(this.db).select().from(devpayCards).where(eq(devpayCards.paymentMethodRef, paymentMethodRef)).get()) ?? null;
  }

  async isPaymentActionUrl(url: string): Promise<boolean> {
    return url.startsWith(`${this.options.origin}${LOCAL_INVOICE_PATH}/`);
  }

  /**
   * The open renewal invoice `invoiceId` that waits for its cardholder: its subscription is past
   * due at that very period (in_{subscription}_{period start}); else null (paid, another period,
   * made up).
   */
  async openActionInvoice(invoiceId: string): Promise<{ subscription: typeof devpaySubscriptions.$inferSelect; amount: number } | null> {
    const match = /^in_(.+)_(\d+)$/.exec(invoiceId);
    if (!match) return null;
    const db = orm(this.db);
    const subscription = await db.select().from(devpaySubscriptions).where(eq(devpaySubscriptions.id, match[1]!)).get();
    if (!subscription || subscription.status !== 'past_due' || subscription.currentPeriodEnd !== Number(match[2])) return null;
    const card = await db.select().from(devpayCards).where(eq(devpayCards.paymentMethodRef, subscription.paymentMethodRef)).get();
    if (card?.behaviour !== 'authenticates_on_renewal') return null;
    const metadata = JSON.parse(subscription.metadata) as Record<string, unknown>;
    const cyclesLeft = Number(metadata.discount_cycles_left ?? 0);
    return { subscription, amount: cyclesLeft > 0 ? Number(metadata.discount_amount ?? 0) : subscription.amount };
  }

  /**
   * The hosted invoice page's answer: passed, the renewal is charged and invoice.paid sent (the
   * same invoice id); failed, nothing is charged and the invoice stays open (the grace period runs).
   */
  async authenticateInvoice(invoiceId: string, passed: boolean, now = Date.now()): Promise<'paid' | 'failed' | 'refused'> {
    const open = await this.openActionInvoice(invoiceId);
    if (!open) return 'refused';
    if (!passed) return 'failed';
    return (await this.chargeRenewal(open.subscription, now, true)) === 'paid' ? 'paid' : 'failed';
  }

  async verifyWebhook(rawBody: string, signatureHeader: string | null): Promise<ProviderEvent> {
    if (!signatureHeader) throw new WebhookSignatureError('No signature');
    try {
      const Stripe = await stripeSdk();
      const event = await Stripe.webhooks.constructEventAsync(rawBody, signatureHeader, this.options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS, await stripeCryptoProvider());
      return event as unknown as ProviderEvent;
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : String(error));
    }
  }

  /** Delivers one event; one the handler does not take is kept for the next billing run. */
  private async deliverOrKeep(type: string, createdAt: number, object: Record<string, unknown>): Promise<void> {
    const payload = eventPayload(type, createdAt, object);
    if (await this.tryPost(type, payload)) return;
    const id = (JSON.parse(payload) as { id: string }).id;
    await orm(this.db).insert(devpayUndeliveredEvents).values({ id, type, payload, attempts: 1, lastAttemptAt: Date.now() });
  }

  /** Sends every kept event again, the same payload (same event id: applied once); answers how many were taken. */
  async redeliverKept(now: number): Promise<number> {
    const db = orm(this.db);
    const kept = await db.select().from(devpayUndeliveredEvents).orderBy(devpayUndeliveredEvents.lastAttemptAt).limit(100).all();
    let taken = 0;
    for (const event of kept) {
      if (await this.tryPost(event.type, event.payload)) {
        await db.delete(devpayUndeliveredEvents).where(eq(devpayUndeliveredEvents.id, event.id));
        taken++;
      } else {
        await db.update(devpayUndeliveredEvents).set({ attempts: event.attempts + 1, lastAttemptAt: now }).where(eq(devpayUndeliveredEvents.id, event.id));
      }
    }
    return taken;
  }

  private async tryPost(type: string, payload: string): Promise<boolean> {
    try {
      return await this.post(type, payload);
    } catch (error) {
      logEvent({ event: 'local_webhook_failed', type, message: String(error instanceof Error ? error.message : error).slice(0, 300) }, 'error');
      return false;
    }
  }

  /** Signs (at the real time) and POSTs one event to the webhook handler. */
  private async post(type: string, payload: string): Promise<boolean> {
    const signature = await signWebhookPayload(payload, this.options.webhookSecret);
    const response = await this.options.deliver(
      new Request(`${this.options.origin}${this.options.webhookPath}`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload }),
    );
    if (!response.ok) logEvent({ event: 'local_webhook_refused', type, status: response.status }, 'error');
    return response.ok;
  }
}

/** An event of Stripe's shape, with a new event id. */
function eventPayload(type: string, createdAt: number, object: Record<string, unknown>): string {
  return JSON.stringify({ id: localRef('evt'), object: 'event', type, created: Math.floor(createdAt / 1000), livemode: false, data: { object } });
}

/** A Stripe-Signature header for `payload` (t=…,v1=…), as Stripe signs its webhooks. */
export async function signWebhookPayload(payload: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const Stripe = await stripeSdk();
  return Stripe.webhooks.generateTestHeaderStringAsync({ payload, secret, timestamp: timestampSeconds, cryptoProvider: await stripeCryptoProvider() });
}

/** The discount offer a session's metadata carries (startCheckout put it there), or null. */
export function sessionDiscount(metadataJson: string): { id: string; numCycles: number; amount: number } | null {
  const metadata = JSON.parse(metadataJson) as Record<string, string>;
  const numCycles = Number(metadata.discount_cycles);
  const amount = Number(metadata.discount_amount);
  if (!metadata.discount_id || !Number.isInteger(numCycles) || numCycles < 1 || !Number.isInteger(amount) || amount < 0) return null;
  return { id: metadata.discount_id, numCycles, amount };
}
