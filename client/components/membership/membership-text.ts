// Texts and numbers of membership screens, shared by pages and the reactivate modal
// (docs/product/1-product-screens-membership-header-search.md §9: prices are integer cents,
// formatted per currency; the card text; the reactivation text).
import { formatPrice, isPlanCurrency, PLANS, type MembershipPlanType } from '../../../shared/membership/plans.ts';

export { formatPrice };

export function money(price: { amount: number; currency: string }): string {
  return formatPrice(price.amount, isPlanCurrency(price.currency) ? price.currency : 'USD');
}

export function tierName(plan: MembershipPlanType): 'Member' | 'Friend' {
  return PLANS[plan].tier === 'FRIEND' ? 'Friend' : 'Member';
}

export function periodWord(plan: MembershipPlanType): 'monthly' | 'annually' {
  return PLANS[plan].interval === 'year' ? 'annually' : 'monthly';
}

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'Amex', jcb: 'JCB', discover: 'Discover', diners: 'Diners club', unionpay: 'China Unionpay' };

/**
 * "Visa ending in 4242 · Expires 12/2034"
 * (docs/product/1-product-screens-membership-header-search.md §9: last four digits, Expires
 * month/year).
 */
export function cardText(card: { cardType: string; lastFour: string; expirationMonth: number; expirationYear: number }): string {
  const brand = BRANDS[card.cardType.toLowerCase()] ?? card.cardType;
  return `${brand} ending in ${card.lastFour} · Expires ${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear}`;
}

/**
 * docs/product/1-product-screens-membership-header-search.md §9: "You'll be charged {price} monthly
 * or annually with this payment method".
 */
export function reactivationChargeText(price: string, plan: MembershipPlanType): string {
  return `You'll be charged ${price} ${periodWord(plan)} with this payment method`;
}

export const REQUEST_FAILED_TEXT = "We couldn't process your request, please try again.";
