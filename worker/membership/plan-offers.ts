// The plans /plans offers and their prices, from configuration (shared/membership/plans.ts):
// only the tiers this deployment sells, with the months free that the checkout will give this
// viewer (worker/membership/discount-offer.ts), and the visitor banner's weekly price.
import { DEFAULT_CURRENCY, DISCOUNT_OFFERS, isPlanCurrency, MEMBERSHIP_PLAN_TYPES, planPrice, PLANS, weeklyPriceCents, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { isPlanOffered } from '../../shared/membership/premium-tier.ts';
import { configuredFlags } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';
import { configuredDiscountOffer, discountOfferFor } from './discount-offer.ts';
import { money, type Money } from './manage-membership.ts';

export interface PlanOffer {
  membershipType: MembershipPlanType;
  tier: string;
  /** month or year */
  interval: string;
  price: Money;
  /** Months free at the start under the configured discount offer, for this viewer; null when none. */
  freeMonths: number | null;
}

/** The offered plans priced in `currency` (USD when it is not a plan currency). */
export async function planOffers(ctx: RequestContext, requestedCurrency: string | null | undefined): Promise<PlanOffer[]> {
  const currency = isPlanCurrency(requestedCurrency) ? requestedCurrency : DEFAULT_CURRENCY;
  // The same decision as the checkout's (worker/membership/discount-offer.ts): what /plans
  // promises is what the processor is asked for.
  const configured = configuredDiscountOffer(ctx.env);
  const hadMembership = configured !== null && ctx.viewer.user ? (await ctx.loaders.membershipByUserId.load(ctx.viewer.user.id)) != null : false;
  const flags = configuredFlags(ctx.env);
  return MEMBERSHIP_PLAN_TYPES.filter((type) => isPlanOffered(type, flags)).map((type) => {
    const offer = discountOfferFor(configured, type, hadMembership);
    return { membershipType: type, tier: PLANS[type].tier, interval: PLANS[type].interval, price: money(planPrice(type, currency), currency), freeMonths: offer ? DISCOUNT_OFFERS[offer].freeMonths : null };
  });
}

/** The visitor banner's weekly price: yearly / 52, rounded up to 0.25 (USD when `currency` is not a plan currency). */
export function weeklyPrice(requestedCurrency: string | null | undefined): Money {
  const currency = isPlanCurrency(requestedCurrency) ? requestedCurrency : DEFAULT_CURRENCY;
  return money(weeklyPriceCents(currency), currency);
}
