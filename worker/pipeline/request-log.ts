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
import { LOG_LEVELS, logThreshold, runInRequestLogContext, writeLog, type LogLevel, type LogRecord, type RequestLogContext } from '../lib/log-context.ts';
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

/** Where a request was routed, for its record (read once it is answered). */
export interface Routed {
  routeName: string | null;
  routerType: string | null;
}

/**
 * Serves a request inside its log context and writes its one record when it is answered.
 * `serve` answering null means "not answered here" (the edge cache's fast path when it has
 * no HIT, worker/pipeline/page-pipeline.ts): no record then, the pipeline writes it.
 * `answeredLevel`: the level of the record of an answer below 400 (info unless said; the edge
 * cache's HITs say debug, docs/adr/0194-hit-records-at-debug.md); 4xx and 5xx keep warn and error.
 */
export async function logRequest(
  request: Request,
  settings: { LOG_INTAKE_URL?: string; LOG_LEVEL?: string } | undefined,
  waitUntil: ((promise: Promise<unknown>) => void) | null,
  serve: () => Promise<Response | null>,
  routed: () => Routed,
  answeredLevel: LogLevel = 'info',
): Promise<Response | null> {
  const started = Date.now();
  const requestId = requestIdOf(request);
  const intake = logIntakeUrl(settings?.LOG_INTAKE_URL);
  const forwarding = intake !== null && waitUntil !== null;
  const threshold = logThreshold(settings?.LOG_LEVEL);
  const context: RequestLogContext = { threshold, requestId, requestTag: requestTagOf(request), url: request.url, pending: forwarding ? [] : null, forwardLate: null };
  const response = await runInRequestLogContext(context, serve);
  if (!response) {
    // Lines logged while trying are not lost: forwarded on their own.
    if (forwarding && context.pending?.length) waitUntil(forwardLogs(intake, context.pending));
    return null;
  }
  const status = response.status;
  const levelName: LogLevel = status >= 500 ? 'error' : status >= 400 && status !== 404 ? 'warn' : answeredLevel;
  // A HIT served from memory may be immutable; the id header is then left out, never the answer.
  try {
    response.headers.set('x-request-id', requestId);
  } catch {
    // immutable headers
  }
  const where = routed();
  const trace = parseTraceParent(request.headers.get(TRACEPARENT_HEADER));
  const operations = request.headers.get('graphql-operation');
  const record: RequestLogRecord = {
    level: LOG_LEVELS[levelName],
    levelName,
    event: 'request',
    routeName: where.routeName,
    routerType: where.routerType,
    url: request.url,
    requestId,
    requestTag: context.requestTag,
    traceId: trace?.traceId ?? null,
    parentId: trace?.parentId ?? null,
    operations: operations && OPERATIONS.test(operations) ? operations : null,
    method: request.method,
    status,
    durationMs: Date.now() - started,
  };
  const quiet = record.level < threshold;
  if (!forwarding) {
    if (!quiet) writeLog(record);
    return response;
  }
  // The request's records go in one batch after the answer (forwarding never delays a reader),
  // each stamped with where the request was routed.
  const stamped = (line: LogRecord): LogRecord => ({ ...line, routeName: record.routeName, routerType: record.routerType });
  const batch = [...(context.pending ?? []).map(stamped), ...(quiet ? [] : [record])];
  context.pending = null;
  context.forwardLate = (line) => waitUntil(forwardLogs(intake, [stamped(line)]));
  if (batch.length) waitUntil(forwardLogs(intake, batch));
  return response;
}

/** The middleware: every request below it gets an id, and one record when it is answered. */
export const requestLog = createMiddleware<{ Bindings: { LOG_INTAKE_URL?: string; LOG_LEVEL?: string }; Variables: RoutedVariables }>(async (c, next) => {
  await logRequest(
    c.req.raw,
    c.env,
    executionWaitUntil(c),
    async () => {
      await next();
      return c.res;
    },
    () => ({ routeName: c.get('resolved')?.routeName ?? null, routerType: c.get('host')?.kind ?? null }),
  );
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
