// Client error reports' records and their sending (docs/product/3-routes-data-calls-constants.md §8):
// records are queued (at most 10 pending, 50 per page life) and sent as one JSON array after 5
// seconds to the report intake (worker/reports/error-reports.ts). Each record carries message,
// file, line, column, stack, the client build and the route; the intake adds the signed-in user
// from the session. A chunk of its own, imported with a page's first error by the reporter the
// page starts with (client/app/error-reporter.ts; docs/adr/0233-a-visitors-shell-without-signed-in-code.md).
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

/** What a record says of the moment the error was reported, taken then (before this chunk was in). */
export interface ErrorMoment {
  build: string | null;
  route: string | null;
  url: string;
  timestamp: number;
}

let pending: ErrorRecord[] = [];
let total = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let xsrf = '1';

/** The record of an error: the place the browser gave, else the first frame of its stack. */
export function errorRecord(error: Error, place: ErrorPlace, moment: ErrorMoment): ErrorRecord {
  const frame = place.file ? null : firstFrame(error.stack);
  return {
    name: error.name,
    message: error.message || String(error),
    file: place.file || frame?.file || null,
    line: place.line ?? frame?.line ?? null,
    column: place.column ?? frame?.column ?? null,
    stack: error.stack ?? null,
    build: moment.build,
    route: moment.route,
    url: moment.url,
    timestamp: moment.timestamp,
  };
}

/** Queues the record of an error; the queue is sent FLUSH_AFTER_MS after its first record. */
export function queueErrorReport(error: Error, place: ErrorPlace, moment: ErrorMoment, antiForgery: string): void {
  if (total >= MAX_TOTAL || pending.length >= MAX_PENDING) return;
  xsrf = antiForgery;
  total++;
  pending.push(errorRecord(error, place, moment));
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
    headers: { 'content-type': 'application/json', 'x-xsrf-token': xsrf },
    body: JSON.stringify(records),
  }).catch(() => {
    // Report failures are swallowed: reporting must never break the page.
  });
}
