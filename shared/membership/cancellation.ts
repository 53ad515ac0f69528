// Cancelling with a reason, and the retention offer made before it is confirmed
// (docs/product/3-routes-data-calls-constants.md §4: "Cancellation reasons: content, costs,
// duplicate accounts, feature usage, premium tier, switching product, time, other. Retention
// offers: FIFTY_PERCENT_OFF_ONE_YEAR, NO_DISCOUNT"; docs/adr/0120-cancellation-reasons-and-retention-offer.md).
// Both sides read this list: the cancel page draws it, the worker refuses anything else.
import type { PlanInterval } from './plans.ts';

export const CANCELLATION_REASONS = ['CONTENT', 'COSTS', 'DUPLICATE_ACCOUNTS', 'FEATURE_USAGE', 'PREMIUM_TIER', 'SWITCHING_PRODUCT', 'TIME', 'OTHER'] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export const RETENTION_OFFERS = ['FIFTY_PERCENT_OFF_ONE_YEAR', 'NO_DISCOUNT'] as const;
export type RetentionOffer = (typeof RETENTION_OFFERS)[number];

/** What the member reads beside each reason, in the spec's order. */
export const CANCELLATION_REASON_TEXT: Record<CancellationReason, string> = {
  CONTENT: "I'm not finding stories I want to read",
  COSTS: 'It costs too much',
  DUPLICATE_ACCOUNTS: 'I have more than one account',
  FEATURE_USAGE: "I don't use the member features",
  PREMIUM_TIER: "The Friend tier isn't worth it to me",
  SWITCHING_PRODUCT: "I'm switching to another product",
  TIME: "I don't have time to read",
  OTHER: 'Something else',
};

export const isCancellationReason = (value: unknown): value is CancellationReason =>
  typeof value === 'string' && (CANCELLATION_REASONS as readonly string[]).includes(value);

/** The offer's words (a member sees them before confirming). */
export const RETENTION_OFFER_HEADING = 'Before you go: 50% off for a year';
export const RETENTION_OFFER_TEXT = 'Stay a member and pay half price for the next 12 months.';

/**
 * What the retention offer bills (docs/adr/0140-the-retention-offer-is-a-discount.md): half the regular
 * price for the cycles of the next 12 months (twelve monthly cycles, or one yearly cycle), from the
 * next renewal on; the regular price after. It rides on the discount machinery of
 * docs/adr/0115-discounts-are-discounted-cycles.md, but is no discount id a checkout may name.
 */
export const RETENTION_DISCOUNT = { id: 'FIFTY_PERCENT_OFF_ONE_YEAR', percentOff: 50, months: 12 } as const;

/** How many cycles of `interval` the retention offer discounts. */
export const retentionDiscountCycles = (interval: PlanInterval): number => (interval === 'year' ? 1 : RETENTION_DISCOUNT.months);

/** One discounted cycle's price under the retention offer, in integer cents. */
export const retentionDiscountAmount = (regularAmount: number): number => Math.round((regularAmount * (100 - RETENTION_DISCOUNT.percentOff)) / 100);
