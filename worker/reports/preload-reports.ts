// Intake for page-preload reports (docs/product/1-product-screens-membership-header-search.md §7),
// sent by client/app/preload-report.ts when a link's hover or focus preloads another page:
// { currentPage, preloadedPage, isLoggedIn, isMobileOrTablet }. Each is one structured log line
// (event preload_report). Refusals as for performance reports
// (worker/reports/performance-reports.ts): over 1 KiB → 413; not that shape → 400; too many from
// one client address → 429; a bot's report → 204, not counted.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { clientAddress } from '../auth/client-address.ts';
import { isBotAgent } from '../session/viewer.ts';

export const PRELOAD_REPORT_PATH = '/_/clientele/reports/preload/';
const MAX_BODY_BYTES = 1024;
/** A reader sweeping the pointer over a list preloads many links; more than this is not a reader. */
export const MAX_PRELOAD_REPORTS_PER_MINUTE = 60;
const LIMIT: Limit = { name: 'preload-report:address', max: MAX_PRELOAD_REPORTS_PER_MINUTE, windowMs: 60 * 1000 };
const ROUTE_NAME = /^[\w.:-]{1,100}$/;

export interface PreloadReport {
  currentPage: string | null;
  preloadedPage: string;
  isLoggedIn: boolean;
  isMobileOrTablet: boolean;
}

/** The report of a body, or null when it is not one. */
export function readPreloadReport(body: unknown): PreloadReport | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { currentPage, preloadedPage, isLoggedIn, isMobileOrTablet } = body as Record<string, unknown>;
  if (typeof preloadedPage !== 'string' || !ROUTE_NAME.test(preloadedPage)) return null;
  if (currentPage !== null && (typeof currentPage !== 'string' || !ROUTE_NAME.test(currentPage))) return null;
  if (typeof isLoggedIn !== 'boolean' || typeof isMobileOrTablet !== 'boolean') return null;
  return { currentPage, preloadedPage, isLoggedIn, isMobileOrTablet };
}

export function mountPreloadReports(app: Hono<{ Bindings: Env }>): void {
  const handler = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => new Response('Report too large.', { status: 413 }) });
  for (const path of [PRELOAD_REPORT_PATH, PRELOAD_REPORT_PATH.slice(0, -1)]) {
    app.post(path, handler, async (c) => {
      if (!c.req.header('x-xsrf-token')) return c.text('Missing x-xsrf-token header.', 403);
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.text('Expected a JSON preload report.', 400);
      }
      const report = readPreloadReport(body);
      if (!report) return c.text('Expected { currentPage, preloadedPage, isLoggedIn, isMobileOrTablet }.', 400);
      if (isBotAgent(c.req.header('user-agent') ?? '')) return c.body(null, 204);
      const limit = await hit(c.env.DB, LIMIT, clientAddress(c.req.raw), Date.now());
      if (!limit.allowed) return c.text('Too many reports.', 429);
      console.log(JSON.stringify({ event: 'preload_report', ...report }));
      return c.body(null, 204);
    });
  }
}
