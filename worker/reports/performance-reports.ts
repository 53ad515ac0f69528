// Intake for performance reports (docs/product/3-routes-data-calls-constants.md §7.5: POST
// /_/clientele/reports/performance/), sent by client/app/performance-observer.ts: one JSON
// object { route, build, metrics: [{ name, value, rating }] } per sampled page load. Each is one
// structured log line (event performance_report), which is where operators read them.
// Refusals as for error reports: over 8 KiB → 413; not that shape → 400; too many from one
// client address → 429; a bot's report → 204, not counted.
import type { Hono } from 'hono';
import type { Env } from '../env.ts';
import type { Limit } from '../auth/rate-limit.ts';
import { mountReportIntake } from './report-intake.ts';

export const PERFORMANCE_REPORT_PATH = '/_/clientele/reports/performance/';
const MAX_BODY_BYTES = 8 * 1024;
const METRIC_NAMES = new Set(['TTFB', 'FCP', 'LCP', 'CLS', 'INP']);
const RATINGS = new Set(['good', 'needs-improvement', 'poor']);
export const MAX_PERFORMANCE_REPORTS_PER_MINUTE = 20;
const LIMIT: Limit = { name: 'performance-report:address', max: MAX_PERFORMANCE_REPORTS_PER_MINUTE, windowMs: 60 * 1000 };

export interface PerformanceReport {
  route: string | null;
  build: string | null;
  metrics: { name: string; value: number; rating: string }[];
}

/** The report of a body, or null when it is not one. */
export function readPerformanceReport(body: unknown): PerformanceReport | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { route, build, metrics } = body as Record<string, unknown>;
  if (!Array.isArray(metrics) || metrics.length === 0 || metrics.length > METRIC_NAMES.size) return null;
  const read: PerformanceReport['metrics'] = [];
  for (const metric of metrics) {
    if (typeof metric !== 'object' || metric === null) return null;
    const { name, value, rating } = metric as Record<string, unknown>;
    if (typeof name !== 'string' || !METRIC_NAMES.has(name)) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 600_000) return null;
    if (typeof rating !== 'string' || !RATINGS.has(rating)) return null;
    read.push({ name, value, rating });
  }
  const text = (v: unknown) => (typeof v === 'string' && v ? v.slice(0, 100) : null);
  return { route: text(route), build: text(build), metrics: read };
}

export function mountPerformanceReports(app: Hono<{ Bindings: Env }>): void {
  mountReportIntake(app, {
    path: PERFORMANCE_REPORT_PATH,
    maxBodyBytes: MAX_BODY_BYTES,
    limit: LIMIT,
    read: readPerformanceReport,
    event: 'performance_report',
    kind: 'performance',
    shape: '{ route, build, metrics: [{ name, value, rating }] }',
  });
}
