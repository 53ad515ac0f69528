// When the payment provider cannot be reached as a checkout starts
// (docs/adr/0054-what-a-reader-sees-when-a-part-fails.md): POST /_/membership/checkout sends the buyer back to
// the page the form was on with this query flag, and the page says so. Nothing was recorded,
// nothing charged: the buyer can simply try again.
export const CHECKOUT_UNAVAILABLE_PARAM = 'checkout';
export const CHECKOUT_UNAVAILABLE_VALUE = 'unavailable';
export const CHECKOUT_UNAVAILABLE_MESSAGE = "We couldn't reach our payment provider just now, and you have not been charged. Please try again in a moment.";

/** `path` (which may carry a query) with the flag added. */
export function withCheckoutUnavailable(path: string): string {
  return `${path}${path.includes('?') ? '&' : '?'}${CHECKOUT_UNAVAILABLE_PARAM}=${CHECKOUT_UNAVAILABLE_VALUE}`;
}
