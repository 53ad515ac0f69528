// The worker's scheduled handler: the cron triggers of wrangler.toml ([triggers] crons).
// "0 3 * * *" (daily, 03:00 UTC): stories trashed more than 14 days ago are deleted for good;
//   expired account-data archives are deleted (worker/accounts/expired-exports.ts), and OAuth
//   codes a day past expiry (worker/oauth/authorization.ts); stories published over 30 days ago
//   leave trending this month (worker/discovery/trending-month.ts); error reports older than 30
//   days are deleted (worker/reports/error-report-retention.ts); the fan-out queue's idempotency
//   keys older than 15 days are forgotten; the event intake's ids older than 7 days too (worker/events/record-events.ts).
// "17 * * * *" (hourly): the billing clock renews memberships that are due (worker/membership/billing-clock.ts),
//   one fan-out queue message per due subscription (docs/adr/0090-one-fan-out-queue.md); then the Partner
//   Program's monthly job computes a finished month once and pays writers (worker/partner/partner-job.ts).
import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { purgeExpiredTrash } from '../trash/purge-trash.ts';
import { queueDueRenewals } from '../membership/billing-clock.ts';
import { deleteExpiredExports } from '../accounts/expired-exports.ts';
import { deleteOldCodes } from '../oauth/authorization.ts';
import { clearExpiredTrendingMonth } from '../discovery/trending-month.ts';
import { pruneErrorReports } from '../reports/error-report-retention.ts';
import { forgetExpiredKeys } from '../queues/idempotency.ts';
import { runPartnerJob } from '../partner/partner-job.ts';
import { logEvent } from '../lib/log-context.ts';
import { pruneEventIds } from '../events/record-events.ts';

/** The billing clock's cron trigger in wrangler.toml. */
export const BILLING_CRON = '17 * * * *';

export async function runScheduledJobs(env: Pick<Env, 'DB' | 'IMAGES'>, now: number): Promise<void> {
  const report = await purgeExpiredTrash(env.DB, now);
  logEvent({ event: 'trash_purged', posts: report.purgedPostIds.length });
  const exports = await deleteExpiredExports(env, now);
  logEvent({ event: 'expired_exports_deleted', exports: exports.deleted });
  logEvent({ event: 'oauth_codes_deleted', codes: await deleteOldCodes(env.DB, now) });
  const leftTrending = await clearExpiredTrendingMonth(env.DB, now);
  logEvent({ event: 'trending_month_cleared', posts: leftTrending });
  const prunedReports = await pruneErrorReports(env.DB, now);
  logEvent({ event: 'error_reports_pruned', reports: prunedReports });
  // The fan-out queue's idempotency keys past any redelivery (docs/adr/0091-idempotency-keys.md).
  logEvent({ event: 'idempotency_keys_forgotten', keys: await forgetExpiredKeys(env.DB, now) });
  // Ids that made a resent event batch count once (docs/stats.md "Sent once").
  await pruneEventIds(env.DB, now);
}

export async function runBillingJob(env: Env, now: number): Promise<void> {
  const report = await queueDueRenewals(env, now);
  logEvent({ event: 'billing_clock', ...report });
  await runPartnerJob(env, now);
}

export function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(controller.cron === BILLING_CRON ? runBillingJob(env, controller.scheduledTime) : runScheduledJobs(env, controller.scheduledTime));
}
