// The billing clock: the scheduled job (worker/jobs/scheduled.ts) and the development command
// `npm run billing:advance -- --days N` run it. Membership states follow from times
// (worker/membership/active-membership.ts: a cancelled membership ends at its period's end,
// a failed payment's grace runs out on its own), so what the clock does is the processor's
// part: renew what is due. With Stripe, Stripe renews and tells us by webhook; with the
// local provider this job is the processor: it charges the saved test card and delivers the
// same signed events. Running it twice at the same time changes nothing the second time.
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { usesLocalProvider } from '../payments/select-provider.ts';
import { localProviderFor } from './payment-provider.ts';
import { oncePerKey } from '../queues/idempotency.ts';
import { enqueue } from '../queues/producer.ts';

export interface BillingReport {
  provider: 'local' | 'stripe';
  renewed: number;
  failed: number;
  ended: number;
  /** Renewals or endings whose event our handler did not take: sent again by the next run. */
  undelivered: number;
  /** Kept events (a completed checkout the handler did not take) that this run delivered. */
  redelivered: number;
}

export async function runBillingClock(env: Env, now: number): Promise<BillingReport> {
  if (!usesLocalProvider(env)) return { provider: 'stripe', renewed: 0, failed: 0, ended: 0, undelivered: 0, redelivered: 0 };
  const report = await localProviderFor(env).runBilling(now);
  return { provider: 'local', ...report };
}

/**
 * The hourly cron's billing job on the fan-out queue (docs/adr/0090-one-fan-out-queue.md): one
 * billing.renewal message per due subscription, so a run with thousands due neither runs
 * into the scheduled handler's limits nor stops at the first failure: each renewal is retried
 * on its own. (`npm run billing:advance` and the tests still run the clock inline: they read
 * its report.) With Stripe nothing is due here: Stripe renews and tells us by webhook.
 */
export async function queueDueRenewals(env: Env, now: number): Promise<{ provider: 'local' | 'stripe'; queued: number; redelivered: number }> {
  if (!usesLocalProvider(env)) return { provider: 'stripe', queued: 0, redelivered: 0 };
  const provider = localProviderFor(env);
  // Completed checkouts our handler did not take are few and already paid: sent again here, inline.
  const redelivered = await provider.redeliverKept(now);
  const due = await provider.dueSubscriptions(now);
  await enqueue(env, due.map((s) => ({ kind: 'billing.renewal' as const, subscriptionId: s.id, now })));
  return { provider: 'local', queued: due.length, redelivered };
}

/**
 * One billing.renewal message: renews (or ends) the subscription if it is still due. Charged at
 * most once per period: the idempotency key names the period's end, and an event our webhook
 * did not take (undelivered) gives the key back and fails, so the queue tries again later.
 */
export async function renewDueSubscription(env: Env, subscriptionId: string, now: number): Promise<void> {
  const provider = localProviderFor(env);
  const due = (await provider.dueSubscriptions(now)).find((s) => s.id === subscriptionId);
  if (!due) return;
  await oncePerKey(env.DB, `renewal:${subscriptionId}:${due.currentPeriodEnd}`, async () => {
    const report = await provider.renewDue(subscriptionId, now);
    if (report.undelivered > 0) throw new Error(`Renewal of ${subscriptionId}: the webhook did not take the event`);
  });
}

/** Moves every billing time `days` into the past (advanceBillingClock, worker/endpoints/membership.ts, without the run). */
export async function shiftBillingClock(env: Env, days: number): Promise<void> {
  const delta = Math.round(days * 86_400_000);
  const db: D1Database = env.DB;
  await db.batch([
    db
      .prepare(
        'UPDATE memberships SET started_at = started_at - ?1, current_period_ends_at = current_period_ends_at - ?1, payment_failed_at = payment_failed_at - ?1, friend_since = friend_since - ?1, discount_ends_at = discount_ends_at - ?1',
      )
      .bind(delta),
    db.prepare('UPDATE devpay_subscriptions SET current_period_end = current_period_end - ?1').bind(delta),
    // A scheduled plan switch's date, kept in the local provider's metadata.
    db
      .prepare(
        "UPDATE devpay_subscriptions SET metadata = json_set(metadata, '$.pending_change.at', json_extract(metadata, '$.pending_change.at') - ?1) WHERE json_extract(metadata, '$.pending_change.at') IS NOT NULL",
      )
      .bind(delta),
    db.prepare('UPDATE charges SET created_at = created_at - ?1').bind(delta),
    db.prepare('UPDATE gift_codes SET created_at = created_at - ?1, expires_at = expires_at - ?1, redeemed_at = redeemed_at - ?1').bind(delta),
    db.prepare('UPDATE subscriptions SET switch_plan_at = switch_plan_at - ?1').bind(delta),
  ]);
}
