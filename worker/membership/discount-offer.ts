// Which discount offer a checkout gets (docs/membership.md "Discount offers"): the one the
// configuration names (MEMBERSHIP_DISCOUNT_OFFER), on a monthly plan, for an account that has
// never had a membership. The client never names an offer: /plans shows what this decides.
import { isDiscountOffer, offerAppliesTo, type DiscountOffer, type MembershipPlanType } from '../../shared/membership/plans.ts';
import type { Env } from '../env.ts';

export function configuredDiscountOffer(env: Pick<Env, 'MEMBERSHIP_DISCOUNT_OFFER'>): DiscountOffer | null {
  const value = env.MEMBERSHIP_DISCOUNT_OFFER?.trim();
  return isDiscountOffer(value) ? value : null;
}

/** The offer a buyer gets for `plan`: none on yearly plans, none for a former member. */
export function discountOfferFor(offer: DiscountOffer | null, plan: MembershipPlanType, hadMembership: boolean): DiscountOffer | null {
  return offer !== null && offerAppliesTo(plan) && !hadMembership ? offer : null;
}
