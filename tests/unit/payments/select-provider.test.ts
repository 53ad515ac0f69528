// The local test provider can never serve a deployment: outside ENVIRONMENT=development asking
// for it is a configuration error, and Stripe needs both of its secrets.
import { describe, expect, it } from 'vitest';
import type { Env } from '../../../worker/env.ts';
import { PaymentConfigurationError, usesLocalProvider } from '../../../worker/payments/select-provider.ts';
import { paymentProviderFor } from '../../../worker/membership/payment-provider.ts';

const env = (vars: Partial<Env>) => ({ DB: {} as Env['DB'], MAIN_HOST: 'vellum.example', ...vars }) as Env;

describe('choosing the payment provider', () => {
  it('development uses the local provider by default', () => {
    expect(usesLocalProvider(env({ ENVIRONMENT: 'development' }))).toBe(true);
    expect(paymentProviderFor(env({ ENVIRONMENT: 'development' })).name).toBe('local');
  });

  it('refuses the local provider in production and staging, whatever PAYMENT_PROVIDER says', () => {
    for (const ENVIRONMENT of ['production', 'staging', '']) {
      expect(usesLocalProvider(env({ ENVIRONMENT, PAYMENT_PROVIDER: 'local' }))).toBe(false);
      expect(() => paymentProviderFor(env({ ENVIRONMENT, PAYMENT_PROVIDER: 'local' }))).toThrow(PaymentConfigurationError);
    }
  });

  it('production defaults to Stripe and needs both secrets', () => {
    expect(() => paymentProviderFor(env({ ENVIRONMENT: 'production' }))).toThrow(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
    expect(() => paymentProviderFor(env({ ENVIRONMENT: 'production', STRIPE_SECRET_KEY: 'sk_live_x' }))).toThrow(PaymentConfigurationError);
    expect(paymentProviderFor(env({ ENVIRONMENT: 'production', STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).name).toBe('stripe');
    expect(() => paymentProviderFor(env({ ENVIRONMENT: 'production', PAYMENT_PROVIDER: 'paypal' }))).toThrow(/Unknown PAYMENT_PROVIDER/);
  });
});
