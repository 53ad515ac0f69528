// Performance reporting (docs/product/3-routes-data-calls-constants.md §7.5, §9): a sample of
// page loads measure their web vitals with the web-vitals library and send them once to
// /_/clientele/reports/performance/. The observer stops after 2,500 ms (§9): what was measured
// by then is sent, so a report never waits for the page to be hidden. Bots never report.
// The library is loaded only by the sampled page loads (a chunk of its own).
import { whenIdle } from './when-idle.ts';

export const PERFORMANCE_REPORT_PATH = '/_/clientele/reports/performance/';
export const OBSERVE_FOR_MS = 2500;
/** One page load in ten reports: enough for medians, light for readers. */
export const SAMPLE_RATE = 0.1;

export interface PerformanceMetric {
  name: string;
  value: number;
  rating: string;
}

export interface PerformanceReportOptions {
  isBot: boolean;
  route: string | null;
  build: string | null;
  xsrf: string | null;
  /** For tests: the sampling draw (0 ≤ n < 1). */
  draw?: number;
}

export async function startPerformanceReports(options: PerformanceReportOptions): Promise<void> {
  if (options.isBot || (options.draw ?? Math.random()) >= SAMPLE_RATE) return;
  const started = performance.now();
  // Loaded once the page is idle, not with start-up (docs/adr/0096-hydrate-what-the-reader-can-use.md):
  // its observers read the buffered entries, so nothing measured is lost.
  await new Promise<void>((resolve) => {
    whenIdle(() => resolve());
  });
  const { onCLS, onFCP, onLCP, onTTFB } = await import('web-vitals');
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
