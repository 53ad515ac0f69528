// Whether a stored copy may still be served, and whether a fresh render may be stored.
//
// Serving (the HIT path): a copy is fresh for the freshness lifetime (EDGE_CACHE_TTL_SECONDS)
// from the moment its render started; older, it is EXPIRED and replaced by a fresh render.
// Nothing else is read on a HIT: a purge removes copies instead (the local tag index, and in
// production the zone's purge by tag), see docs/adr/0020-purge-by-tag.md and docs/adr/0022-withdraw-renders-a-purge-overtook.md for the bound on
// staleness that gives. Stale copies are never served (no stale-while-revalidate).
//
// Storing (after a MISS or EXPIRED render, off the reader's path): a render that started
// before a purge of one of its tags may hold data older than the write that caused the
// purge, and must not stay stored as fresh. The tag ledger says when each tag was last
// purged; a render that started at or before that moment (within CLOCK_SKEW_MARGIN_MS, for
// clocks of different machines disagreeing) is withdrawn from storage right after it was put.

export const CLOCK_SKEW_MARGIN_MS = 1000;

export type Freshness = { fresh: true } | { fresh: false; reason: 'ttl' | 'unreadable' };

export function freshness(renderedAt: number, now: number, ttlSeconds: number): Freshness {
  if (!Number.isFinite(renderedAt) || renderedAt <= 0) return { fresh: false, reason: 'unreadable' };
  if (now - renderedAt >= ttlSeconds * 1000) return { fresh: false, reason: 'ttl' };
  return { fresh: true };
}

/** Whether a render that started at `renderStartedAt` may predate the latest purge of its tags. */
export function purgedDuringRender(renderStartedAt: number, latestInvalidation: number | null): boolean {
  return latestInvalidation !== null && renderStartedAt <= latestInvalidation + CLOCK_SKEW_MARGIN_MS;
}
