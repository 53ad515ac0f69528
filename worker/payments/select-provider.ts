// Which payment provider this deployment uses. The local test provider exists only where
// ENVIRONMENT is development: anywhere else asking for it is a configuration error, so a
// deployment can never take "payments" through a page that accepts test cards.
import type { D1Database } from '@cloudflare/workers-types';
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { paymentProviderWithFaults } from './provider-faults.ts';
import { LOCAL_WEBHOOK_SECRET_DEFAULT, LocalProvider } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import { StripeProvider } from './stripe-provider.ts';
import { handlePaymentWebhook, PAYMENT_WEBHOOK_PATH } from './webhook.ts';

export class PaymentConfigurationError extends Error {}

export function usesLocalProvider(env: Pick<Env, 'ENVIRONMENT' | 'PAYMENT_PROVIDER'>): boolean {
  return isDevelopment(env) && (env.PAYMENT_PROVIDER ?? 'local') === 'local';
}

export function paymentProviderFor(env: Env, db: D1Database = env.DB): PaymentProvider {
  // A request that asked for the payments fault (tests only, docs/adr/0008-hardening.md) gets a failing one.
  return paymentProviderWithFaults(configuredPaymentProvider(env, db), env);
}

function configuredPaymentProvider(env: Env, db: D1Database): PaymentProvider {
  const wanted = env.PAYMENT_PROVIDER ?? (isDevelopment(env) ? 'local' : 'stripe');
  if (wanted === 'local') {
    if (!isDevelopment(env)) throw new PaymentConfigurationError('PAYMENT_PROVIDER=local is refused outside ENVIRONMENT=development.');
    return localProviderFor(env, db);
  }
  if (wanted !== 'stripe') throw new PaymentConfigurationError(`Unknown PAYMENT_PROVIDER "${wanted}" (local or stripe).`);
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new PaymentConfigurationError('Payments are not configured: set the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/membership.md).');
  }
  return new StripeProvider({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE });
}

/** The local provider, delivering its webhooks to the same handler Stripe's reach. */
export function localProviderFor(env: Env, db: D1Database = env.DB): LocalProvider {
  if (!isDevelopment(env)) throw new PaymentConfigurationError('The local payment provider runs only in development.');
  const provider: LocalProvider = new LocalProvider(db, {
    origin: mainOrigin(env),
    webhookSecret: LOCAL_WEBHOOK_SECRET_DEFAULT,
    webhookPath: PAYMENT_WEBHOOK_PATH,
    deliver: (request) => handlePaymentWebhook(request, env, provider),
  });
  return provider;
}
