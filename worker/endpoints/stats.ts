// The stats JSON endpoints (docs/product/3-routes-data-calls-constants.md route list; docs/stats.md):
// /me/stats/total/{startTimeMs}/{endTimeMs}, /me/stats/{postId}/{startTimeMs}/{endTimeMs},
// /stats/{postId}/{startTimeMs}/{endTimeMs}, /@{username}/stats/total/{startTimeMs}/{endTimeMs}.
// Only the writer gets an answer; anyone else (and the logged out) a 404, never a hint that the
// story or writer exists. Never cached: private data.
import type { Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { writerStats, type StatsRequest } from '../stats/writer-stats.ts';
import { mountAudienceExport } from './stats-audience-export.ts';

const NOT_FOUND = { error: 'Not found.' };
const PRIVATE = { 'cache-control': 'private, no-store' };

async function answer(c: Context<{ Bindings: Env }>, request: Omit<StatsRequest, 'viewerId' | 'now' | 'startTimeMs' | 'endTimeMs'>) {
  const start = Number(c.req.param('start'));
  const end = Number(c.req.param('end'));
  if (!Number.isFinite(start) || !Number.isFinite(end)) return c.json(NOT_FOUND, 404, PRIVATE);
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const stats = await writerStats(c.env.DB, { ...request, viewerId: viewer.user?.id ?? null, startTimeMs: start, endTimeMs: end, now: Date.now() });
  return stats ? c.json(stats, 200, PRIVATE) : c.json(NOT_FOUND, 404, PRIVATE);
}

export function mountStatsEndpoints(app: Hono<{ Bindings: Env }>): void {
  mountAudienceExport(app);
  app.get('/me/stats/total/:start{[0-9]+}/:end{[0-9]+}', (c) => answer(c, {}));
  app.get('/me/stats/:postId{[0-9a-f]+}/:start{[0-9]+}/:end{[0-9]+}', (c) => answer(c, { postId: c.req.param('postId') }));
  app.get('/stats/:postId{[0-9a-f]+}/:start{[0-9]+}/:end{[0-9]+}', (c) => answer(c, { postId: c.req.param('postId') }));
  app.get('/:handle{@[^/]+}/stats/total/:start{[0-9]+}/:end{[0-9]+}', (c) => answer(c, { username: c.req.param('handle').slice(1) }));
}
