// Client error reporting (docs/product/3-routes-data-calls-constants.md §8): the app-wide error
// boundary and the global error handlers report here. Records are queued (at most 10 pending,
// 50 per page life) and sent as one JSON array after 5 seconds to the report intake
// (worker/reports/error-reports.ts). Each record carries message, file, line, column, stack,
// the client build and the route; the intake adds the signed-in user from the session. Bots
// never report.
import { firstFrame } from '../../shared/stack-frames.ts';

const MAX_PENDING = 10;
const MAX_TOTAL = 50;
const FLUSH_AFTER_MS = 5000;
// Same path as worker/reports/error-reports.ts.
export const ERROR_REPORT_PATH = '/_/clientele/reports/errors';

export interface ErrorRecord {
  name: string;
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  stack: string | null;
  build: string | null;
  route: string | null;
  url: string;
  timestamp: number;
}

/** Where an error happened, when the browser said (a global error event). */
export interface ErrorPlace {
  file?: string;
  line?: number;
  column?: number;
}

const context = { build: null as string | null, route: null as string | null, isBot: false, xsrf: '1' };

let pending: ErrorRecord[] = [];
let total = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Set once at start-up: the client build, whether the reader is a bot and the anti-forgery value. */
export function configureErrorReports(options: { build: string | null; isBot: boolean; xsrf: string | null }): void {
  context.build = options.build;
  context.isBot = options.isBot;
  context.xsrf = options.xsrf ?? '1';
}

/** The route being shown (the app sets it on each page). */
export function setReportRoute(routeName: string | null): void {
  context.route = routeName;
}

/** The record of an error: the place the browser gave, else the first frame of its stack. */
export function errorRecord(error: Error, place: ErrorPlace = {}, url = ''): ErrorRecord {
  const frame = place.file ? null : firstFrame(error.stack);
  return {
    name: error.name,
    message: error.message || String(error),
    file: place.file || frame?.file || null,
    line: place.line ?? frame?.line ?? null,
    column: place.column ?? frame?.column ?? null,
    stack: error.stack ?? null,
    build: context.build,
    route: context.route,
    url,
    timestamp: Date.now(),
  };
}

export function reportError(error: Error, place: ErrorPlace = {}): void {
  console.error(error);
  if (typeof window === 'undefined' || context.isBot || total >= MAX_TOTAL || pending.length >= MAX_PENDING) return;
  total++;
  pending.push(errorRecord(error, place, window.location.href));
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
    headers: { 'content-type': 'application/json', 'x-xsrf-token': context.xsrf },
    body: JSON.stringify(records),
  }).catch(() => {
    // Report failures are swallowed: reporting must never break the page.
  });
}
