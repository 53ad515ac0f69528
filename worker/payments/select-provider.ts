// Which payment provider this deployment uses. The local test provider exists only where
// ENVIRONMENT is development: anywhere else asking for it is a configuration error, so a
// deployment can never take "payments" through a page that accepts test cards. The local
// provider delivers its webhooks to the function it is given (membership's handler: the
// provider of a deployment is wired in worker/membership/payment-provider.ts).
import type { D1Database } from '@cloudflare/workers-types';
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { paymentProviderWithFaults } from './provider-faults.ts';
import { LOCAL_WEBHOOK_SECRET_DEFAULT, LocalProvider } from './local-provider.ts';
import type { PaymentProvider } from './provider.ts';
import type { StripeProviderConfig } from './stripe-provider.ts';
import { paymentSettings } from './payment-settings.ts';

export class PaymentConfigurationError extends Error {}

export function usesLocalProvider(env: Pick<Env, 'ENVIRONMENT' | 'PAYMENT_PROVIDER'>): boolean {
  return isDevelopment(env) && (env.PAYMENT_PROVIDER ?? 'local') === 'local';
}

/** Where the local provider's webhooks go: the path they are addressed to, and what answers them. */
export interface LocalWebhooks {
  path: string;
  /** Answers one signed delivery of `provider` (the local provider being made). */
  deliver(request: Request, provider: LocalProvider): Promise<Response>;
}

export function configuredPaymentProvider(env: Env, db: D1Database, webhooks: LocalWebhooks): PaymentProvider {
  // A request that asked for the payments fault (tests only, docs/adr/0053-fault-injection-seam.md) gets a failing one.
  return paymentProviderWithFaults(selectedPaymentProvider(env, db, webhooks), env);
}

function selectedPaymentProvider(env: Env, db: D1Database, webhooks: LocalWebhooks): PaymentProvider {
  const wanted = env.PAYMENT_PROVIDER ?? (isDevelopment(env) ? 'local' : 'stripe');
  if (wanted === 'local') {
    if (!isDevelopment(env)) throw new PaymentConfigurationError('PAYMENT_PROVIDER=local is refused outside ENVIRONMENT=development.');
    return localPaymentProvider(env, db, webhooks);
  }
  if (wanted !== 'stripe') throw new PaymentConfigurationError(`Unknown PAYMENT_PROVIDER "${wanted}" (local or stripe).`);
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new PaymentConfigurationError('Payments are not configured: set the secrets STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (docs/membership.md).');
  }
  return stripeProviderOnFirstCall({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiBase: env.STRIPE_API_BASE, settings: paymentSettings(env) });
}

/**
 * The Stripe provider, its module (and Stripe's SDK, worker/payments/stripe-sdk.ts) loaded at
 * its first call: every call of a PaymentProvider is asynchronous, so each waits for it. Its
 * plain values (name, settings) are known without it.
 */
function stripeProviderOnFirstCall(config: StripeProviderConfig): PaymentProvider {
  let provider: Promise<PaymentProvider> | null = null;
  const load = () => (provider ??= import('./stripe-provider.ts').then(({ StripeProvider }) => new StripeProvider(config)));
  const known: Partial<PaymentProvider> = { name: 'stripe', settings: config.settings ?? paymentSettings({}) };
  return new Proxy(known as PaymentProvider, {
    get(target, property) {
      if (property in target || property === 'then') return target[property as keyof PaymentProvider];
      return async (...args: unknown[]) => {
        const loaded = (await load()) as unknown as Record<PropertyKey, (...a: unknown[]) => Promise<unknown>>;
        return loaded[property]!.apply(loaded, args);
      };
    },
  });
}

/** The local provider, delivering its webhooks as `webhooks` says. */
export function localPaymentProvider(env: Env, db: D1Database, webhooks: LocalWebhooks): LocalProvider {
  if (!isDevelopment(env)) throw new PaymentConfigurationError('The local payment provider runs only in development.');
  const provider: LocalProvider = new LocalProvider(db, {
    origin: mainOrigin(env),
    webhookSecret: LOCAL_WEBHOOK_SECRET_DEFAULT,
    webhookPath: webhooks.path,
    deliver: (request) => webhooks.deliver(request, provider),
    settings: paymentSettings(env),
  });
  return provider;
}
