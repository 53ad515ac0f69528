// The plans /plans offers and their prices, from configuration (shared/membership/plans.ts):
// only the tiers this deployment sells, with the months free that the checkout will give this
// viewer (worker/membership/discount-offer.ts), and the visitor banner's weekly price.
import {
  DEFAULT_CURRENCY,
  DISCOUNT_OFFERS,
  discountedPrice,
  isDiscountOffer,
  type DiscountOffer,
  isPlanCurrency,
  MEMBERSHIP_PLAN_TYPES,
  offerFirstChargeAt,
  planPrice,
  PLANS,
  weeklyPriceCents,
  type MembershipPlanType,
} from '../../shared/membership/plans.ts';
import { isPlanOffered } from '../../shared/membership/premium-tier.ts';
import { configuredFlags } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';
import { configuredDiscountOffer, discountOfferFor } from './discount-offer.ts';
import { money, type Money } from './manage-membership.ts';

const DISCOUNT_OFFER_IDS = Object.keys(DISCOUNT_OFFERS) as DiscountOffer[];

export interface PlanOffer {
  membershipType: MembershipPlanType;
  tier: string;
  /** month or year */
  interval: string;
  price: Money;
  /** The discount offer the checkout will apply for this viewer; null when none. */
  discount: PlanOfferDiscount | null;
  /** Every discount id this viewer could take on this plan (the /discount page shows the one its link names). */
  discounts: PlanOfferDiscount[];
}

export interface PlanOfferDiscount {
  /** The discount id the checkout form sends back. */
  id: string;
  numCycles: number;
  price: Money;
  /** When the discount would end for a checkout now (start plus numCycles months). */
  endsAt: number;
}

/**
 * The offered plans priced in `currency` (USD when it is not a plan currency), under the offer
 * `discountId` names (a /discount link) or else the configured one. An unknown id offers nothing
 * (the /discount page says so).
 */
export async function planOffers(ctx: RequestContext, requestedCurrency: string | null | undefined, discountId: string | null = null): Promise<PlanOffer[]> {
  const currency = isPlanCurrency(requestedCurrency) ? requestedCurrency : DEFAULT_CURRENCY;
  // The same decision as the checkout's (worker/membership/discount-offer.ts): what /plans
  // promises is what the processor is asked for.
  const configured = discountId ? (isDiscountOffer(discountId) ? discountId : null) : configuredDiscountOffer(ctx.env);
  const hadMembership = configured !== null && ctx.viewer.user ? (await ctx.loaders.membershipByUserId.load(ctx.viewer.user.id)) != null : false;
  const flags = configuredFlags(ctx.env);
  const hadAny = configured !== null ? hadMembership : ctx.viewer.user ? (await ctx.loaders.membershipByUserId.load(ctx.viewer.user.id)) != null : false;
  const discountOf = (type: MembershipPlanType, offer: DiscountOffer): PlanOfferDiscount => ({
    id: offer,
    numCycles: DISCOUNT_OFFERS[offer].numCycles,
    price: money(discountedPrice(type, offer, currency), currency),
    endsAt: offerFirstChargeAt(offer, ctx.now),
  });
  return MEMBERSHIP_PLAN_TYPES.filter((type) => isPlanOffered(type, flags)).map((type) => {
    const offer = discountOfferFor(configured, type, hadMembership);
    return {
      membershipType: type,
      tier: PLANS[type].tier,
      interval: PLANS[type].interval,
      price: money(planPrice(type, currency), currency),
      discount: offer ? discountOf(type, offer) : null,
      discounts: DISCOUNT_OFFER_IDS.filter((id) => discountOfferFor(id, type, hadAny) !== null).map((id) => discountOf(type, id)),
    };
  });
}

/** The visitor banner's weekly price: yearly / 52, rounded up to 0.25 (USD when `currency` is not a plan currency). */
export function weeklyPrice(requestedCurrency: string | null | undefined): Money {
  const currency = isPlanCurrency(requestedCurrency) ? requestedCurrency : DEFAULT_CURRENCY;
  return money(weeklyPriceCents(currency), currency);
}
