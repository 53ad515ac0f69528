// Membership over GraphQL (docs/product/1-product-screens-membership-header-search.md §3, §4, §7;
// docs/membership.md): the plans and prices of configuration, the viewer's membership with its
// card, plan switch schedule and what it may do, cancel and uncancelMembership, receipts, gift
// code checks and redemption (rate-limited per viewer and per address).
import { membershipState } from '../../membership/active-membership.ts';
import { viewerCharge, viewerCharges } from '../../membership/billing-history.ts';
import { checkGiftCode, redeemGift, viewerGroupGifts } from '../../membership/gift-redemption.ts';
import {
  acceptRetentionOffer,
  canCancel,
  canReactivate,
  retentionOfferFor,
  canSwitchPlan,
  currentAmountOf,
  discountEndsAtOf,
  planV2Of,
  nextChargeAt,
  paymentActionUrlOf,
  paymentMethodOf,
  setCancelled,
  switchPlan,
  switchPlanScheduleOf,
  type Membership,
} from '../../membership/manage-membership.ts';
import { planOffers, weeklyPrice } from '../../membership/plan-offers.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { ViewerEdgeSource } from '../resolvers/viewer-edges.ts';
import type { SchemaModule } from './schema-module.ts';

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
    "The discount offer a checkout now would apply for this viewer (a first membership, monthly plans); null when none."
    discount: MembershipPlanOfferDiscount
    "Every discount id this viewer could take on this plan: the /discount page shows the one its link names."
    discounts: [MembershipPlanOfferDiscount!]!
  }

  "A discount offer on a plan: the discount id the checkout form sends, its cycles and price, and when it would end."
  type MembershipPlanOfferDiscount {
    id: String!
    numCycles: Int!
    price: Money!
    endsAt: Long!
  }

  "A running discount: numCycles cycles at price (docs/adr/0115-discounts-are-discounted-cycles.md)."
  type MembershipDiscount {
    id: String!
    numCycles: Int!
    price: Money!
  }

  "The membership's plan: its regular price, and the discount while one runs."
  type MembershipPlanV2 {
    discount: MembershipDiscount
    regularPrice: Money!
  }

  "Payment method kinds (docs/product/1-product-screens-membership-header-search.md §3; docs/adr/0142-wallets-and-paypal.md)."
  enum PaymentMethodKind {
    CreditCard
    ApplePayCard
    GooglePayCard
    PaypalAccount
  }

  """
  What pays a membership, as the contract's payment method kinds (docs/product/1-product-screens-membership-header-search.md §3;
  docs/adr/0187-payment-methods-are-a-union.md): a card, a card held by Apple Pay or Google Pay, or a PayPal account.
  Never a card's number.
  """
  union PaymentMethod = CreditCard | ApplePayCard | GooglePayCard | PaypalAccount

  "A card typed at checkout."
  type CreditCard {
    "CreditCard; kept for clients that read the kind before the union (docs/adr/0187-payment-methods-are-a-union.md)."
    kind: PaymentMethodKind! @deprecated(reason: "Use __typename.")
    cardType: String!
    lastFour: String!
    expirationMonth: Int!
    expirationYear: Int!
  }

  "A card held by Apple Pay: the card's brand, last four and expiry."
  type ApplePayCard {
    "ApplePayCard; kept for clients that read the kind before the union."
    kind: PaymentMethodKind! @deprecated(reason: "Use __typename.")
    cardType: String!
    lastFour: String!
    expirationMonth: Int!
    expirationYear: Int!
  }

  "A card held by Google Pay: the card's brand, last four and expiry."
  type GooglePayCard {
    "GooglePayCard; kept for clients that read the kind before the union."
    kind: PaymentMethodKind! @deprecated(reason: "Use __typename.")
    cardType: String!
    lastFour: String!
    expirationMonth: Int!
    expirationYear: Int!
  }

  "A PayPal account: no card, no expiry."
  type PaypalAccount {
    "PaypalAccount; kept for clients that read the kind before the union."
    kind: PaymentMethodKind! @deprecated(reason: "Use __typename.")
    "The last four characters of the PayPal payer id (to tell two accounts apart)."
    payerIdLastFour: String!
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
    "The regular price, and the discount with its numCycles while one runs."
    planV2: MembershipPlanV2!
    "When the running discount ends (start plus numCycles months); null when none runs."
    discountEndsAt: Long
    "What the next charge uses (card processors only)."
    paymentMethod: PaymentMethod
    """
    A renewal waits for the member's 3-D Secure authentication: the processor's page where the member
    confirms it; null otherwise (docs/adr/0188-renewal-needing-authentication.md).
    """
    paymentActionUrl: String
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
    "Cancelling is possible: a card processor's membership, active or payment failed (a gift runs out by itself)."
    canCancel: Boolean!
    "The offer made before a cancellation is confirmed (docs/adr/0120-cancellation-reasons-and-retention-offer.md)."
    retentionOffer: RetentionOffer!
  }

  "Why a member cancels (docs/product/3-routes-data-calls-constants.md §4)."
  enum CancellationReason {
    CONTENT
    COSTS
    DUPLICATE_ACCOUNTS
    FEATURE_USAGE
    PREMIUM_TIER
    SWITCHING_PRODUCT
    TIME
    OTHER
  }

  "What a member is offered to stay (docs/product/3-routes-data-calls-constants.md §4)."
  enum RetentionOffer {
    FIFTY_PERCENT_OFF_ONE_YEAR
    NO_DISCOUNT
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
    "What paid it; null when nothing is known (a gift's charge of an older record)."
    paymentMethodKind: PaymentMethodKind
    "The discount id this charge was made under (a free month is a charge of 0); null for a regular one."
    discountId: String
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

  "One recipient of a group gift: whether their code was redeemed (never the code)."
  type GroupGiftRecipient {
    email: String!
    redeemedAt: Long
  }

  "A group gift (gift type 31): one purchase, a membership for each recipient."
  type GroupGift {
    id: ID!
    membershipType: MembershipPlan!
    createdAt: Long!
    recipients: [GroupGiftRecipient!]!
  }

  type GiftMembershipRedeemed {
    message: String!
    membership: Membership!
  }

  "The plan switch is scheduled: membership.switchPlanSchedule says when."
  type UpdateMembershipPlanSuccess {
    membership: Membership!
  }

  union UpdateMembershipPlanResult = UpdateMembershipPlanSuccess | NotFound | BadRequest | PaymentError | ServiceUnavailable
  union UncancelMembershipResult = MutationSuccess | NotFound | BadRequest | PaymentError | ServiceUnavailable
  union CancelMembershipResult = MutationSuccess | NotFound | BadRequest | PaymentError | ServiceUnavailable
  union GiftCodeCheckResult = GiftCodeCheck | TooManyRequests
  union RedeemGiftResult = GiftMembershipRedeemed | GiftCodeCheck | BadRequest | TooManyRequests

  type Query {
    "The plans and their prices in a currency (USD when absent)."
    membershipPlans(currency: Currency, discountId: String): [MembershipPlanOffer!]!
    "The visitor banner's weekly price: yearly / 52, rounded up to 0.25."
    membershipWeeklyPrice(currency: Currency): Money!
    "Viewer only: one of the viewer's charges (a receipt); null for anyone else's."
    billingReceipt(chargeId: ID!): BillingCharge
    "Viewer only: the viewer's charges, newest first."
    billingHistory: [BillingCharge!]
    "Checks a gift code (rate-limited)."
    giftCodeCheck(code: String!): GiftCodeCheckResult!
    "Viewer only: the group gifts the viewer gave, newest first, with which were redeemed; null when signed out."
    groupGifts: [GroupGift!]
  }

  type Mutation {
    "Cancels at the end of the paid period, recording why: benefits are kept until currentPeriodEndsAt."
    cancelMembership(membershipId: ID!, reason: CancellationReason!): CancelMembershipResult!
    "The member takes the retention offer instead of cancelling; the reason is recorded."
    acceptRetentionOffer(membershipId: ID!, reason: CancellationReason!): CancelMembershipResult!
    "Reactivation: the next billing cycle starts at currentPeriodEndsAt."
    uncancelMembership(membershipId: ID!): UncancelMembershipResult!
    "Redeems a gift code: the viewer becomes a member for the gifted period (rate-limited)."
    redeemGiftCode(code: String!): RedeemGiftResult!
    "Switches plan at the end of the current period (card processors, neither failed nor cancelled)."
    updateMembershipPlan(membershipId: ID!, membershipType: MembershipPlan!): UpdateMembershipPlanResult!
  }
`;

export const membershipModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      membershipPlans: (_: unknown, args: { currency?: string | null; discountId?: string | null }, ctx: RequestContext) =>
        planOffers(ctx, args.currency, args.discountId ? String(args.discountId).slice(0, 64) : null),
      membershipWeeklyPrice: (_: unknown, args: { currency?: string | null }) => weeklyPrice(args.currency),
      billingReceipt: (_: unknown, args: { chargeId: string }, ctx: RequestContext) => viewerCharge(ctx, String(args.chargeId)),
      billingHistory: (_: unknown, _args: unknown, ctx: RequestContext) => viewerCharges(ctx),
      giftCodeCheck: (_: unknown, args: { code: string }, ctx: RequestContext) => checkGiftCode(ctx, String(args.code ?? '')),
      groupGifts: (_: unknown, _args: unknown, ctx: RequestContext) => viewerGroupGifts(ctx),
    },
    Mutation: {
      cancelMembership: (_: unknown, args: { membershipId: string; reason: string }, ctx: RequestContext) => setCancelled(ctx, args.membershipId, true, { reason: args.reason }),
      acceptRetentionOffer: (_: unknown, args: { membershipId: string; reason: string }, ctx: RequestContext) => acceptRetentionOffer(ctx, args.membershipId, { reason: args.reason }),
      uncancelMembership: (_: unknown, args: { membershipId: string }, ctx: RequestContext) => setCancelled(ctx, args.membershipId, false),
      updateMembershipPlan: (_: unknown, args: { membershipId: string; membershipType: string }, ctx: RequestContext) => switchPlan(ctx, args.membershipId, args.membershipType),
      redeemGiftCode: (_: unknown, args: { code: string }, ctx: RequestContext) => redeemGift(ctx, String(args.code ?? '')),
    },
    Membership: {
      paymentMethod: (membership: Membership, _args: unknown, ctx: RequestContext) => paymentMethodOf(ctx, membership),
      paymentActionUrl: (membership: Membership) => paymentActionUrlOf(membership),
      planV2: (membership: Membership, _args: unknown, ctx: RequestContext) => planV2Of(membership, ctx.now),
      discountEndsAt: (membership: Membership, _args: unknown, ctx: RequestContext) => discountEndsAtOf(membership, ctx.now),
      amount: (membership: Membership, _args: unknown, ctx: RequestContext) => currentAmountOf(membership, ctx.now),
      switchPlanSchedule: (membership: Membership, _args: unknown, ctx: RequestContext) => switchPlanScheduleOf(ctx, membership),
      state: (membership: Membership, _args: unknown, ctx: RequestContext) => membershipState(membership, ctx.now),
      nextChargeAt: (membership: Membership, _args: unknown, ctx: RequestContext) => nextChargeAt(membership, ctx.now),
      canSwitchPlan: (membership: Membership) => canSwitchPlan(membership),
      canReactivate: (membership: Membership, _args: unknown, ctx: RequestContext) => canReactivate(ctx, membership),
      canCancel: (membership: Membership, _args: unknown, ctx: RequestContext) => canCancel(membership, ctx.now),
      retentionOffer: (membership: Membership, _args: unknown, ctx: RequestContext) => retentionOfferFor(ctx, membership),
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
    PaymentMethod: { __resolveType: (value: { kind: string }) => value.kind },
  },
};
