// Performance reporting (docs/product/3-routes-data-calls-constants.md §7.5, §9): a sample of
// page loads measure their web vitals and send them once to /_/clientele/reports/performance/.
// Bots never report. The draw is all a page starts with: the observer and the web-vitals library
// (performance-observer.ts) are a chunk loaded only by the sampled page loads, once the page is
// idle (docs/adr/0096-hydrate-what-the-reader-can-use.md, docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
import { whenIdle } from './when-idle.ts';

/** One page load in ten reports: enough for medians, light for readers. */
export const SAMPLE_RATE = 0.1;

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
  // The observation window counts from here, the page's start (performance-observer.ts).
  const started = performance.now();
  await new Promise<void>((resolve) => {
    whenIdle(() => resolve());
  });
  const { observePerformance } = await import('./performance-observer.ts');
  observePerformance(options, started);
}
