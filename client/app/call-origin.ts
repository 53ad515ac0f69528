// Where the data client's calls are made from, for their headers
// (docs/product/2-sign-in-notices-cache-routing.md §7): the route's metric name — the route
// table's name of the page being shown or prepared — and the path with its query. Set at
// start-up from the server's resolution and by each navigation before it asks for data
// (page-preparation.ts), so a call for the next page names that page.
//
// The trace carrier (docs/product/3-routes-data-calls-constants.md §7.4; docs/adr/0105-trace-carrier.md):
// each page view is one W3C trace, started here at start-up and again when a navigation asks for
// another page; every call carries a traceparent of that trace with a span id of its own, and
// the worker's request log records both. Pages come from a shared edge cache, so the trace is
// the browser's, never one written into the page. Optional test-fixture headers (set by a test
// through window.__TEST_FIXTURE_HEADERS__, client/app/startup-globals.ts) go on every call too.
import type { CallOrigin } from './batch-exchange.ts';
import { formatTraceParent, newSpanId, newTraceId, TRACEPARENT_HEADER } from '../../shared/trace-context.ts';

let current: CallOrigin = { routeMetric: null, path: '/' };
let traceId: string | null = null;
let fixtureHeaders: Record<string, string> = {};

export function setCallOrigin(routeMetric: string | null | undefined, path: string): void {
  // Another page: another page view, another trace.
  if (traceId === null || path !== current.path) traceId = newTraceId();
  current = { routeMetric: routeMetric ?? null, path };
}

export function callOrigin(): CallOrigin {
  return current;
}

/** Headers of test fixtures a call may carry: x-test-fixture and x-test-fixture-<name>. */
const FIXTURE_HEADER = /^x-test-fixture(-[a-z0-9-]{1,40})?$/;

/** Keeps the well-formed test-fixture headers of what the page was given; the rest is ignored. */
export function setTestFixtureHeaders(given: unknown): void {
  fixtureHeaders = {};
  if (typeof given !== 'object' || given === null) return;
  for (const [name, value] of Object.entries(given)) {
    const lower = name.toLowerCase();
    if (FIXTURE_HEADER.test(lower) && typeof value === 'string' && value.length <= 200 && !/[\r\n]/.test(value)) fixtureHeaders[lower] = value;
  }
}

/** The trace carrier's headers for one call (a new span of the page view's trace) and the fixture headers. */
export function callTraceHeaders(): Record<string, string> {
  traceId ??= newTraceId();
  return { ...fixtureHeaders, [TRACEPARENT_HEADER]: formatTraceParent({ traceId, parentId: newSpanId(), sampled: true }) };
}
