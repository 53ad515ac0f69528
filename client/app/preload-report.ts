// The page-preload report (docs/product/1-product-screens-membership-header-search.md §7): when a
// link's hover or focus preloads another page, one report says which page the reader was on,
// which page was preloaded, whether they are signed in and whether the device is a phone or a
// tablet. It goes to worker/reports/preload-reports.ts; failures are swallowed
// (docs/product/3-routes-data-calls-constants.md §7.2).

export const PRELOAD_REPORT_PATH = '/_/clientele/reports/preload/';

export interface PreloadReport {
  currentPage: string | null;
  preloadedPage: string | null;
  isLoggedIn: boolean;
  isMobileOrTablet: boolean;
}

/** Phones and tablets by their user agent (iPadOS asks for the desktop site: a touch Mac is one). */
export function isMobileOrTabletAgent(userAgent: string, maxTouchPoints = 0): boolean {
  return /Mobi|Android|iPad|iPhone|Tablet|Silk|Kindle/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}

export function sendPreloadReport(report: PreloadReport, xsrf: string | null): void {
  void fetch(PRELOAD_REPORT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf ?? '1' },
    body: JSON.stringify(report),
  }).catch(() => {
    // A lost report costs nothing; the preload itself is done.
  });
}
