// Membership over GraphQL (docs/product/1-product-screens-membership-header-search.md §3, §4, §7;
// docs/membership.md): the plans and prices of configuration, the viewer's membership with its
// card, plan switch schedule and what it may do, cancel and uncancelMembership, receipts, gift
// code checks and redemption (rate-limited per viewer and per address).
import { configuredDiscountOffer, discountOfferFor } from '../../membership/discount-offer.ts';
import { and, desc, eq } from 'drizzle-orm';
import { GIFT_CODE_MESSAGES } from '../../../shared/membership/gift-code-status.ts';
import { DEFAULT_CURRENCY, DISCOUNT_OFFERS, isPlanCurrency, isPlanType, MEMBERSHIP_PLAN_TYPES, planPrice, PLANS, weeklyPriceCents } from '../../../shared/membership/plans.ts';
import { canSwitchPlanTo, isPlanOffered } from '../../../shared/membership/premium-tier.ts';
import { clientAddress } from '../../auth/client-address.ts';
import { configuredFlags } from '../../env.ts';
import { hit, type Limit } from '../../auth/rate-limit.ts';
import { orm } from '../../db/orm.ts';
import { charges, memberships, paymentMethods, subscriptions, type MembershipRow } from '../../db/schema.ts';
import { membershipState } from '../../membership/active-membership.ts';
import { giftCodeStatus, redeemGiftCode } from '../../membership/gift-codes.ts';
import { paymentProviderFor } from '../../membership/payment-provider.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { badRequest, signInRequired } from '../../context/errors.ts';
import type { ViewerEdgeSource } from '../resolvers/viewer-edges.ts';
import type { SchemaModule } from './schema-module.ts';
import { logEvent } from '../../lib/log-context.ts';

