// The worker's scheduled handler: the cron triggers of wrangler.toml ([triggers] crons).
// "0 3 * * *" (daily, 03:00 UTC): stories trashed more than 14 days ago are deleted for good.
import type { ExecutionContext, ScheduledController } from '@cloudflare/workers-types';
import type { Env } from './env.ts';
import { purgeExpiredTrash } from './trash/purge-trash.ts';

export async function runScheduledJobs(env: Pick<Env, 'DB'>, now: number): Promise<void> {
  const report = await purgeExpiredTrash(env.DB, now);
  console.log(JSON.stringify({ event: 'trash_purged', posts: report.purgedPostIds.length }));
}

export function scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): void {
  ctx.waitUntil(runScheduledJobs(env, controller.scheduledTime));
}
