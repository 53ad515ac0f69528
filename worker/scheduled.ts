// The worker's scheduled handler: the cron triggers of wrangler.toml ([triggers] crons).
// "0 3 * * *" (daily, 03:00 UTC): stories trashed more than 14 days ago are deleted for good;
// the fan-out queue's idempotency keys older than 15 days are forgotten.
// "17 * * * *" (hourly): the billing clock renews memberships that are due (worker/membership/billing-clock.ts),
// one fan-out queue message per due subscription (docs/adr/0015-scale.md).
import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import type { Env } from './env.ts';
import { purgeExpiredTrash } from './trash/purge-trash.ts';
import { forgetExpiredKeys } from './queues/idempotency.ts';
import { queueDueRenewals } from './membership/billing-clock.ts';

/** The billing clock's cron trigger in wrangler.toml. */
export const BILLING_CRON = '17 * * * *';

export async function runScheduledJobs(env: Pick<Env, 'DB'>, now: number): Promise<void> {
  const report = await purgeExpiredTrash(env.DB, now);
  console.log(JSON.stringify({ event: 'trash_purged', posts: report.purgedPostIds.length }));
  // The fan-out queue's idempotency keys past any redelivery (docs/adr/0015-scale.md).
  console.log(JSON.stringify({ event: 'idempotency_keys_forgotten', keys: await forgetExpiredKeys(env.DB, now) }));
}

export async function runBillingJob(env: Env, now: number): Promise<void> {
  const report = await queueDueRenewals(env, now);
  console.log(JSON.stringify({ event: 'billing_clock', ...report }));
}

export function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(controller.cron === BILLING_CRON ? runBillingJob(env, controller.scheduledTime) : runScheduledJobs(env, controller.scheduledTime));
}
