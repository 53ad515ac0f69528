// Structured request logs (docs/product/3-routes-data-calls-constants.md §7.3, §9): one record
// per page or reader request, written when its answer is ready, carrying the route name, the
// router type (the host kind whose route table answered), the request URL, the request id and
// the request tag, with the log-level numbers of §9. The request id is Cloudflare's ray id when
// there is one, else a fresh one; it is sent back as x-request-id so a reader's report of a
// problem can be matched to its log record. The request tag is the caller's x-request-tag
// (a synthetic check or a benchmark naming its requests), when it is a short token. A call with
// a valid W3C traceparent (every GraphQL call of our pages, shared/trace-context.ts) adds its
// trace id and parent span id, and a GraphQL call its operation names, so a page view's calls
// can be followed (docs/adr/0105-trace-carrier.md).
// With LOG_INTAKE_URL set, the request's records (this one and every line logEvent wrote while
// serving it, worker/lib/log-context.ts) are forwarded instead (worker/lib/log-forwarding.ts).
import { createMiddleware } from 'hono/factory';
import { LOG_LEVELS, runInRequestLogContext, writeLog, type LogLevel, type LogRecord, type RequestLogContext } from '../lib/log-context.ts';
import { forwardLogs, logIntakeUrl } from '../lib/log-forwarding.ts';
import { parseTraceParent, TRACEPARENT_HEADER } from '../../shared/trace-context.ts';

export { LOG_LEVELS, writeLog, type LogLevel } from '../lib/log-context.ts';

export interface RequestLogRecord {
  [field: string]: unknown;
  level: number;
  levelName: LogLevel;
  event: 'request';
  routeName: string | null;
  routerType: string | null;
  url: string;
  requestId: string;
  requestTag: string | null;
  /** From the caller's traceparent: the page view's trace, and the call's span in it. */
  traceId: string | null;
  parentId: string | null;
  /** A GraphQL call's operation names (its graphql-operation header), else null. */
  operations: string | null;
  method: string;
  status: number;
  durationMs: number;
}

const TAG = /^[\w.-]{1,64}$/;
const OPERATIONS = /^[\w,]{1,400}$/;

export function requestIdOf(request: Request): string {
  const ray = request.headers.get('cf-ray');
  return ray && TAG.test(ray) ? ray : crypto.randomUUID();
}

export function requestTagOf(request: Request): string | null {
  const tag = request.headers.get('x-request-tag');
  return tag && TAG.test(tag) ? tag : null;
}

interface RoutedVariables {
  resolved?: { routeName: string } | null;
  host?: { kind: string };
}

/** The middleware: every request below it gets an id, and one record when it is answered. */
export const requestLog = createMiddleware<{ Bindings: { LOG_INTAKE_URL?: string }; Variables: RoutedVariables }>(async (c, next) => {
  const started = Date.now();
  const requestId = requestIdOf(c.req.raw);
  const intake = logIntakeUrl(c.env?.LOG_INTAKE_URL);
  const waitUntil = intake ? executionWaitUntil(c) : null;
  const forwarding = intake !== null && waitUntil !== null;
  const context: RequestLogContext = { requestId, requestTag: requestTagOf(c.req.raw), url: c.req.url, pending: forwarding ? [] : null, forwardLate: null };
  await runInRequestLogContext(context, () => next());
  const status = c.res.status;
  const levelName: LogLevel = status >= 500 ? 'error' : status >= 400 && status !== 404 ? 'warn' : 'info';
  // A HIT served from memory may be immutable; the id header is then left out, never the answer.
  try {
    c.res.headers.set('x-request-id', requestId);
  } catch {
    // immutable headers
  }
  const trace = parseTraceParent(c.req.header(TRACEPARENT_HEADER));
  const operations = c.req.header('graphql-operation');
  const record: RequestLogRecord = {
    level: LOG_LEVELS[levelName],
    levelName,
    event: 'request',
    routeName: c.get('resolved')?.routeName ?? null,
    routerType: c.get('host')?.kind ?? null,
    url: c.req.url,
    requestId,
    requestTag: context.requestTag,
    traceId: trace?.traceId ?? null,
    parentId: trace?.parentId ?? null,
    operations: operations && OPERATIONS.test(operations) ? operations : null,
    method: c.req.method,
    status,
    durationMs: Date.now() - started,
  };
  if (!forwarding) return writeLog(record);
  // The request's records go in one batch after the answer (forwarding never delays a reader),
  // each stamped with where the request was routed.
  const routed = (line: LogRecord): LogRecord => ({ ...line, routeName: record.routeName, routerType: record.routerType });
  const batch = [...(context.pending ?? []).map(routed), record];
  context.pending = null;
  context.forwardLate = (line) => waitUntil(forwardLogs(intake, [routed(line)]));
  waitUntil(forwardLogs(intake, batch));
});

/** The execution context's waitUntil, or null where there is none (a direct app.request in a unit test). */
function executionWaitUntil(c: { executionCtx: { waitUntil(promise: Promise<unknown>): void } }): ((promise: Promise<unknown>) => void) | null {
  try {
    const ctx = c.executionCtx;
    return (promise) => ctx.waitUntil(promise);
  } catch {
    return null;
  }
}
