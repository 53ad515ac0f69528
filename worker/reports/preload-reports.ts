// Intake for page-preload reports (docs/product/1-product-screens-membership-header-search.md §7),
// sent by client/app/preload-report.ts when a link's hover or focus preloads another page:
// { currentPage, preloadedPage, isLoggedIn, isMobileOrTablet }. Each is one structured log line
// (event preload_report). Refusals as for performance reports
// (worker/reports/performance-reports.ts): over 1 KiB → 413; not that shape → 400; too many from
// one client address → 429; a bot's report → 204, not counted.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import type { Limit } from '../auth/rate-limit.ts';
import { mountReportIntake } from './report-intake.ts';

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
  mountReportIntake(app, {
    path: PRELOAD_REPORT_PATH,
    maxBodyBytes: MAX_BODY_BYTES,
    limit: LIMIT,
    read: readPreloadReport,
    event: 'preload_report',
    kind: 'preload',
    shape: '{ currentPage, preloadedPage, isLoggedIn, isMobileOrTablet }',
  });
}
