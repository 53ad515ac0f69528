// Queries per second per address for the local search service (docs/search.md, "Limits").
// Kept in the isolate's memory, not D1: a search costs one D1 round trip and a counter there
// would double it, for a limit whose job is to stop a runaway script, not to account
// exactly. Each isolate counts on its own, so the limit is per address and isolate; a
// deployment that needs a global limit puts Cloudflare's rate-limiting rules in front.

export const DEFAULT_QUERIES_PER_SECOND = 100;
const WINDOW_MS = 1000;
/** Addresses remembered at most (a flood of new addresses cannot grow memory past this). */
const MAX_ADDRESSES = 10_000;

const windows = new Map<string, { start: number; count: number }>();

/** Counts `queries` for `address`; false when that goes over `perSecond` in the current second. */
export function allowQueries(address: string, queries: number, perSecond: number, now = Date.now()): boolean {
  let window = windows.get(address);
  if (!window || now - window.start >= WINDOW_MS) {
    if (!window && windows.size >= MAX_ADDRESSES) windows.clear();
    window = { start: now, count: 0 };
    windows.set(address, window);
  }
  if (window.count + queries > perSecond) return false;
  window.count += queries;
  return true;
}

export function queriesPerSecond(configured: string | undefined): number {
  const n = Number(configured);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_QUERIES_PER_SECOND;
}
