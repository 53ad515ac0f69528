// The sampled page load's web vitals (docs/product/3-routes-data-calls-constants.md §7.5, §9),
// loaded by client/app/performance-reporter.ts once the page is idle: the observers read the
// buffered entries, so nothing measured before is lost. The observer stops OBSERVE_FOR_MS after the
// page's start (§9): what was measured by then is sent, so a report never waits for the page to be
// hidden.
import { onCLS, onFCP, onLCP, onTTFB } from 'web-vitals';

// Same path as worker/reports/performance-reports.ts.
export const PERFORMANCE_REPORT_PATH = '/_/clientele/reports/performance/';
export const OBSERVE_FOR_MS = 2500;

export interface PerformanceMetric {
  name: string;
  value: number;
  rating: string;
}

/** Observes from now until OBSERVE_FOR_MS after `started` (performance.now() at the page's start), then sends once. */
export function observePerformance(options: { route: string | null; build: string | null; xsrf: string | null }, started: number): void {
  const latest = new Map<string, PerformanceMetric>();
  let open = true;
  const keep = (metric: PerformanceMetric) => {
    if (open) latest.set(metric.name, { name: metric.name, value: metric.value, rating: metric.rating });
  };
  for (const observe of [onTTFB, onFCP, onLCP, onCLS]) observe(keep, { reportAllChanges: true });
  setTimeout(() => {
    open = false;
    if (!latest.size) return;
    void fetch(PERFORMANCE_REPORT_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'content-type': 'application/json', 'x-xsrf-token': options.xsrf ?? '1' },
      body: JSON.stringify({ route: options.route, build: options.build, metrics: [...latest.values()] }),
    }).catch(() => {
      // Report failures are swallowed (docs/product/3-routes-data-calls-constants.md §8).
    });
  }, Math.max(0, OBSERVE_FOR_MS - (performance.now() - started)));
}
