// What a verified payment event changes in our tables, whichever provider sent it (both speak
// Stripe's event shapes). Each event's writes go in ONE D1 batch (one transaction) together
// with the row that remembers the event id, so an event is applied entirely or not at all,
// and a redelivery (same id) is refused by that row's primary key.
import type { D1Database } from '@cloudflare/workers-types';
import type { BatchItem } from 'drizzle-orm/batch';
import { and, eq, isNull } from 'drizzle-orm';
import { DISCOUNT_OFFERS, isDiscountOffer, isPlanType, offerFirstChargeAt, periodEnd, planPrice, PLANS, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { orm } from '../db/orm.ts';
import { charges, checkouts, memberships, paymentMethods, subscriptions, webhookEvents } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { PaymentProvider, ProviderEvent } from '../payments/provider.ts';
import { createGiftCodes, type GiftCodeIssued } from './gift-codes.ts';

export interface AppliedEvent {
  /** false when the event was applied before (a redelivery). */
  applied: boolean;
  /** Gifts bought by this event (several for a group gift): each code goes to its recipient by mail after the commit. */
  gifts?: GiftCodeIssued[];
  /** A renewal waiting for the member's authentication: the member is told by mail after the commit. */
  actionRequired?: PaymentActionRequired;
}

/** A renewal the member must confirm with 3-D Secure (docs/adr/0188-renewal-needing-authentication.md). */
export interface PaymentActionRequired {
  userId: string;
  amount: number;
  currency: string;
  /** Where the member confirms it (the processor's hosted invoice page). */
  url: string;
}

type Statement = BatchItem<'sqlite'>;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An invoice's subscription id, in the current API shape (parent.subscription_details) or the older one. */
function invoiceSubscription(invoice: Record<string, unknown>): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  return str(parent?.subscription_details?.subscription) ?? str(invoice.subscription);
}

export async function applyPaymentEvent(db: D1Database, provider: PaymentProvider, event: ProviderEvent, now: number): Promise<AppliedEvent> {
  const database = orm(db);
  const seen = await database.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).get();
  if (seen) return { applied: false };
  const remember = database.insert(webhookEvents).values({ id: event.id, type: event.type, receivedAt: now });
  const object = event.data.object;
  const at = (num(event.created) ?? Math.floor(now / 1000)) * 1000;

  let statements: Statement[] = [];
  let gifts: GiftCodeIssued[] | undefined;
  let actionRequired: PaymentActionRequired | undefined;
  switch (event.type) {
    case 'checkout.session.completed': {
      const result = await checkoutCompleted(db, provider, str(object.id) ?? '', at);
      statements = result.statements;
      gifts = result.gifts;
      break;
    }
    case 'invoice.paid':
      // The first invoice of a subscription is paid inside its checkout (handled above).
      if (object.billing_reason !== 'subscription_create') statements = await renewalPaid(db, object, at);
      break;
    case 'invoice.payment_failed':
      statements = await renewalFailed(db, object, at);
      break;
    case 'invoice.payment_action_required': {
      // A renewal (not a checkout's first invoice, whose challenge the checkout shows).
      if (object.billing_reason === 'subscription_create') break;
      const result = await renewalNeedsAuthentication(db, provider, object, at);
      statements = result.statements;
      actionRequired = result.actionRequired;
      break;
    }
    case 'customer.subscription.deleted':
      statements = await subscriptionEnded(db, object, at);
      break;
    default:
      break; // Acknowledged and remembered; nothing of ours changes.
  }
  try {
    await database.batch([remember, ...statements] as [Statement, ...Statement[]]);
  } catch (error) {
    // Two deliveries of one event at once: the second batch meets the first's event row.
    if (/UNIQUE constraint failed: webhook_events/.test(String(error))) return { applied: false };
    throw error;
  }
  return { applied: true, gifts, ...(actionRequired ? { actionRequired } : {}) };
}

