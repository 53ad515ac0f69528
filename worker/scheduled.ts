// The worker's scheduled handler: the cron triggers of wrangler.toml ([triggers] crons).
// "0 3 * * *" (daily, 03:00 UTC): stories trashed more than 14 days ago are deleted for good.
// "17 * * * *" (hourly): the billing clock renews memberships that are due (worker/membership/billing-clock.ts);
//   then the Partner Program's monthly job computes a finished month once and pays writers (worker/partner/partner-job.ts).
import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import type { Env } from './env.ts';
import { purgeExpiredTrash } from './trash/purge-trash.ts';
import { runBillingClock } from './membership/billing-clock.ts';
import { runPartnerJob } from './partner/partner-job.ts';

/** The billing clock's cron trigger in wrangler.toml. */
export const BILLING_CRON = '17 * * * *';

export async function runScheduledJobs(env: Pick<Env, 'DB'>, now: number): Promise<void> {
  const report = await purgeExpiredTrash(env.DB, now);
  console.log(JSON.stringify({ event: 'trash_purged', posts: report.purgedPostIds.length }));
}

export async function runBillingJob(env: Env, now: number): Promise<void> {
  const report = await runBillingClock(env, now);
  console.log(JSON.stringify({ event: 'billing_clock', ...report }));
  await runPartnerJob(env, now);
}

export function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(controller.cron === BILLING_CRON ? runBillingJob(env, controller.scheduledTime) : runScheduledJobs(env, controller.scheduledTime));
}
