// Card types (docs/product/1-product-screens-membership-header-search.md §3): every one of the
// fifteen is named, Stripe's and Braintree's brand strings map to them, the local provider's test
// cards carry brands that map, and the card text says so.
import { describe, expect, it } from 'vitest';
import { CARD_TYPES, cardTypeName, cardTypeOf } from '../../../shared/membership/card-brands.ts';
import { cardText } from '../../../client/components/membership/membership-text.ts';
import { cardOutcome } from '../../../worker/payments/test-cards.ts';

const NOW = Date.UTC(2026, 10, 26);

describe('card types', () => {
  it('are the fifteen of the contract, in its words', () => {
    expect(CARD_TYPES).toEqual(['Visa', 'Mastercard', 'Amex', 'JCB', 'Discover', 'Diners club', 'Carte Blanche', 'China Unionpay', 'Elo', 'Laser', 'UK Maestro', 'Maestro', 'Solo', 'Switch', 'unknown']);
    for (const type of CARD_TYPES) expect(cardTypeOf(type)).toBe(type);
  });

  it("map Stripe's and Braintree's brand strings; anything else is unknown and reads 'Card'", () => {
    expect(['visa', 'mastercard', 'amex', 'jcb', 'discover', 'diners', 'unionpay', 'unknown'].map(cardTypeOf)).toEqual([
      'Visa',
      'Mastercard',
      'Amex',
      'JCB',
      'Discover',
      'Diners club',
      'China Unionpay',
      'unknown',
    ]);
    expect(['American Express', 'Diners Club', 'Carte Blanche', 'China UnionPay', 'UK Maestro', 'Maestro', 'Elo', 'Laser', 'Solo', 'Switch'].map(cardTypeOf)).toEqual([
      'Amex',
      'Diners club',
      'Carte Blanche',
      'China Unionpay',
      'UK Maestro',
      'Maestro',
      'Elo',
      'Laser',
      'Solo',
      'Switch',
    ]);
    expect(cardTypeOf('<script>')).toBe('unknown');
    expect(cardTypeOf(null)).toBe('unknown');
    expect(cardTypeName('cartes_bancaires')).toBe('Card');
  });

  it("the local provider's test cards of each brand Stripe processes are named on the card text", () => {
    const cards: [string, string][] = [
      ['4242424242424242', 'Visa ending in 4242'],
      ['2223003122003222', 'Mastercard ending in 3222'],
      ['378282246310005', 'Amex ending in 0005'],
      ['6011111111111117', 'Discover ending in 1117'],
      ['3056930009020004', 'Diners club ending in 0004'],
      ['3566002020360505', 'JCB ending in 0505'],
      ['6200000000000005', 'China Unionpay ending in 0005'],
    ];
    for (const [number, text] of cards) {
      const outcome = cardOutcome(number, 12, 2034, '123', NOW);
      if (!outcome.ok) throw new Error(`${number}: ${outcome.error.message}`);
      expect(cardText({ __typename: 'CreditCard', cardType: outcome.brand, lastFour: outcome.last4, expirationMonth: 12, expirationYear: 2034 })).toBe(`${text} · Expires 12/2034`);
    }
  });
});