const MINUTE = 60_000;
/** Gift code guesses: per viewer and per client address (codes carry 100 random bits; this keeps guessing pointless and cheap for us). */
export const GIFT_CODE_LIMITS = {
  perViewer: { name: 'gift-code:user', max: 10, windowMs: 15 * MINUTE },
  perAddress: { name: 'gift-code:address', max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * Card processors whose memberships can switch plan or be reactivated
 * (docs/product/1-product-screens-membership-header-search.md §4).
 */
const CARD_PROCESSORS = new Set(['STRIPE', 'BRAINTREE']);
const REQUEST_FAILED = "We couldn't process your request, please try again.";

const typeDefs = /* GraphQL */ `
  "A price: integer cents in a currency."
  type Money {
    amount: Int!
    currency: Currency!
  }

  "A plan offered on /plans, priced from configuration."
  type MembershipPlanOffer {
    membershipType: MembershipPlan!
    tier: MembershipTier!
    "month or year"
    interval: String!
    price: Money!
    "Months free at the start under the configured discount offer, for this viewer (a first membership, monthly plans); null when none."
    freeMonths: Int
  }

  "A card on file: never its number."
  type CreditCard {
    cardType: String!
    lastFour: String!
    expirationMonth: Int!
    expirationYear: Int!
  }

  type SwitchPlan {
    membershipType: MembershipPlan!
    price: Money!
  }

  "A plan switch that takes effect at startAt (the end of the current period)."
  type SwitchPlanSchedule {
    startAt: Long!
    plan: SwitchPlan!
  }

  type Membership {
    "The card the next charge uses (card processors only)."
    paymentMethod: CreditCard
    "A scheduled plan switch; it wins over the current type when shown."
    switchPlanSchedule: SwitchPlanSchedule
    "ACTIVE, CANCELLED, PAYMENT_FAILED, GRACE_EXPIRED or ENDED (docs/membership.md)."
    state: String!
    "When the next charge is made; null when none will be (cancelled, ended, gift)."
    nextChargeAt: Long
    "Plan switch is possible: a card processor, neither payment failed nor cancelled."
    canSwitchPlan: Boolean!
    "A cancelled card-processor membership with a card on file, period not over."
    canReactivate: Boolean!
  }

  type UserViewerEdge {
    "The viewer's own membership (on the viewer's own user only)."
    membership: Membership
  }

  type MutationSuccess {
    success: Boolean!
  }

  "A charge of the viewer's billing history."
  type BillingCharge {
    id: ID!
    kind: String!
    membershipType: MembershipPlan!
    price: Money!
    "SUCCEEDED or FAILED"
    status: String!
    cardType: String
    lastFour: String
    createdAt: Long!
  }

  enum GiftCodeStatus {
    VALID
    ALREADY_USED
    EXPIRED
    NOT_FOUND
  }

  type GiftCodeCheck {
    status: GiftCodeStatus!
    message: String!
    membershipType: MembershipPlan
  }

  type GiftMembershipRedeemed {
    message: String!
    membership: Membership!
  }

  "The plan switch is scheduled: membership.switchPlanSchedule says when."
  type UpdateMembershipPlanSuccess {
    membership: Membership!
  }

  union UpdateMembershipPlanResult = UpdateMembershipPlanSuccess | NotFound | BadRequest
  union UncancelMembershipResult = MutationSuccess | NotFound | BadRequest
  union CancelMembershipResult = MutationSuccess | NotFound | BadRequest
  union GiftCodeCheckResult = GiftCodeCheck | TooManyRequests
  union RedeemGiftResult = GiftMembershipRedeemed | GiftCodeCheck | BadRequest | TooManyRequests

  type Query {
    "The plans and their prices in a currency (USD when absent)."
    membershipPlans(currency: Currency): [MembershipPlanOffer!]!
    "The visitor banner's weekly price: yearly / 52, rounded up to 0.25."
    membershipWeeklyPrice(currency: Currency): Money!
    "Viewer only: one of the viewer's charges (a receipt); null for anyone else's."
    billingReceipt(chargeId: ID!): BillingCharge
    "Viewer only: the viewer's charges, newest first."
    billingHistory: [BillingCharge!]
    "Checks a gift code (rate-limited)."
    giftCodeCheck(code: String!): GiftCodeCheckResult!
  }

  type Mutation {
    "Cancels at the end of the paid period: benefits are kept until currentPeriodEndsAt."
    cancelMembership(membershipId: ID!): CancelMembershipResult!
    "Reactivation: the next billing cycle starts at currentPeriodEndsAt."
    uncancelMembership(membershipId: ID!): UncancelMembershipResult!
    "Redeems a gift code: the viewer becomes a member for the gifted period (rate-limited)."
    redeemGiftCode(code: String!): RedeemGiftResult!
    "Switches plan at the end of the current period (card processors, neither failed nor cancelled)."
    updateMembershipPlan(membershipId: ID!, membershipType: MembershipPlan!): UpdateMembershipPlanResult!
  }
`;

const money = (amount: number, currency: string) => ({ amount, currency });

async function cardOf(ctx: RequestContext, userId: string) {
  return (await orm(ctx.db).select().from(paymentMethods).where(eq(paymentMethods.userId, userId)).get()) ?? null;
}

async function ownMembership(ctx: RequestContext, membershipId: unknown): Promise<MembershipRow | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('manage your membership');
  if (typeof membershipId !== 'string' || membershipId === '') throw badRequest('membershipId is required.');
  const membership = await ctx.loaders.membershipByUserId.load(viewer.id);
  return membership && membership.id === membershipId ? membership : null;
}

const notFound = () => ({ __typename: 'NotFound', message: 'No such membership.' });
const failed = () => ({ __typename: 'BadRequest', message: REQUEST_FAILED });

async function setCancelled(ctx: RequestContext, membershipId: unknown, cancel: boolean) {
  const membership = await ownMembership(ctx, membershipId);
  if (!membership) return notFound();
  const state = membershipState(membership, ctx.now);
  if (cancel ? state !== 'ACTIVE' && state !== 'PAYMENT_FAILED' : state !== 'CANCELLED') return failed();
  if (!CARD_PROCESSORS.has(membership.paymentProvider)) return failed();
  const subscription = await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  if (!cancel && !(await cardOf(ctx, membership.userId))) return failed();
  try {
    // The processor first: if it refuses, nothing of ours changes.
    if (subscription) await paymentProviderFor(ctx.env).setCancelAtPeriodEnd(subscription.subscriptionRef, cancel);
  } catch (error) {
    logEvent({ event: 'membership_cancel_failed', cancel, message: String(error) }, 'error');
    return failed();
  }
  await orm(ctx.db).update(memberships).set({ isCancelled: cancel }).where(and(eq(memberships.id, membership.id), eq(memberships.userId, membership.userId)));
  ctx.loaders.membershipByUserId.clear(membership.userId);
  logEvent({ event: cancel ? 'membership_cancelled' : 'membership_reactivated', membershipId: membership.id });
  return { __typename: 'MutationSuccess', success: true };
}

async function switchPlan(ctx: RequestContext, membershipId: unknown, membershipType: unknown) {
  const membership = await ownMembership(ctx, membershipId);
  if (!membership) return notFound();
  if (!isPlanType(membershipType) || !canSwitchPlanTo(membership.plan, membershipType, configuredFlags(ctx.env))) {
    return { __typename: 'BadRequest', message: 'Choose a different plan.' };
  }
  if (!CARD_PROCESSORS.has(membership.paymentProvider) || membership.paymentFailedAt !== null || membership.isCancelled || membershipState(membership, ctx.now) !== 'ACTIVE') {
    return failed();
  }
  const database = orm(ctx.db);
  const subscription = await database.select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
  if (!subscription) return failed();
  const currency = isPlanCurrency(membership.currency) ? membership.currency : DEFAULT_CURRENCY;
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
    return failed();
  }
  await database.update(subscriptions).set({ switchPlan: membershipType, switchPlanAt: membership.currentPeriodEndsAt }).where(eq(subscriptions.membershipId, membership.id));
  return { __typename: 'UpdateMembershipPlanSuccess', membership };
}

