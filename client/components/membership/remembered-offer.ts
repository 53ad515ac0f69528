// The discount offer a reader opened (/discount?discountId=…), remembered in browser storage so
// the membership banners and the avatar menu's "Become a member" say the same discounted and
// regular price, and when the discount would end, as /discount and the checkout do
// (docs/adr/0185-banners-carry-the-opened-offer.md; docs/adr/0115-discounts-are-discounted-cycles.md).
// The worker still decides at checkout whether the offer applies: this only says what was offered.
import { discountedPrice, isDiscountOffer, offerAppliesTo, offerFirstChargeAt, planPrice, PLANS, type DiscountOffer } from '../../../shared/membership/plans.ts';
import { discountName, discountedPriceText } from '../../../shared/membership/discount-text.ts';
import { localJsonStorage, type JsonStorage } from '../toasts/browser-storage.ts';

export const REMEMBERED_OFFER_KEY = 'vellum:membershipOffer';
/** How long an opened offer is remembered: a promotion link's visit, not a standing price. */
export const REMEMBERED_OFFER_MS = 30 * 86_400_000;

/** The plan the banners and the menu sell, and the only kind an offer applies to (monthly Member). */
const OFFER_PLAN = 'MONTHLY' as const;

interface Stored {
  discountId: string;
  at: number;
}

export function rememberOffer(discountId: string, now: number = Date.now(), storage: JsonStorage = localJsonStorage()): void {
  if (!isDiscountOffer(discountId)) return;
  storage.set(REMEMBERED_OFFER_KEY, { discountId, at: now } satisfies Stored);
}

export function forgetOffer(storage: JsonStorage = localJsonStorage()): void {
  storage.remove(REMEMBERED_OFFER_KEY);
}

/** The offer opened within the last 30 days, or null (nothing stored, an unknown id, too old). */
export function rememberedOffer(now: number = Date.now(), storage: JsonStorage = localJsonStorage()): DiscountOffer | null {
  const value = storage.get<Partial<Stored> | null>(REMEMBERED_OFFER_KEY, null);
  if (!value || typeof value !== 'object' || typeof value.at !== 'number' || !isDiscountOffer(value.discountId)) return null;
  return now - value.at < REMEMBERED_OFFER_MS && offerAppliesTo(OFFER_PLAN) ? value.discountId : null;
}

/** Where the offer's plans are: its own /discount page. */
export function offerHref(offer: DiscountOffer): string {
  return `/discount?discountId=${encodeURIComponent(offer)}`;
}

/**
 * "First 3 months free: $0.00/month until March 1, 2027, then $5.00/month" for a membership taken
 * now (shared/membership/discount-text.ts: every price screen's sentence).
 */
export function offerText(offer: DiscountOffer, now: number = Date.now()): string {
  const interval = PLANS[OFFER_PLAN].interval;
  const prices = discountedPriceText(
    { amount: discountedPrice(OFFER_PLAN, offer), currency: 'USD' },
    { amount: planPrice(OFFER_PLAN), currency: 'USD' },
    interval,
    offerFirstChargeAt(offer, now),
  );
  return `${discountName(offer)}: ${prices}`;
}
