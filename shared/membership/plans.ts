// Membership plans and prices: the one configuration both sides read (the worker charges
// these amounts; pages show them). Prices are integer cents per currency and never come
// from the client: a checkout names a plan, the worker looks its price up here.
// docs/product/3-routes-data-calls-constants.md §9 (config: plan ids, discount ids, grace period).

export const MEMBERSHIP_PLAN_TYPES = ['MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY'] as const;
export type MembershipPlanType = (typeof MEMBERSHIP_PLAN_TYPES)[number];

export const PLAN_CURRENCIES = ['USD', 'CAD'] as const;
export type PlanCurrency = (typeof PLAN_CURRENCIES)[number];
export const DEFAULT_CURRENCY: PlanCurrency = 'USD';

export type PlanTier = 'MEMBER' | 'FRIEND';
export type PlanInterval = 'month' | 'year';

export interface PlanDefinition {
  type: MembershipPlanType;
  tier: PlanTier;
  interval: PlanInterval;
  /** Integer cents per period, per currency. */
  prices: Record<PlanCurrency, number>;
}

export const PLANS: Record<MembershipPlanType, PlanDefinition> = {
  MONTHLY: { type: 'MONTHLY', tier: 'MEMBER', interval: 'month', prices: { USD: 500, CAD: 700 } },
  YEARLY: { type: 'YEARLY', tier: 'MEMBER', interval: 'year', prices: { USD: 5000, CAD: 7000 } },
  PREMIUM_MONTHLY: { type: 'PREMIUM_MONTHLY', tier: 'FRIEND', interval: 'month', prices: { USD: 1500, CAD: 2100 } },
  PREMIUM_YEARLY: { type: 'PREMIUM_YEARLY', tier: 'FRIEND', interval: 'year', prices: { USD: 15000, CAD: 21000 } },
};

/**
 * Discount offers: the configuration's "discount ids" (docs/product/3-routes-data-calls-constants.md §9:
 * one, three and six months free). An offer is a discount of `percentOff` on the first `numCycles`
 * billing cycles (planV2.discount.numCycles, docs/product/1-product-screens-membership-header-search.md §3);
 * after them the regular price is charged (docs/adr/0115-discounts-are-discounted-cycles.md).
 */
export const DISCOUNT_OFFERS = {
  ONE_MONTH_FREE: { numCycles: 1, percentOff: 100 },
  THREE_MONTHS_FREE: { numCycles: 3, percentOff: 100 },
  SIX_MONTHS_FREE: { numCycles: 6, percentOff: 100 },
} as const;
export type DiscountOffer = keyof typeof DISCOUNT_OFFERS;

/**
 * Days a member keeps access after a renewal charge failed, while the card can still be
 * updated (config "grace period in days"; the number is our decision, docs/membership.md).
 */
export const GRACE_PERIOD_DAYS = 14;
export const DAY_MS = 86_400_000;
export const GRACE_PERIOD_MS = GRACE_PERIOD_DAYS * DAY_MS;

export function isPlanType(value: unknown): value is MembershipPlanType {
  return typeof value === 'string' && (MEMBERSHIP_PLAN_TYPES as readonly string[]).includes(value);
}

export function isPlanCurrency(value: unknown): value is PlanCurrency {
  return typeof value === 'string' && (PLAN_CURRENCIES as readonly string[]).includes(value);
}

/** The price of one period of a plan, in integer cents. */
export function planPrice(type: MembershipPlanType, currency: PlanCurrency = DEFAULT_CURRENCY): number {
  return PLANS[type].prices[currency];
}

/** The end of a period of `type` that starts at `from` (calendar months and years, UTC). */
export function periodEnd(type: MembershipPlanType, from: number): number {
  return addInterval(PLANS[type].interval, from);
}

/** "$5.00", "CA$7.00": integer cents formatted for the currency. */
export function formatPrice(cents: number, currency: PlanCurrency, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * The visitor banner's weekly price: the yearly price / 52, rounded UP to a quarter
 * (docs/product/1-product-screens-membership-header-search.md §4), in cents.
 */
export function weeklyPriceCents(currency: PlanCurrency = DEFAULT_CURRENCY): number {
  return Math.ceil(planPrice('YEARLY', currency) / 52 / 25) * 25;
}

/** One billing interval after `from` (calendar month or year, UTC). */
export function addInterval(interval: PlanInterval, from: number): number {
  const date = new Date(from);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

export function isDiscountOffer(value: unknown): value is DiscountOffer {
  return typeof value === 'string' && Object.hasOwn(DISCOUNT_OFFERS, value);
}

/**
 * Whether an offer applies to a plan: monthly plans only (docs/product/1-product-screens-membership-header-search.md
 * §9 speaks of "a discounted monthly plan"; free months of a yearly plan would be a different price).
 */
export function offerAppliesTo(plan: MembershipPlanType): boolean {
  return PLANS[plan].interval === 'month';
}

/**
 * When an offer's discount ends (discountEndsAt): its start plus numCycles calendar months (UTC),
 * as docs/product/1-product-screens-membership-header-search.md §9 says ("the discount price until
 * start plus numCycles months"). The first charge at the regular price falls then.
 */
export function offerFirstChargeAt(offer: DiscountOffer, from: number): number {
  let at = from;
  for (let i = 0; i < DISCOUNT_OFFERS[offer].numCycles; i++) at = addInterval('month', at);
  return at;
}

/** The price of one discounted cycle of `type` under `offer`, in integer cents. */
export function discountedPrice(type: MembershipPlanType, offer: DiscountOffer, currency: PlanCurrency = DEFAULT_CURRENCY): number {
  return Math.round((planPrice(type, currency) * (100 - DISCOUNT_OFFERS[offer].percentOff)) / 100);
}
