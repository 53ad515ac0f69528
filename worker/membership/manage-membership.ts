// Managing one's membership (docs/product/1-product-screens-membership-header-search.md §4;
// docs/membership.md): cancel at the period's end and take that back (reactivation), switch
// plan at the period's end, and what the manage page shows of a membership — its card, the
// scheduled switch, the next charge, and which of those actions it allows.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  CANCELLATION_REASONS,
  isCancellationReason,
  RETENTION_DISCOUNT,
  retentionDiscountAmount,
  retentionDiscountCycles,
  type CancellationReason,
  type RetentionOffer,
} from '../../shared/membership/cancellation.ts';
import { addInterval, DEFAULT_CURRENCY, isPlanCurrency, isPlanType, planPrice, PLANS, type MembershipPlanType, type PlanCurrency } from '../../shared/membership/plans.ts';
import { canSwitchPlan as canSwitchPlanRule, canSwitchPlanTo } from '../../shared/membership/premium-tier.ts';
import { configuredFlags } from '../env.ts';
import { orm } from '../db/orm.ts';
import { membershipCancellations, memberships, paymentMethods, subscriptions, type MembershipRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, signInRequired } from '../context/errors.ts';
import { logEvent } from '../lib/log-context.ts';
import { membershipState } from './active-membership.ts';
import { paymentProviderFor } from './payment-provider.ts';
import { isProviderUnavailable, type PaymentMethodKind } from '../payments/provider.ts';
import { refusals, type PaymentError, type ServiceUnavailable } from '../context/outcomes.ts';

/** A membership as this capability hands it out (its row). */
export type Membership = MembershipRow;

/**
 * Card processors whose memberships can switch plan or be reactivated
 * (docs/product/1-product-screens-membership-header-search.md §4).
 */
const CARD_PROCESSORS = new Set(['STRIPE', 'BRAINTREE']);
export const REQUEST_FAILED = "We couldn't process your request, please try again.";

export interface Money {
  amount: number;
  currency: string;
}

export const money = (amount: number, currency: string): Money => ({ amount, currency });

type NotFoundAnswer = { __typename: 'NotFound'; message: string };
type BadRequestAnswer = { __typename: 'BadRequest'; message: string };

const notFound = (): NotFoundAnswer => ({ __typename: 'NotFound', message: 'No such membership.' });
export const requestFailed = (): BadRequestAnswer => ({ __typename: 'BadRequest', message: REQUEST_FAILED });

/** The payment processor's words on what it was asked (docs/outcomes.md PaymentError). */
export const PROCESSOR_REFUSED = 'The payment processor refused this change. Nothing was changed; please contact support.';
/** The payment processor could not be reached (docs/outcomes.md ServiceUnavailable). */
export const PROCESSOR_UNAVAILABLE = 'The payment processor is not answering. Nothing was changed; please try again in a few minutes.';

/** A call to the processor that failed: down (ServiceUnavailable) or refused (PaymentError). */
function processorFailed(error: unknown): ServiceUnavailable | PaymentError {
  return isProviderUnavailable(error) ? refusals.serviceUnavailable(PROCESSOR_UNAVAILABLE) : refusals.paymentError(PROCESSOR_REFUSED);
}

/** A membership's currency as a plan currency (USD for one that is not). */
const planCurrencyOf = (membership: Pick<Membership, 'currency'>): PlanCurrency => (isPlanCurrency(membership.currency) ? membership.currency : DEFAULT_CURRENCY);

async function cardOf(ctx: RequestContext, userId: string) {
  return (await orm(ctx.db).select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).get()) ?? null;
}

async function ownMembership(ctx: RequestContext, membershipId: unknown): Promise<Membership | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('manage your membership');
  if (typeof membershipId !== 'string' || membershipId === '') throw badRequest('membershipId is required.');
  const membership = await ctx.loaders.membershipByUserId.load(viewer.id);
  return membership && membership.id === membershipId ? membership : null;
}

