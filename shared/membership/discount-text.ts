// What every screen that shows a discounted price says (docs/product/1-product-screens-membership-header-search.md
// §9: "discounted monthly plans show the discount price until start plus numCycles months"): the
// discounted price, the date the discount ends, and the regular price after it. One place, so
// /plans, /discount, the checkout, the manage page, the reactivation modal and the banners agree.
import { formatDate } from '../format.ts';
import { RETENTION_DISCOUNT } from './cancellation.ts';
import { DISCOUNT_OFFERS, formatPrice, isDiscountOffer, isPlanCurrency, type PlanCurrency } from './plans.ts';

/** Why /discount was shown after a refused checkout: ?discountRefused=unknown|not-applicable. */
export const DISCOUNT_REFUSED_PARAM = 'discountRefused';

export const UNKNOWN_DISCOUNT_MESSAGE = "This offer doesn't exist. Nothing was charged: choose a plan below at its regular price, or check the link you followed.";
export const DISCOUNT_NOT_APPLICABLE_MESSAGE = 'This offer is for a first membership on a monthly plan. Nothing was charged: choose a plan below at its regular price.';

export interface PriceAmount {
  amount: number;
  currency: string;
}

const priceText = (price: PriceAmount) => formatPrice(price.amount, isPlanCurrency(price.currency) ? price.currency : ('USD' as PlanCurrency));

/** "First 3 months free" (the offer's name as a buyer reads it); null for an unknown id. */
export function discountName(discountId: string | null | undefined): string | null {
  // The retention offer, taken instead of cancelling (docs/adr/0140-the-retention-offer-is-a-discount.md).
  if (discountId === RETENTION_DISCOUNT.id) return `${RETENTION_DISCOUNT.percentOff}% off for a year`;
  if (!isDiscountOffer(discountId)) return null;
  const { numCycles, percentOff } = DISCOUNT_OFFERS[discountId];
  const months = numCycles === 1 ? 'month' : `${numCycles} months`;
  return percentOff === 100 ? `First ${months} free` : `${percentOff}% off the first ${months}`;
}

/**
 * "$0.00/month until March 1, 2027, then $5.00/month": the discounted price until the discount
 * ends (start plus numCycles months), then the regular one.
 */
export function discountedPriceText(discountPrice: PriceAmount, regularPrice: PriceAmount, interval: string, endsAt: number): string {
  return `${priceText(discountPrice)}/${interval} until ${formatDate(endsAt)}, then ${priceText(regularPrice)}/${interval}`;
}