async function limited(ctx: RequestContext): Promise<{ __typename: 'TooManyRequests'; message: string } | null> {
  const subjects: [Limit, string][] = [[GIFT_CODE_LIMITS.perAddress, clientAddress(ctx.request)]];
  if (ctx.viewer.user) subjects.push([GIFT_CODE_LIMITS.perViewer, ctx.viewer.user.id]);
  for (const [limit, subject] of subjects) {
    const state = await hit(ctx.db, limit, subject, ctx.now);
    if (!state.allowed) return { __typename: 'TooManyRequests', message: 'Too many gift code attempts. Please try again later.' };
  }
  return null;
}

function chargeNode(row: typeof charges.$inferSelect) {
  return {
    id: row.id,
    kind: row.kind,
    membershipType: row.plan,
    price: money(row.amount, row.currency),
    status: row.status,
    cardType: row.cardBrand,
    lastFour: row.cardLast4,
    createdAt: row.createdAt,
  };
}

export const membershipModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      membershipPlans: async (_: unknown, args: { currency?: string | null }, ctx: RequestContext) => {
        const currency = isPlanCurrency(args.currency) ? args.currency : DEFAULT_CURRENCY;
        // The same decision as the checkout's (worker/membership/discount-offer.ts): what /plans
        // promises is what the processor is asked for.
        const configured = configuredDiscountOffer(ctx.env);
        const hadMembership = configured !== null && ctx.viewer.user ? (await ctx.loaders.membershipByUserId.load(ctx.viewer.user.id)) != null : false;
        const flags = configuredFlags(ctx.env);
        return MEMBERSHIP_PLAN_TYPES.filter((type) => isPlanOffered(type, flags)).map((type) => {
          const offer = discountOfferFor(configured, type, hadMembership);
          return { membershipType: type, tier: PLANS[type].tier, interval: PLANS[type].interval, price: money(planPrice(type, currency), currency), freeMonths: offer ? DISCOUNT_OFFERS[offer].freeMonths : null };
        });
      },
      membershipWeeklyPrice: (_: unknown, args: { currency?: string | null }) => {
        const currency = isPlanCurrency(args.currency) ? args.currency : DEFAULT_CURRENCY;
        return money(weeklyPriceCents(currency), currency);
      },
      billingReceipt: async (_: unknown, args: { chargeId: string }, ctx: RequestContext) => {
        const viewer = ctx.viewer.user;
        if (!viewer) return null;
        const row = await orm(ctx.db).select().from(charges).where(and(eq(charges.id, String(args.chargeId)), eq(charges.userId, viewer.id))).get();
        return row ? chargeNode(row) : null;
      },
      billingHistory: async (_: unknown, _args: unknown, ctx: RequestContext) => {
        const viewer = ctx.viewer.user;
        if (!viewer) return null;
        const rows = await orm(ctx.db).select().from(charges).where(eq(charges.userId, viewer.id)).orderBy(desc(charges.createdAt)).limit(100).all();
        return rows.map(chargeNode);
      },
      giftCodeCheck: async (_: unknown, args: { code: string }, ctx: RequestContext) => {
        const refused = await limited(ctx);
        if (refused) return refused;
        const { status, plan } = await giftCodeStatus(ctx.db, String(args.code ?? '').slice(0, 64), ctx.now);
        return { __typename: 'GiftCodeCheck', status, message: GIFT_CODE_MESSAGES[status], membershipType: plan };
      },
    },
    Mutation: {
      cancelMembership: (_: unknown, args: { membershipId: string }, ctx: RequestContext) => setCancelled(ctx, args.membershipId, true),
      uncancelMembership: (_: unknown, args: { membershipId: string }, ctx: RequestContext) => setCancelled(ctx, args.membershipId, false),
      updateMembershipPlan: (_: unknown, args: { membershipId: string; membershipType: string }, ctx: RequestContext) => switchPlan(ctx, args.membershipId, args.membershipType),
      redeemGiftCode: async (_: unknown, args: { code: string }, ctx: RequestContext) => {
        const viewer = ctx.viewer.user;
        if (!viewer) throw signInRequired('redeem a gift');
        const refused = await limited(ctx);
        if (refused) return refused;
        // A running paid membership keeps being billed by its processor: a gift would not
        // replace it, so it waits until that membership has ended (docs/membership.md "Gifts").
        const current = await ctx.loaders.membershipByUserId.load(viewer.id);
        const currentState = current ? membershipState(current, ctx.now) : null;
        const paid = current !== null && current !== undefined && current.paymentProvider !== 'MEDIUM_GIFT';
        if (paid && (currentState === 'ACTIVE' || currentState === 'CANCELLED' || currentState === 'PAYMENT_FAILED')) {
          return { __typename: 'BadRequest', message: 'You already have a paid membership. Redeem this gift once it has ended, or pass it on to someone else.' };
        }
        const code = String(args.code ?? '').slice(0, 64);
        // A paid membership whose payment failed and whose grace is over is still a past-due
        // subscription at the processor: left alone, a later retry would charge the card and
        // take the membership back, and its deletion would cut the gift short. The gift
        // replaces it: the processor ends it first (only for a code that is valid now), then
        // the gift and the unlinking are written together (docs/membership.md "Gifts").
        const pastDue = paid && currentState === 'GRACE_EXPIRED' ? await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, current.id)).get() : undefined;
        if (pastDue) {
          const check = await giftCodeStatus(ctx.db, code, ctx.now);
          if (check.status !== 'VALID') return { __typename: 'GiftCodeCheck', status: check.status, message: GIFT_CODE_MESSAGES[check.status], membershipType: null };
          try {
            await paymentProviderFor(ctx.env).endSubscriptionNow(pastDue.subscriptionRef);
          } catch (error) {
            logEvent({ event: 'gift_past_due_end_failed', message: String(error) }, 'error');
            return failed();
          }
        }
        const outcome = await redeemGiftCode(ctx.db, viewer.id, code, ctx.now, { unlinkSubscription: pastDue !== undefined });
        if (outcome.status !== 'VALID') return { __typename: 'GiftCodeCheck', status: outcome.status, message: GIFT_CODE_MESSAGES[outcome.status], membershipType: null };
        ctx.loaders.membershipByUserId.clear(viewer.id);
        const membership = await ctx.loaders.membershipByUserId.load(viewer.id);
        return { __typename: 'GiftMembershipRedeemed', message: 'Your gift membership has started. Enjoy reading.', membership };
      },
    },
    Membership: {
      paymentMethod: async (membership: MembershipRow, _args: unknown, ctx: RequestContext) => {
        if (!CARD_PROCESSORS.has(membership.paymentProvider)) return null;
        const card = await cardOf(ctx, membership.userId);
        return card ? { cardType: card.brand, lastFour: card.last4, expirationMonth: card.expMonth, expirationYear: card.expYear } : null;
      },
      switchPlanSchedule: async (membership: MembershipRow, _args: unknown, ctx: RequestContext) => {
        const row = await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, membership.id)).get();
        if (!row?.switchPlan || row.switchPlanAt === null) return null;
        return { startAt: row.switchPlanAt, plan: { membershipType: row.switchPlan, price: money(planPrice(row.switchPlan, isPlanCurrency(membership.currency) ? membership.currency : DEFAULT_CURRENCY), membership.currency) } };
      },
      state: (membership: MembershipRow, _args: unknown, ctx: RequestContext) => membershipState(membership, ctx.now),
      nextChargeAt: (membership: MembershipRow, _args: unknown, ctx: RequestContext) =>
        CARD_PROCESSORS.has(membership.paymentProvider) && membershipState(membership, ctx.now) === 'ACTIVE' ? membership.currentPeriodEndsAt : null,
      canSwitchPlan: (membership: MembershipRow) => CARD_PROCESSORS.has(membership.paymentProvider) && membership.paymentFailedAt === null && !membership.isCancelled,
      canReactivate: async (membership: MembershipRow, _args: unknown, ctx: RequestContext) =>
        CARD_PROCESSORS.has(membership.paymentProvider) && membershipState(membership, ctx.now) === 'CANCELLED' && (await cardOf(ctx, membership.userId)) !== null,
    },
    UserViewerEdge: {
      membership: async (edge: ViewerEdgeSource, _args: unknown, ctx: RequestContext) => {
        const viewer = ctx.viewer.user;
        if (!viewer || edge.key !== `USER:${viewer.id}`) return null;
        return ctx.loaders.membershipByUserId.load(viewer.id);
      },
    },
    UpdateMembershipPlanResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    UncancelMembershipResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    CancelMembershipResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    GiftCodeCheckResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    RedeemGiftResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