/** Cancels the viewer's membership at the end of its paid period (cancel), or takes that back. */
export async function setCancelled(
  ctx: RequestContext,
  membershipId: unknown,
  cancel: boolean,
  /** Cancelling only: the member's answer, written in the same batch as the cancellation. */
  answer?: CancellationAnswer,
): Promise<NotFoundAnswer | BadRequestAnswer | ServiceUnavailable | PaymentError | { __typename: 'MutationSuccess'; success: true }> {
  // Refused before anything is read or written: a reason outside the spec's list.
  if (cancel && (!answer || !isCancellationReason(answer.reason))) return { __typename: 'BadRequest', message: CHOOSE_A_REASON };
  const membership = await ownMembership(ctx, membershipId);
  if (!membership) return notFound();
  const state = membershipState(membership, ctx.now);
  if (cancel ? !canCancel(membership, ctx.now) : state !== 'CANCELLED') return requestFailed();
  if (!CARD_PROCESSORS.has(membership.paymentProvider)) return requestFailed();
  const subscription = await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  if (!cancel && !(await cardOf(ctx, membership.userId))) return requestFailed();
  const offer = cancel ? await retentionOfferFor(ctx, membership) : 'NO_DISCOUNT';
  try {
    // The processor first: if it refuses, nothing of ours changes.
    if (subscription) await paymentProviderFor(ctx.env).setCancelAtPeriodEnd(subscription.subscriptionRef, cancel);
  } catch (error) {
    logEvent({ event: 'membership_cancel_failed', cancel, message: String(error) }, 'error');
    return processorFailed(error);
  }
  const database = orm(ctx.db);
  const update = database.update(memberships).set({ isCancelled: cancel }).where(and(eq(memberships.id, membership.id), eq(memberships.userId, membership.userId)));
  if (cancel && answer && isCancellationReason(answer.reason)) {
    // The cancellation and its reason are one batch: never one without the other.
    await database.batch([update, recordAnswer(ctx, membership, answer.reason, offer, false)]);
  } else await update;
  ctx.loaders.membershipByUserId.clear(membership.userId);
  logEvent({ event: cancel ? 'membership_cancelled' : 'membership_reactivated', membershipId: membership.id, ...(cancel ? { reason: answer?.reason, offer } : {}) });
  return { __typename: 'MutationSuccess', success: true };
}

export interface CancellationAnswer {
  reason: unknown;
}

export const CHOOSE_A_REASON = 'Choose one of the reasons in the list.';

/** Cancelling is possible: a card processor's membership, active or payment failed (a gift simply runs out). */
export function canCancel(membership: Membership, now: number): boolean {
  const state = membershipState(membership, now);
  return CARD_PROCESSORS.has(membership.paymentProvider) && (state === 'ACTIVE' || state === 'PAYMENT_FAILED');
}

/** Said to the second of two accepts at once, or to one after the offer was taken. */
export const RETENTION_OFFER_TAKEN = 'This offer has already been taken on this account. Nothing more was charged.';

/** No discount runs at `now` (none set, or it has ended): the retention offer may be written. */
function noDiscountRunning(now: number) {
  return or(isNull(memberships.discountEndsAt), lte(memberships.discountEndsAt, now));
}

function recordAnswer(ctx: RequestContext, membership: Membership, reason: CancellationReason, offer: RetentionOffer, accepted: boolean, id = newId()) {
  return orm(ctx.db)
    .insert(membershipCancellations)
    .values({ id, membershipId: membership.id, userId: membership.userId, reason, retentionOffer: offer, offerAccepted: accepted, createdAt: ctx.now });
}

/**
 * The offer made before a cancellation is confirmed (docs/adr/0120-cancellation-reasons-and-retention-offer.md):
 * half price for a year to a member whose payments run (ACTIVE) and who has no discount running, once
 * per account; else NO_DISCOUNT.
 */
