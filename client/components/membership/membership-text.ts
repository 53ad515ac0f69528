// Texts and numbers of membership screens, shared by pages and the reactivate modal
// (docs/product/1-product-screens-membership-header-search.md §9: prices are integer cents,
// formatted per currency; the card text; the reactivation text).
import { formatDate } from '../../../shared/format.ts';
import { cardTypeName } from '../../../shared/membership/card-brands.ts';
import { discountedPriceText, discountName } from '../../../shared/membership/discount-text.ts';
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


/** A payment method as the schema's PaymentMethod union gives it (docs/adr/0187-payment-methods-are-a-union.md). */
export type PaymentMethodText =
  | { __typename: 'CreditCard' | 'ApplePayCard' | 'GooglePayCard'; cardType: string; lastFour: string; expirationMonth: number; expirationYear: number }
  | { __typename: 'PaypalAccount'; payerIdLastFour?: string };

/**
 * "Visa ending in 4242 · Expires 12/2034"
 * (docs/product/1-product-screens-membership-header-search.md §9: last four digits, Expires
 * month/year).
 */
export function cardText(method: PaymentMethodText): string {
  // A wallet holds a card; a PayPal account is named alone (docs/adr/0142-wallets-and-paypal.md).
  if (method.__typename === 'PaypalAccount') return 'PayPal';
  const brand = cardTypeName(method.cardType);
  if (method.__typename === 'ApplePayCard' || method.__typename === 'GooglePayCard') return `${walletName(method.__typename)} · ${brand} ending in ${method.lastFour}`;
  return `${brand} ending in ${method.lastFour} · Expires ${String(method.expirationMonth).padStart(2, '0')}/${method.expirationYear}`;
}

/** A payment method kind's name as members know it (docs/product/1-product-screens-membership-header-search.md §3 kinds). */
export function walletName(kind: string): string {
  return kind === 'ApplePayCard' ? 'Apple Pay' : kind === 'GooglePayCard' ? 'Google Pay' : kind === 'PaypalAccount' ? 'PayPal' : 'Card';
}

/** A receipt's payment method: "Visa ending in 4242", "Apple Pay · Visa ending in 4242", "PayPal". */
export function chargeMethodText(charge: { paymentMethodKind?: string | null; cardType?: string | null; lastFour?: string | null }): string | null {
  if (charge.paymentMethodKind === 'PaypalAccount') return 'PayPal';
  if (!charge.lastFour) return null;
  const card = `${cardTypeName(charge.cardType ?? 'unknown')} ending in ${charge.lastFour}`;
  return charge.paymentMethodKind === 'ApplePayCard' || charge.paymentMethodKind === 'GooglePayCard' ? `${walletName(charge.paymentMethodKind)} · ${card}` : card;
}

/**
 * docs/product/1-product-screens-membership-header-search.md §9: "You'll be charged {price} monthly
 * or annually with this payment method".
 */
export function reactivationChargeText(price: string, plan: MembershipPlanType, discount: { price: string; endsAt: number } | null = null): string {
  // A discount still running is kept through reactivation, and said: its price until it ends
  // (docs/product/1-product-screens-membership-header-search.md §9: "the discount price until start
  // plus numCycles months").
  if (discount) return `You'll be charged ${discount.price} until ${formatDate(discount.endsAt)}, then ${price} ${periodWord(plan)} with this payment method`;
  return `You'll be charged ${price} ${periodWord(plan)} with this payment method`;
}

/** "First 3 months free: $0.00/month until March 1, 2027, then $5.00/month" (shared/membership/discount-text.ts). */
export function discountText(discount: { id: string; price: { amount: number; currency: string } }, regularPrice: { amount: number; currency: string }, interval: string, endsAt: number): string {
  const name = discountName(discount.id);
  const prices = discountedPriceText(discount.price, regularPrice, interval, endsAt);
  return name ? `${name}: ${prices}` : prices;
}

/** A receipt's description: a discounted cycle names its offer ("Free month · First 3 months free"). */
export function receiptDescription(charge: { kind: string; membershipType: string; discountId?: string | null; price: { amount: number } }): string {
  const plan = charge.membershipType as MembershipPlanType;
  const base = `${charge.kind === 'GIFT' ? 'Gift membership' : 'Membership'}: ${tierName(plan)}, ${periodWord(plan)}`;
  const offer = discountName(charge.discountId);
  if (!offer) return base;
  return `${base} · ${charge.price.amount === 0 ? 'Free' : 'Discounted'} ${PLANS[plan].interval} (${offer})`;
}

export const REQUEST_FAILED_TEXT = "We couldn't process your request, please try again.";
