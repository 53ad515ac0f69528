// What a payment webhook delivery does, whichever provider sent it: the raw body is verified
// (Stripe's signature scheme, timestamp within 5 minutes: a replayed old delivery is
// refused), then applied once: a redelivered event id is acknowledged and changes nothing.
// POST /_/payments/webhook (worker/endpoints/membership.ts) answers with it, and the local
// provider delivers its events to it directly (worker/membership/payment-provider.ts).
import type { Env } from '../env.ts';
import { applyPaymentEvent } from './apply-payment-event.ts';
import { sendGiftCodeMail } from './gift-mail.ts';
import { sendPaymentActionMail } from './payment-action-mail.ts';
import { CheckoutNotCompleteError, WebhookSignatureError, type PaymentProvider, type ProviderEvent } from '../payments/provider.ts';
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
  // Signed is not well-formed (issue 29 item 4): an event without its id, type or data object is
  // refused here, not taken for a database failure when a wrong-typed value reaches D1.
  if (!wellFormed(event)) {
    logEvent({ event: 'payment_webhook_refused', reason: 'malformed event' }, 'warn');
    return Response.json({ error: 'Malformed event', message: 'An event needs a string id and type and a data object.' }, { status: 400 });
  }
  let result;
  try {
    result = await applyPaymentEvent(env.DB, provider, event, now);
  } catch (error) {
    if (!(error instanceof CheckoutNotCompleteError)) throw error;
    logEvent({ event: 'payment_webhook_refused', reason: error.message.slice(0, 200) }, 'warn');
    return Response.json({ error: 'Checkout not complete', message: 'The provider has not completed this checkout session.' }, { status: 400 });
  }
  for (const gift of result.gifts ?? []) await sendGiftCodeMail(env, gift);
  if (result.actionRequired) await sendPaymentActionMail(env, result.actionRequired, now);
  logEvent({ event: 'payment_webhook', type: event.type, id: event.id, applied: result.applied });
  return Response.json({ received: true, applied: result.applied });
}

function wellFormed(event: unknown): event is ProviderEvent {
  const e = event as Partial<ProviderEvent> | null;
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.id === 'string' &&
    e.id !== '' &&
    e.id.length <= 255 &&
    typeof e.type === 'string' &&
    (e.created === undefined || typeof e.created === 'number') &&
    typeof e.data === 'object' &&
    e.data !== null &&
    typeof e.data.object === 'object' &&
    e.data.object !== null
  );
}
