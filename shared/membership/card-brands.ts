// Card types as the contract names them (docs/product/1-product-screens-membership-header-search.md
// §3: "Visa, Mastercard, Amex, JCB, Discover, Diners club, Carte Blanche, China Unionpay, Elo,
// Laser, UK Maestro, Maestro, Solo, Switch, unknown"), and how a processor's brand string maps to
// one: Stripe's (`visa`, `amex`, `diners`, `unionpay`, …) and Braintree's ("American Express",
// "Diners Club", "UK Maestro", …). The manage page, the reactivation modal and receipts show these names.

export const CARD_TYPES = [
  'Visa',
  'Mastercard',
  'Amex',
  'JCB',
  'Discover',
  'Diners club',
  'Carte Blanche',
  'China Unionpay',
  'Elo',
  'Laser',
  'UK Maestro',
  'Maestro',
  'Solo',
  'Switch',
  'unknown',
] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** A processor's brand, lower-cased with spaces, dashes and underscores removed → the contract's card type. */
const BY_KEY: Record<string, CardType> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'Amex',
  americanexpress: 'Amex',
  jcb: 'JCB',
  discover: 'Discover',
  diners: 'Diners club',
  dinersclub: 'Diners club',
  carteblanche: 'Carte Blanche',
  unionpay: 'China Unionpay',
  chinaunionpay: 'China Unionpay',
  elo: 'Elo',
  laser: 'Laser',
  ukmaestro: 'UK Maestro',
  maestro: 'Maestro',
  solo: 'Solo',
  switch: 'Switch',
  unknown: 'unknown',
};

/** The contract's card type for a processor's brand; 'unknown' for anything else. */
export function cardTypeOf(brand: string | null | undefined): CardType {
  return BY_KEY[(brand ?? '').toLowerCase().replace(/[\s_-]/g, '')] ?? 'unknown';
}

/** How a card type reads in a sentence: "Visa", "China Unionpay"; an unknown type reads "Card". */
export function cardTypeName(brand: string | null | undefined): string {
  const type = cardTypeOf(brand);
  return type === 'unknown' ? 'Card' : type;
}
