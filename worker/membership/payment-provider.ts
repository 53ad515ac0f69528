// The payment provider of this deployment (worker/payments/select-provider.ts chooses it),
// with the local provider's webhooks delivered to the same handler Stripe's reach
// (worker/membership/payment-webhook.ts). Membership, gifts and the Partner Program's
// payouts all ask for it here.
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import type { LocalProvider } from '../payments/local-provider.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { configuredPaymentProvider, localPaymentProvider, type LocalWebhooks } from '../payments/select-provider.ts';
import { handlePaymentWebhook, PAYMENT_WEBHOOK_PATH } from './payment-webhook.ts';

function webhooksOf(env: Env): LocalWebhooks {
  return { path: PAYMENT_WEBHOOK_PATH, deliver: (request, provider) => handlePaymentWebhook(request, env, provider) };
}

export function paymentProviderFor(env: Env, db: D1Database = env.DB): PaymentProvider {
  return configuredPaymentProvider(env, db, webhooksOf(env));
}

/** The local provider, delivering its webhooks to the same handler Stripe's reach. */
export function localProviderFor(env: Env, db: D1Database = env.DB): LocalProvider {
  return localPaymentProvider(env, db, webhooksOf(env));
}
