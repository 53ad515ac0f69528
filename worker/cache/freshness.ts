// Whether a stored copy may still be served (X-Cache-Status HIT) or must be replaced by a
// fresh render (EXPIRED):
//   - it is older than the freshness lifetime (EDGE_CACHE_TTL_SECONDS), or
//   - any of its tags was invalidated at or after the moment its render started (the tag
//     ledger). The render's start, not the time the copy was stored, is what counts: a
//     render that read the data before a write and finished after it is stale too.
// Stale copies are never served (no stale-while-revalidate: a reader must not see a page
// older than a write that has returned). CLOCK_SKEW_MARGIN_MS covers clocks of different
// machines disagreeing: a copy rendered within the margin after an invalidation counts as
// rendered before it, and is re-rendered once more.

export const CLOCK_SKEW_MARGIN_MS = 1000;

export type Freshness = { fresh: true } | { fresh: false; reason: 'ttl' | 'purged' | 'unreadable' };

export function freshness(renderedAt: number, now: number, ttlSeconds: number, latestInvalidation: number | null): Freshness {
  if (!Number.isFinite(renderedAt) || renderedAt <= 0) return { fresh: false, reason: 'unreadable' };
  if (now - renderedAt >= ttlSeconds * 1000) return { fresh: false, reason: 'ttl' };
  if (latestInvalidation !== null && renderedAt <= latestInvalidation + CLOCK_SKEW_MARGIN_MS) return { fresh: false, reason: 'purged' };
  return { fresh: true };
}
