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


/**
 * "Visa ending in 4242 · Expires 12/2034"
 * (docs/product/1-product-screens-membership-header-search.md §9: last four digits, Expires
 * month/year).
 */
export function cardText(card: { kind?: string; cardType: string; lastFour: string; expirationMonth: number; expirationYear: number }): string {
  const brand = cardTypeName(card.cardType);
  // A wallet holds a card; a PayPal account is named alone (docs/adr/0142-wallets-and-paypal.md).
  if (card.kind === 'PaypalAccount') return 'PayPal';
  if (card.kind === 'ApplePayCard' || card.kind === 'GooglePayCard') return `${walletName(card.kind)} · ${brand} ending in ${card.lastFour}`;
  return `${brand} ending in ${card.lastFour} · Expires ${String(card.expirationMonth).padStart(2, '0')}/${card.expirationYear}`;
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