export async function retentionOfferFor(ctx: RequestContext, membership: Membership): Promise<RetentionOffer> {
  if (!CARD_PROCESSORS.has(membership.paymentProvider) || membershipState(membership, ctx.now) !== 'ACTIVE') return 'NO_DISCOUNT';
  // A discount still running (a first membership's free months) is not replaced by a lesser one.
  if (discountEndsAtOf(membership, ctx.now) !== null) return 'NO_DISCOUNT';
  const taken = await orm(ctx.db)
    .select({ id: membershipCancellations.id })
    .from(membershipCancellations)
    .where(and(eq(membershipCancellations.userId, membership.userId), eq(membershipCancellations.offerAccepted, true)))
    .get();
  return taken ? 'NO_DISCOUNT' : 'FIFTY_PERCENT_OFF_ONE_YEAR';
}

/** The member takes the retention offer instead of cancelling: the answer is recorded, the membership runs on. */
export async function acceptRetentionOffer(
  ctx: RequestContext,
  membershipId: unknown,
  answer: CancellationAnswer,
): Promise<NotFoundAnswer | BadRequestAnswer | { __typename: 'MutationSuccess'; success: true }> {
  if (!isCancellationReason(answer.reason)) return { __typename: 'BadRequest', message: CHOOSE_A_REASON };
  const membership = await ownMembership(ctx, membershipId);
  if (!membership) return notFound();
  if ((await retentionOfferFor(ctx, membership)) !== 'FIFTY_PERCENT_OFF_ONE_YEAR') return requestFailed();
  // The offer is billed (docs/adr/0140-the-retention-offer-is-a-discount.md): the renewals of the
  // next 12 months at half the regular price, counted from the end of the period already paid.
  const numCycles = retentionDiscountCycles(PLANS[membership.plan].interval);
  const amount = retentionDiscountAmount(membership.amount);
  const endsAt = addInterval('year', membership.currentPeriodEndsAt);
  const database = orm(ctx.db);
  // Claimed before the processor is asked (docs/adr/0186-retention-accept-is-one-conditional-write.md):
  // one batch that writes the discount only while none runs and records the accepted answer, which
  // the unique index lets exist once per account. Of two accepts at once, the second batch fails
  // whole, its member is refused, and the processor is asked once.
  const answerId = newId();
  const claim = await database
    .batch([
      database
        .update(memberships)
        .set({ discountId: RETENTION_DISCOUNT.id, discountNumCycles: numCycles, discountAmount: amount, discountEndsAt: endsAt })
        .where(and(eq(memberships.id, membership.id), eq(memberships.userId, membership.userId), noDiscountRunning(ctx.now))),
      recordAnswer(ctx, membership, answer.reason, 'FIFTY_PERCENT_OFF_ONE_YEAR', true, answerId),
    ])
    .then(([update]) => update.meta.changes === 1)
    .catch((error: unknown) => {
      if (/UNIQUE constraint failed/.test(String(error))) return false;
      throw error;
    });
  if (!claim) {
    // The claim's batch wrote the answer without the discount (one ran already): take both back.
    await database.delete(membershipCancellations).where(eq(membershipCancellations.id, answerId));
    logEvent({ event: 'membership_retention_offer_refused', membershipId: membership.id, reason: 'already taken' }, 'warn');
    return { __typename: 'BadRequest', message: RETENTION_OFFER_TAKEN };
  }
  const subscription = await database.select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  try {
    if (subscription) await paymentProviderFor(ctx.env).discountSubscription(subscription.subscriptionRef, { id: RETENTION_DISCOUNT.id, numCycles, amount });
  } catch (error) {
    // The processor refused: the claim is taken back, so nothing of ours says an offer runs.
    logEvent({ event: 'membership_retention_offer_failed', message: String(error) }, 'error');
    await database.batch([
      database
        .update(memberships)
        .set({ discountId: membership.discountId, discountNumCycles: membership.discountNumCycles, discountAmount: membership.discountAmount, discountEndsAt: membership.discountEndsAt })
        .where(and(eq(memberships.id, membership.id), eq(memberships.discountId, RETENTION_DISCOUNT.id))),
      database.delete(membershipCancellations).where(eq(membershipCancellations.id, answerId)),
    ]);
    ctx.loaders.membershipByUserId.clear(membership.userId);
    return requestFailed();
  }
  ctx.loaders.membershipByUserId.clear(membership.userId);
  logEvent({ event: 'membership_retention_offer_accepted', membershipId: membership.id, reason: answer.reason });
  return { __typename: 'MutationSuccess', success: true };
}

