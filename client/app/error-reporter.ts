// Client error reporting (docs/product/2-sign-in-notices-cache-routing.md §8): records are queued
// (at most 10 pending, 50 per page life) and sent as one JSON array after 5 seconds to the report
// intake.
const MAX_PENDING = 10;
const MAX_TOTAL = 50;
const FLUSH_AFTER_MS = 5000;
// Same path as worker/reports/error-reports.ts.
export const ERROR_REPORT_PATH = '/_/clientele/reports/errors';

interface ErrorRecord {
  name: string;
  message: string;
  stack: string | undefined;
  timestamp: number;
  location: string;
  userAgent: string;
}

let pending: ErrorRecord[] = [];
let total = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

export function reportError(error: Error): void {
  console.error(error);
  if (typeof window === 'undefined' || total >= MAX_TOTAL || pending.length >= MAX_PENDING) return;
  total++;
  pending.push({
    name: error.name,
    message: error.message,
    stack: error.stack,
    timestamp: Date.now(),
    location: window.location.href,
    userAgent: navigator.userAgent,
  });
  timer ??= setTimeout(flush, FLUSH_AFTER_MS);
}

function flush(): void {
  timer = null;
  const records = pending;
  pending = [];
  if (!records.length) return;
  void fetch(ERROR_REPORT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    keepalive: true,
    headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' },
    body: JSON.stringify(records),
  }).catch(() => {
    // Report failures are swallowed: reporting must never break the page.
  });
}