async function checkoutCompleted(db: D1Database, provider: PaymentProvider, sessionRef: string, at: number): Promise<{ statements: Statement[]; gifts?: GiftCodeIssued[] }> {
  const database = orm(db);
  const checkout = await database.select().from(checkouts).where(eq(checkouts.providerRef, sessionRef)).get();
  if (!checkout || checkout.status !== 'OPEN') return { statements: [] };
  const completed = await provider.completedCheckout(sessionRef);
  const statements: Statement[] = [database.update(checkouts).set({ status: 'COMPLETE' }).where(and(eq(checkouts.id, checkout.id), eq(checkouts.status, 'OPEN')))];
  const card = completed.card;
  if (card) {
    const values = {
      customerRef: completed.customerRef,
      paymentMethodRef: card.paymentMethodRef,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      kind: card.kind,
      updatedAt: at,
    };
    statements.push(database.insert(paymentMethods).values({ userId: checkout.userId, ...values }).onConflictDoUpdate({ target: paymentMethods.userId, set: values }));
  }
  const plan = checkout.plan as MembershipPlanType;
  const chargeId = newId();
  const charge = (membershipId: string | null, kind: 'MEMBERSHIP' | 'GIFT') =>
    database.insert(charges).values({
      id: chargeId,
      userId: checkout.userId,
      membershipId,
      kind,
      plan,
      currency: checkout.currency,
      amount: checkout.amount,
      status: 'SUCCEEDED',
      providerRef: completed.paymentRef ?? `${sessionRef}:payment`,
      cardBrand: card?.brand ?? null,
      cardLast4: card?.last4 ?? null,
      paymentMethodKind: card?.kind ?? null,
      discountId: checkout.discountId,
      createdAt: at,
    });

  if (checkout.kind === 'MEMBERSHIP') {
    if (!completed.subscriptionRef) throw new Error(`checkout ${checkout.id} completed without a subscription`);
    const existing = await database.select().from(memberships).where(eq(memberships.userId, checkout.userId)).get();
    const membershipId = existing?.id ?? newId();
    const tier = PLANS[plan].tier;
    const currency = checkout.currency as 'USD' | 'CAD';
    // Under a discount offer the membership's amount is the regular price; the discount's own
    // price, cycles and end are kept beside it (docs/adr/0115-discounts-are-discounted-cycles.md).
    const offer = isDiscountOffer(checkout.discountId) ? checkout.discountId : null;
    const row = {
      tier,
      plan,
      paymentProvider: 'STRIPE' as const,
      currency,
      amount: offer ? planPrice(plan, currency) : checkout.amount,
      discountId: offer,
      discountNumCycles: offer ? DISCOUNT_OFFERS[offer].numCycles : null,
      discountAmount: offer ? checkout.amount : null,
      discountEndsAt: offer ? offerFirstChargeAt(offer, at) : null,
      startedAt: at,
      currentPeriodEndsAt: completed.currentPeriodEnd ?? periodEnd(plan, at),
      isCancelled: false,
      paymentFailedAt: null,
      friendSince: tier === 'FRIEND' ? at : null,
    };
    statements.push(
      existing
        ? database.update(memberships).set(row).where(eq(memberships.id, membershipId))
        : database.insert(memberships).values({ id: membershipId, userId: checkout.userId, ...row }),
      database.delete(subscriptions).where(eq(subscriptions.membershipId, membershipId)),
      database.insert(subscriptions).values({ membershipId, subscriptionRef: completed.subscriptionRef }),
      // The first cycle, discounted under an offer (a free month is a receipt of 0).
      charge(membershipId, 'MEMBERSHIP'),
    );
    return { statements };
  }
  if (checkout.kind === 'GIFT') {
    const issued = await createGiftCodes(checkout, chargeId, at);
    statements.push(charge(null, 'GIFT'), ...issued.map((gift) => gift.statement(database)));
    return { statements, gifts: issued };
  }
  // PAYMENT_METHOD: the new card becomes the membership's; a failed renewal is retried by the
  // provider (its result arrives as invoice.paid or invoice.payment_failed).
  const membership = await database.select().from(memberships).where(eq(memberships.userId, checkout.userId)).get();
  const subscription = membership ? await database.select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get() : undefined;
  if (subscription && card) await provider.updateSubscriptionCard(subscription.subscriptionRef, card.paymentMethodRef);
  return { statements };
}

async function membershipBySubscription(db: D1Database, subscriptionRef: string | null) {
  if (!subscriptionRef) return null;
  const database = orm(db);
  const row = await database
    .select({ membership: memberships, subscription: subscriptions })
    .from(subscriptions)
    .innerJoin(memberships, eq(memberships.id, subscriptions.membershipId))
    .where(eq(subscriptions.subscriptionRef, subscriptionRef))
    .get();
  return row ?? null;
}