export interface CancellationCount {
  reason: CancellationReason;
  cancelled: number;
  offerAccepted: number;
}

/** Staff: how many members gave each reason, and how many of them took the offer and stayed. */
export async function cancellationCounts(db: D1Database): Promise<CancellationCount[]> {
  const rows = await orm(db)
    .select({ reason: membershipCancellations.reason, accepted: membershipCancellations.offerAccepted, n: sql<number>`count(*)` })
    .from(membershipCancellations)
    .groupBy(membershipCancellations.reason, membershipCancellations.offerAccepted)
    .all();
  return CANCELLATION_REASONS.map((reason) => ({
    reason,
    cancelled: rows.find((r) => r.reason === reason && !r.accepted)?.n ?? 0,
    offerAccepted: rows.find((r) => r.reason === reason && r.accepted)?.n ?? 0,
  }));
}

/** Schedules the viewer's switch to `membershipType` for the end of the current period. */
export async function switchPlan(
  ctx: RequestContext,
  membershipId: unknown,
  membershipType: unknown,
): Promise<NotFoundAnswer | BadRequestAnswer | ServiceUnavailable | PaymentError | { __typename: 'UpdateMembershipPlanSuccess'; membership: Membership }> {
  const membership = await ownMembership(ctx, membershipId);
  if (!membership) return notFound();
  if (!isPlanType(membershipType) || !canSwitchPlanTo(membership.plan, membershipType, configuredFlags(ctx.env))) {
    return { __typename: 'BadRequest', message: 'Choose a different plan.' };
  }
  if (!CARD_PROCESSORS.has(membership.paymentProvider) || membership.paymentFailedAt !== null || membership.isCancelled || membershipState(membership, ctx.now) !== 'ACTIVE') {
    return requestFailed();
  }
  const database = orm(ctx.db);
  const subscription = await database.select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  if (!subscription) return requestFailed();
  const currency = planCurrencyOf(membership);
  try {
    // The processor first: if it refuses, nothing of ours changes.
    await paymentProviderFor(ctx.env).schedulePlanChange(subscription.subscriptionRef, {
      amount: planPrice(membershipType, currency),
      currency,
      interval: PLANS[membershipType].interval,
      description: `${ctx.env.PRODUCT_NAME} membership: ${PLANS[membershipType].tier === 'FRIEND' ? 'Friend' : 'Member'}`,
      at: membership.currentPeriodEndsAt,
    });
  } catch (error) {
    logEvent({ event: 'membership_plan_switch_failed', message: String(error) }, 'error');
    return processorFailed(error);
  }
  await database.update(subscriptions).set({ switchPlan: membershipType, switchPlanAt: membership.currentPeriodEndsAt }).where(eq(subscriptions.membershipId, membership.id));
  return { __typename: 'UpdateMembershipPlanSuccess', membership };
}

/** A card typed at checkout, or held by Apple Pay or Google Pay (the schema's CreditCard, ApplePayCard, GooglePayCard). */
export interface PaymentCard {
  kind: Exclude<PaymentMethodKind, 'PaypalAccount'>;
  cardType: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
}

/** The schema's PaymentMethod union: its member is the kind (docs/adr/0187-payment-methods-are-a-union.md). */
export type PaymentMethod = PaymentCard | { kind: 'PaypalAccount'; payerIdLastFour: string };

/**
 * Where the member confirms a renewal that waits for 3-D Secure, while its payment is unpaid
 * (docs/adr/0188-renewal-needing-authentication.md); null otherwise.
 */
