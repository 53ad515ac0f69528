// The payment provider failing every call to its API when a test request asked for it
// (docs/adr/0053-fault-injection-seam.md; which faults a request asked for:
// worker/hardening/fault-injection.ts).
import type { Env } from '../env.ts';
import { hasFault } from '../hardening/fault-injection.ts';
import type { PaymentProvider } from './provider.ts';

/** What a failing payment provider throws: its API answering 503, as Stripe's does in an outage. */
export const INJECTED_PAYMENTS_MESSAGE = 'Payment provider answered 503: service unavailable (injected fault)';

/**
 * The payment provider, every call to whose API fails when the request asked (webhook
 * signatures still verify: that is local arithmetic, not a call to the provider).
 */
export function paymentProviderWithFaults(provider: PaymentProvider, env: Env): PaymentProvider {
  if (!hasFault(env, 'payments')) return provider;
  const fail = () => Promise.reject(new Error(INJECTED_PAYMENTS_MESSAGE));
  return {
    name: provider.name,
    settings: provider.settings,
    startCheckout: fail,
    completedCheckout: fail,
    setCancelAtPeriodEnd: fail,
    updateSubscriptionCard: fail,
    schedulePlanChange: fail,
    discountSubscription: fail,
    endSubscriptionNow: fail,
    createConnectedAccount: fail,
    connectedAccountOnboardingUrl: fail,
    connectedAccountStatus: fail,
    transfer: fail,
    verifyWebhook: (rawBody, signature) => provider.verifyWebhook(rawBody, signature),
    // Local arithmetic on an address, like the signature: no call to the provider.
    isPaymentActionUrl: (url) => provider.isPaymentActionUrl(url),
  };
}