async function renewalPaid(db: D1Database, invoice: Record<string, unknown>, at: number): Promise<Statement[]> {
  const found = await membershipBySubscription(db, invoiceSubscription(invoice));
  if (!found) return [];
  const database = orm(db);
  const { membership, subscription } = found;
  const line = (invoice.lines as { data?: { period?: { end?: unknown } }[] } | undefined)?.data?.[0];
  const endSeconds = num(line?.period?.end) ?? num(invoice.period_end);
  // A scheduled plan switch takes effect with the first renewal period starting at or after
  // its date (compared in whole seconds: event times are seconds, ours milliseconds).
  const periodStartSeconds = num(invoice.period_start) ?? Math.floor(at / 1000);
  const switching =
    subscription.switchPlan && isPlanType(subscription.switchPlan) && Math.floor((subscription.switchPlanAt ?? 0) / 1000) <= periodStartSeconds ? subscription.switchPlan : null;
  const plan = switching ?? membership.plan;
  const amount = num(invoice.amount_paid) ?? membership.amount;
  // A discounted cycle: the receipt names the offer, and the membership keeps its regular amount.
  // The processor says so on the invoice (total_discount_amounts, as Stripe's invoices carry a
  // coupon's discount); dates are not compared, as a moved billing clock shifts them apart.
  const discounts = invoice.total_discount_amounts as { amount?: unknown }[] | undefined;
  const discounted = !switching && membership.discountId !== null && Array.isArray(discounts) && discounts.some((d) => (num(d.amount) ?? 0) > 0);
  const card = await database.select().from(paymentMethods).where(eq(paymentMethods.userId, membership.userId)).get();
  return [
    database
      .update(memberships)
      .set({
        currentPeriodEndsAt: endSeconds !== null ? endSeconds * 1000 : periodEnd(plan, membership.currentPeriodEndsAt),
        paymentFailedAt: null,
        // Paid: an authentication it waited for is done.
        paymentActionUrl: null,
        plan,
        tier: PLANS[plan].tier,
        ...(discounted ? {} : { amount }),
        // A plan switch ends a running discount (it was the old plan's).
        ...(switching ? { discountId: null, discountNumCycles: null, discountAmount: null, discountEndsAt: null } : {}),
        ...(switching && PLANS[plan].tier === 'FRIEND' && membership.tier !== 'FRIEND' ? { friendSince: at } : {}),
      })
      .where(eq(memberships.id, membership.id)),
    ...(switching ? [database.update(subscriptions).set({ switchPlan: null, switchPlanAt: null }).where(eq(subscriptions.membershipId, membership.id))] : []),
    database
      .insert(charges)
      .values({
        id: newId(),
        userId: membership.userId,
        membershipId: membership.id,
        kind: 'MEMBERSHIP',
        plan,
        currency: membership.currency,
        amount,
        status: 'SUCCEEDED',
        providerRef: str(invoice.id) ?? `invoice:${at}`,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        paymentMethodKind: card?.kind ?? null,
        discountId: discounted ? membership.discountId : null,
        createdAt: at,
      })
      .onConflictDoNothing(),
  ];
}

async function renewalFailed(db: D1Database, invoice: Record<string, unknown>, at: number): Promise<Statement[]> {
  const found = await membershipBySubscription(db, invoiceSubscription(invoice));
  if (!found) return [];
  const database = orm(db);
  const { membership } = found;
  const card = await database.select().from(paymentMethods).where(eq(paymentMethods.userId, membership.userId)).get();
  return [
    // The first failure starts the grace period; retries that fail again do not extend it.
    database.update(memberships).set({ paymentFailedAt: at }).where(and(eq(memberships.id, membership.id), isNull(memberships.paymentFailedAt))),
    database
      .insert(charges)
      .values({
        id: newId(),
        userId: membership.userId,
        membershipId: membership.id,
        kind: 'MEMBERSHIP',
        plan: membership.plan,
        currency: membership.currency,
        amount: num(invoice.amount_due) ?? membership.amount,
        status: 'FAILED',
        providerRef: `${str(invoice.id) ?? 'invoice'}:failed:${at}`,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        paymentMethodKind: card?.kind ?? null,
        createdAt: at,
      })
      .onConflictDoNothing(),
  ];
}

/**
 * A renewal waiting for the member's 3-D Secure authentication (Stripe's
 * invoice.payment_action_required; docs/adr/0188-renewal-needing-authentication.md): nothing was
 * charged or declined, but the period is unpaid, so the grace period starts as for a failed
 * payment (its first day only: a repeated event does not extend it), and the membership keeps
 * where the member confirms the payment until an invoice is paid. The mail goes after the commit.
 */
async function renewalNeedsAuthentication(
  db: D1Database,
  provider: PaymentProvider,
  invoice: Record<string, unknown>,
  at: number,
): Promise<{ statements: Statement[]; actionRequired?: PaymentActionRequired }> {
  const found = await membershipBySubscription(db, invoiceSubscription(invoice));
  const url = str(invoice.hosted_invoice_url);
  if (!found || !url || !(await provider.isPaymentActionUrl(url))) return { statements: [] };
  const { membership } = found;
  const database = orm(db);
  return {
    statements: [
      database.update(memberships).set({ paymentFailedAt: at }).where(and(eq(memberships.id, membership.id), isNull(memberships.paymentFailedAt))),
      database.update(memberships).set({ paymentActionUrl: url }).where(eq(memberships.id, membership.id)),
    ],
    actionRequired: { userId: membership.userId, amount: num(invoice.amount_due) ?? membership.amount, currency: membership.currency, url },
  };
}

async function subscriptionEnded(db: D1Database, subscription: Record<string, unknown>, at: number): Promise<Statement[]> {
  const found = await membershipBySubscription(db, str(subscription.id));
  if (!found) return [];
  const endedAt = (num(subscription.ended_at) ?? Math.floor(at / 1000)) * 1000;
  return [
    orm(db)
      .update(memberships)
      .set({ isCancelled: true, currentPeriodEndsAt: Math.min(found.membership.currentPeriodEndsAt, endedAt) })
      .where(eq(memberships.id, found.membership.id)),
  ];
}
