// What a payment webhook delivery does, whichever provider sent it: the raw body is verified
// (Stripe's signature scheme, timestamp within 5 minutes: a replayed old delivery is
// refused), then applied once: a redelivered event id is acknowledged and changes nothing.
// POST /_/payments/webhook (worker/endpoints/membership.ts) answers with it, and the local
// provider delivers its events to it directly (worker/membership/payment-provider.ts).
import type { Env } from '../env.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { sendGiftCodeMail } from './gift-mail.ts';
import { WebhookSignatureError, type PaymentProvider } from '../payments/provider.ts';
import { logEvent } from '../lib/log-context.ts';

export const PAYMENT_WEBHOOK_PATH = '/_/payments/webhook';
/** Stripe's events are a few kilobytes; anything near this is not one. */
export const WEBHOOK_MAX_BYTES = 256 * 1024;

export async function handlePaymentWebhook(request: Request, env: Env, provider: PaymentProvider, now = Date.now()): Promise<Response> {
  if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 });
  const raw = await request.text();
  if (raw.length > WEBHOOK_MAX_BYTES) return Response.json({ error: 'Payload too large' }, { status: 413 });
  let event;
  try {
    event = await provider.verifyWebhook(raw, request.headers.get('stripe-signature'));
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      logEvent({ event: 'payment_webhook_refused', reason: error.message.slice(0, 200) }, 'warn');
      return Response.json({ error: 'Invalid signature' }, { status: 400 });
    }
    throw error;
  }
  const result = await applyPaymentEvent(env.DB, provider, event, now);
  for (const gift of result.gifts ?? []) await sendGiftCodeMail(env, gift);
  logEvent({ event: 'payment_webhook', type: event.type, id: event.id, applied: result.applied });
  return Response.json({ received: true, applied: result.applied });
}
