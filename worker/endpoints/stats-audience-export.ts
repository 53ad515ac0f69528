// /@{username}/audience/stats/export (docs/product/3-routes-data-calls-constants.md §2.11 Audience;
// docs/stats.md#audience): the writer's audience as CSV — per UTC day of the last year, followers
// and newsletter subscribers gained. Counts only: no reader's name or address leaves this way.
// Writer only; anyone else a 404.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { MAX_STATS_DAYS, writerStats } from '../stats/writer-stats.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export function mountAudienceExport(app: Hono<{ Bindings: Env }>): void {
  app.get('/:handle{@[^/]+}/audience/stats/export', async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const now = Date.now();
    const stats = await writerStats(c.env.DB, {
      viewerId: viewer.user?.id ?? null,
      username: c.req.param('handle').slice(1),
      startTimeMs: now - (MAX_STATS_DAYS - 1) * DAY_MS,
      endTimeMs: now,
      now,
    });
    if (!stats) return c.text('Not found.', 404, { 'cache-control': 'private, no-store' });
    const lines = ['day,followers_gained,subscribers_gained', ...stats.days.map((d) => `${d.day},${d.followersGained},${d.subscribersGained}`)];
    return c.body(lines.join('\r\n') + '\r\n', 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="audience-${stats.username}-${stats.endDay}.csv"`,
      'cache-control': 'private, no-store',
    });
  });
}
