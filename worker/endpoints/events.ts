// The event intake (docs/product/3-routes-data-calls-constants.md §7.2, §9; docs/stats.md#intake):
// POST /_/batch with a JSON array of queued events, and POST /p/{postId}/state/read (a read
// marked by the reader's page). Refusals, checked in this order: body over 256 KiB or over
// 1,000 events → 413; no (or, signed in, a wrong) x-xsrf-token → 403; not JSON, not records of
// the spec's shape { key, data, type: "e", timestamp, eventId } (docs/events.md), an unknown
// key, or a story that is not published → 400 with a message saying what is wrong (nothing written); a bot, or a reader with
// dont_track_user → 204, nothing recorded; too many batches from one client address → 429.
import { eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { memberships } from '../db/schema.ts';
import { isMembershipActive } from '../membership/active-membership.ts';
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { clientAddress } from '../auth/client-address.ts';
import { resolveViewer, type RequestViewer } from '../session/viewer.ts';
import { mayMutate } from '../auth/anti-forgery.ts';
import { EVENT_RECORD_TYPE, EVENT_SERVICE, EVENTS_PATH } from '../../shared/events/client-events.ts';
import { EXPECTED_SHAPE, readBatch } from '../events/read-batch.ts';
import { recordEvents } from '../events/record-events.ts';
import { mountStatsEndpoints } from './stats.ts';

export const MAX_EVENT_BODY_BYTES = 256 * 1024;
/** Per client address and minute: a tab sends one batch per 5 s (12 a minute); room for several tabs. */
export const MAX_EVENT_BATCHES_PER_MINUTE = 60;
const LIMIT: Limit = { name: 'events:address', max: MAX_EVENT_BATCHES_PER_MINUTE, windowMs: 60 * 1000 };
/** The user flag that turns tracking off for a reader (docs/product/1-product-screens-membership-header-search.md §6). */
export const DONT_TRACK_FLAG = 'dont_track_user';

const tooLarge = bodyLimit({ maxSize: MAX_EVENT_BODY_BYTES, onError: (c) => c.text('Event batch too large.', 413) });

export function mountEventIntake(app: Hono<{ Bindings: Env }>): void {
  // The stats JSON endpoints read what the intake writes (worker/endpoints/stats.ts).
  mountStatsEndpoints(app);
  app.post(EVENTS_PATH, tooLarge, async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    if (!(await mayMutate(c.req.raw, viewer))) return c.text('Missing or invalid x-xsrf-token header.', 403);
    let body: unknown;
    try {
      body = JSON.parse(await c.req.text());
    } catch {
      return c.text(EXPECTED_SHAPE, 400);
    }
    const now = Date.now();
    const batch = readBatch(body, now);
    if (!batch.ok) return c.text(batch.message, batch.status);
    return record(c, viewer, batch.events, now);
  });

  app.post('/p/:postId/state/read', async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    if (!(await mayMutate(c.req.raw, viewer))) return c.text('Missing or invalid x-xsrf-token header.', 403);
    const now = Date.now();
    // The same record a page's queue sends (docs/product/3-… §3), its common data from the request.
    const data = { service: EVENT_SERVICE, location: c.req.url, browserWidth: 0, referrer: c.req.header('referer') ?? '', referrerSource: null, postId: c.req.param('postId') };
    const batch = readBatch([{ key: 'story.read', data, type: EVENT_RECORD_TYPE, timestamp: now, eventId: crypto.randomUUID() }], now);
    if (!batch.ok) return c.text('Unknown story.', 400);
    return record(c, viewer, batch.events, now);
  });
}

async function record(c: Context<{ Bindings: Env }>, viewer: RequestViewer, events: Parameters<typeof recordEvents>[1], now: number) {
  if (viewer.isBot || viewer.user?.flags.has(DONT_TRACK_FLAG)) return c.body(null, 204);
  const limit = await hit(c.env.DB, LIMIT, clientAddress(c.req.raw), now);
  if (!limit.allowed) return c.text('Too many event batches.', 429);
  // Reading seconds feed the Partner Program only while the reader's membership runs (a fee to share).
  const membership = viewer.user ? await orm(c.env.DB).select().from(memberships).where(eq(memberships.userId, viewer.user.id)).get() : null;
  const outcome = await recordEvents(c.env.DB, events, viewer.user?.id ?? null, now, isMembershipActive(membership, now));
  if (!outcome.ok) return c.text(`Unknown story ${outcome.unknownPostId}.`, 400);
  return c.body(null, 204);
}
