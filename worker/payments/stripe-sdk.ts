// Stripe's SDK, loaded the first time a payment call needs it rather than with the worker:
// it is 216 of the worker's 1,290 modules, and most requests (and most test files, each of
// which loads the worker afresh) never touch a payment. Deployed, the bundle still holds it;
// only its evaluation waits.
import type Stripe from 'stripe';

let sdk: Promise<typeof Stripe> | null = null;

export function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= import('stripe').then((module) => module.default);
  return sdk;
}

let crypto: Promise<ReturnType<typeof Stripe.createSubtleCryptoProvider>> | null = null;

/** Stripe's webhook signatures computed with the Workers' SubtleCrypto. */
export function stripeCryptoProvider(): Promise<ReturnType<typeof Stripe.createSubtleCryptoProvider>> {
  crypto ??= stripeSdk().then((StripeSdk) => StripeSdk.createSubtleCryptoProvider());
  return crypto;
}
