// The local provider's test cards, as Stripe's test mode knows them
// (docs/membership.md lists them): the number decides the outcome; no number is stored.

/**
 * What a saved card does when a renewal charges it: goes through, is declined, or asks the
 * cardholder for 3-D Secure again (Stripe's invoice.payment_action_required;
 * docs/adr/0188-renewal-needing-authentication.md).
 */
export type RenewalBehaviour = 'succeeds' | 'fails_on_renewal' | 'authenticates_on_renewal';

export type CardOutcome =
  | { ok: true; brand: string; last4: string; behaviour: RenewalBehaviour; requiresAuthentication?: true }
  | { ok: false; error: CardError };

/** Stripe's error object for a card error (type card_error), as its API returns it. */
export interface CardError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

const DECLINED: CardError = { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };

/** Known test numbers and what they do. */
const TEST_CARDS: Record<string, CardOutcome> = {
  '4242424242424242': { ok: true, brand: 'visa', last4: '4242', behaviour: 'succeeds' },
  '5555555555554444': { ok: true, brand: 'mastercard', last4: '4444', behaviour: 'succeeds' },
  '378282246310005': { ok: true, brand: 'amex', last4: '0005', behaviour: 'succeeds' },
  // Stripe's test numbers of the other brands it processes (its brand strings; the contract's
  // names are shared/membership/card-brands.ts).
  '2223003122003222': { ok: true, brand: 'mastercard', last4: '3222', behaviour: 'succeeds' },
  '6011111111111117': { ok: true, brand: 'discover', last4: '1117', behaviour: 'succeeds' },
  '3056930009020004': { ok: true, brand: 'diners', last4: '0004', behaviour: 'succeeds' },
  '3566002020360505': { ok: true, brand: 'jcb', last4: '0505', behaviour: 'succeeds' },
  '6200000000000005': { ok: true, brand: 'unionpay', last4: '0005', behaviour: 'succeeds' },
  // Attaching succeeds, charging it later fails: the first payment goes through, the renewal does not.
  '4000000000000341': { ok: true, brand: 'visa', last4: '0341', behaviour: 'fails_on_renewal' },
  // Stripe's "authentication required on all transactions" card: the payment waits for a 3-D
  // Secure (version 2) challenge (docs/adr/0141-local-3d-secure-challenge.md), and so does each
  // renewal: the invoice waits for the cardholder (invoice.payment_action_required,
  // docs/adr/0188-renewal-needing-authentication.md).
  '4000002760003184': { ok: true, brand: 'visa', last4: '3184', behaviour: 'authenticates_on_renewal', requiresAuthentication: true },
  '4000000000000002': { ok: false, error: DECLINED },
  '4000000000009995': { ok: false, error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000069': { ok: false, error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.', param: 'exp_month' } },
  '4000000000000127': { ok: false, error: { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incorrect.", param: 'cvc' } },
};

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length >= 12 && sum % 10 === 0;
}

/** What paying with this card does; `now` decides whether the expiry has passed. */
export function cardOutcome(number: string, expMonth: number, expYear: number, cvc: string, now: number): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    return { ok: false, error: { type: 'card_error', code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' } };
  }
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) {
    return { ok: false, error: { type: 'card_error', code: 'invalid_expiry_month', message: "Your card's expiration month is invalid.", param: 'exp_month' } };
  }
  const today = new Date(now);
  const year = expYear < 100 ? 2000 + expYear : expYear;
  if (!Number.isInteger(year) || year < today.getUTCFullYear() || (year === today.getUTCFullYear() && expMonth < today.getUTCMonth() + 1)) {
    return { ok: false, error: { type: 'card_error', code: 'invalid_expiry_year', message: "Your card's expiration year is invalid.", param: 'exp_year' } };
  }
  if (!/^\d{3,4}$/.test(cvc)) return { ok: false, error: { type: 'card_error', code: 'incorrect_cvc', message: "Your card's security code is incomplete.", param: 'cvc' } };
  const known = TEST_CARDS[digits];
  if (known) return known;
  // Test mode refuses real cards, as Stripe's does.
  return { ok: false, error: { ...DECLINED, message: 'Your card was declined. Your request was in test mode, but used a non test card.' } };
}

/** Stripe's message when the cardholder fails a 3-D Secure challenge (code payment_intent_authentication_failure). */
export const AUTHENTICATION_FAILED: CardError = {
  type: 'card_error',
  code: 'payment_intent_authentication_failure',
  message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};

/** A charge on a saved card at renewal. */
export function renewalSucceeds(behaviour: RenewalBehaviour): boolean {
  return behaviour === 'succeeds';
}
