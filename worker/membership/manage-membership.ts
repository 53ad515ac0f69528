// Managing one's membership (docs/product/1-product-screens-membership-header-search.md §4;
// docs/membership.md): cancel at the period's end and take that back (reactivation), switch
// plan at the period's end, and what the manage page shows of a membership — its card, the
// scheduled switch, the next charge, and which of those actions it allows.
import { and, eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY, isPlanCurrency, isPlanType, planPrice, PLANS, type MembershipPlanType, type PlanCurrency } from '../../shared/membership/plans.ts';
import { canSwitchPlanTo } from '../../shared/membership/premium-tier.ts';
import { configuredFlags } from '../env.ts';
import { orm } from '../db/orm.ts';
import { memberships, paymentMethods, subscriptions, type MembershipRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, signInRequired } from '../context/errors.ts';
import { logEvent } from '../lib/log-context.ts';
import { membershipState } from './active-membership.ts';
import { paymentProviderFor } from './payment-provider.ts';

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
export async function setCancelled(ctx: RequestContext, membershipId: unknown, cancel: boolean): Promise<NotFoundAnswer | BadRequestAnswer | { __typename: 'MutationSuccess'; success: true }> {
  const membership = await ownMembership(ctx, membershipId);
  if (!membership) return notFound();
  const state = membershipState(membership, ctx.now);
  if (cancel ? state !== 'ACTIVE' && state !== 'PAYMENT_FAILED' : state !== 'CANCELLED') return requestFailed();
  if (!CARD_PROCESSORS.has(membership.paymentProvider)) return requestFailed();
  const subscription = await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  if (!cancel && !(await cardOf(ctx, membership.userId))) return requestFailed();
  try {
    // The processor first: if it refuses, nothing of ours changes.
    if (subscription) await paymentProviderFor(ctx.env).setCancelAtPeriodEnd(subscription.subscriptionRef, cancel);
  } catch (error) {
    logEvent({ event: 'membership_cancel_failed', cancel, message: String(error) }, 'error');
    return requestFailed();
  }
  await orm(ctx.db).update(memberships).set({ isCancelled: cancel }).where(and(eq(memberships.id, membership.id), eq(memberships.userId, membership.userId)));
  ctx.loaders.membershipByUserId.clear(membership.userId);
  logEvent({ event: cancel ? 'membership_cancelled' : 'membership_reactivated', membershipId: membership.id });
  return { __typename: 'MutationSuccess', success: true };
}

/** Schedules the viewer's switch to `membershipType` for the end of the current period. */
export async function switchPlan(
  ctx: RequestContext,
  membershipId: unknown,
  membershipType: unknown,
): Promise<NotFoundAnswer | BadRequestAnswer | { __typename: 'UpdateMembershipPlanSuccess'; membership: Membership }> {
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
    return requestFailed();
  }
  await database.update(subscriptions).set({ switchPlan: membershipType, switchPlanAt: membership.currentPeriodEndsAt }).where(eq(subscriptions.membershipId, membership.id));
  return { __typename: 'UpdateMembershipPlanSuccess', membership };
}

export interface CreditCard {
  cardType: string;
  lastFour: string;
  expirationMonth: number;
  expirationYear: number;
}

/** The card the next charge uses (card processors only): never its number. */
export async function paymentMethodOf(ctx: RequestContext, membership: Membership): Promise<CreditCard | null> {
  if (!CARD_PROCESSORS.has(membership.paymentProvider)) return null;
  const card = await cardOf(ctx, membership.userId);
  return card ? { cardType: card.brand, lastFour: card.last4, expirationMonth: card.expMonth, expirationYear: card.expYear } : null;
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

/** Plan switch is possible: a card processor, neither payment failed nor cancelled. */
export function canSwitchPlan(membership: Pick<Membership, 'paymentProvider' | 'paymentFailedAt' | 'isCancelled'>): boolean {
  return CARD_PROCESSORS.has(membership.paymentProvider) && membership.paymentFailedAt === null && !membership.isCancelled;
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