export function paymentActionUrlOf(membership: Pick<Membership, 'paymentActionUrl' | 'paymentFailedAt'>): string | null {
  return membership.paymentFailedAt !== null ? membership.paymentActionUrl : null;
}

/** What the next charge uses (card processors only): never a card's number. */
export async function paymentMethodOf(ctx: RequestContext, membership: Membership): Promise<PaymentMethod | null> {
  if (!CARD_PROCESSORS.has(membership.paymentProvider)) return null;
  const card = await cardOf(ctx, membership.userId);
  if (!card) return null;
  // A PayPal account has no card: its payer id's last four stand in the card's column (docs/adr/0142-wallets-and-paypal.md).
  if (card.kind === 'PaypalAccount') return { kind: 'PaypalAccount', payerIdLastFour: card.last4 };
  return { kind: card.kind, cardType: card.brand, lastFour: card.last4, expirationMonth: card.expMonth, expirationYear: card.expYear };
}

export interface SwitchPlanSchedule {
  startAt: number;
  plan: { membershipType: MembershipPlanType; price: Money };
}

/** A scheduled plan switch, taking effect at startAt (the end of the current period). */
export async function switchPlanScheduleOf(ctx: RequestContext, membership: Membership): Promise<SwitchPlanSchedule | null> {
  const row = await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  if (!row?.switchPlan || row.switchPlanAt === null) return null;
  return { startAt: row.switchPlanAt, plan: { membershipType: row.switchPlan, price: money(planPrice(row.switchPlan, planCurrencyOf(membership)), membership.currency) } };
}

/** When the next charge is made; null when none will be (cancelled, ended, gift). */
export function nextChargeAt(membership: Membership, now: number): number | null {
  return CARD_PROCESSORS.has(membership.paymentProvider) && membershipState(membership, now) === 'ACTIVE' ? membership.currentPeriodEndsAt : null;
}

/** Plan switch is possible: a card processor, neither payment failed nor cancelled (shared/membership/premium-tier.ts). */
export function canSwitchPlan(membership: Pick<Membership, 'paymentProvider' | 'paymentFailedAt' | 'isCancelled'>): boolean {
  return canSwitchPlanRule(membership);
}

/** A cancelled card-processor membership with a card on file, period not over. */
export async function canReactivate(ctx: RequestContext, membership: Membership): Promise<boolean> {
  return CARD_PROCESSORS.has(membership.paymentProvider) && membershipState(membership, ctx.now) === 'CANCELLED' && (await cardOf(ctx, membership.userId)) !== null;
}

export interface MembershipPlanV2 {
  /** A discount offer still running; null when none (or it has ended). */
  discount: { id: string; numCycles: number; price: Money } | null;
  regularPrice: Money;
}

/** The discount's end when one still runs at `now`; else null. */
export function discountEndsAtOf(membership: Membership, now: number): number | null {
  return membership.discountId !== null && membership.discountEndsAt !== null && membership.discountAmount !== null && now < membership.discountEndsAt ? membership.discountEndsAt : null;
}

/**
 * planV2 (docs/product/1-product-screens-membership-header-search.md §3): the regular price,
 * and the discount with its numCycles while it runs (docs/adr/0115-discounts-are-discounted-cycles.md).
 */
export function planV2Of(membership: Membership, now: number): MembershipPlanV2 {
  const running = discountEndsAtOf(membership, now) !== null;
  return {
    regularPrice: money(membership.amount, membership.currency),
    discount: running ? { id: membership.discountId!, numCycles: membership.discountNumCycles ?? 0, price: money(membership.discountAmount!, membership.currency) } : null,
  };
}

/** What a cycle costs now: the discounted amount while a discount runs, else the regular one. */
export function currentAmountOf(membership: Membership, now: number): number {
  return discountEndsAtOf(membership, now) !== null ? membership.discountAmount! : membership.amount;
}
