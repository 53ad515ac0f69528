// Structured request logs (docs/product/3-routes-data-calls-constants.md §7.3, §9): one record
// per page or reader request, written when its answer is ready, carrying the route name, the
// router type (the host kind whose route table answered), the request URL, the request id and
// the request tag, with the log-level numbers of §9. The request id is Cloudflare's ray id when
// there is one, else a fresh one; it is sent back as x-request-id so a reader's report of a
// problem can be matched to its log record. The request tag is the caller's x-request-tag
// (a synthetic check or a benchmark naming its requests), when it is a short token.
// With LOG_INTAKE_URL set, the request's records are forwarded instead (worker/lib/log-forwarding.ts).
import { createMiddleware } from 'hono/factory';
import { forwardLogs, logIntakeUrl } from './log-forwarding.ts';

export const LOG_LEVELS = { silent: 100, error: 50, warn: 40, info: 30, debug: 20, trace: 10 } as const;
export type LogLevel = Exclude<keyof typeof LOG_LEVELS, 'silent'>;

export interface RequestLogRecord {
  level: number;
  levelName: LogLevel;
  event: 'request';
  routeName: string | null;
  routerType: string | null;
  url: string;
  requestId: string;
  requestTag: string | null;
  method: string;
  status: number;
  durationMs: number;
}

const TAG = /^[\w.-]{1,64}$/;

export function requestIdOf(request: Request): string {
  const ray = request.headers.get('cf-ray');
  return ray && TAG.test(ray) ? ray : crypto.randomUUID();
}

export function requestTagOf(request: Request): string | null {
  const tag = request.headers.get('x-request-tag');
  return tag && TAG.test(tag) ? tag : null;
}

/** Writes a record as one JSON line at its level (console.error for errors, so log search finds them). */
export function writeLog(record: RequestLogRecord): void {
  const line = JSON.stringify(record);
  if (record.level >= LOG_LEVELS.error) console.error(line);
  else if (record.level >= LOG_LEVELS.warn) console.warn(line);
  else console.log(line);
}

interface RoutedVariables {
  resolved?: { routeName: string } | null;
  host?: { kind: string };
}

/** The middleware: every request below it gets an id, and one record when it is answered. */
export const requestLog = createMiddleware<{ Bindings: { LOG_INTAKE_URL?: string }; Variables: RoutedVariables }>(async (c, next) => {
  const started = Date.now();
  const requestId = requestIdOf(c.req.raw);
  await next();
  const status = c.res.status;
  const levelName: LogLevel = status >= 500 ? 'error' : status >= 400 && status !== 404 ? 'warn' : 'info';
  // A HIT served from memory may be immutable; the id header is then left out, never the answer.
  try {
    c.res.headers.set('x-request-id', requestId);
  } catch {
    // immutable headers
  }
  const record: RequestLogRecord = {
    level: LOG_LEVELS[levelName],
    levelName,
    event: 'request',
    routeName: c.get('resolved')?.routeName ?? null,
    routerType: c.get('host')?.kind ?? null,
    url: c.req.url,
    requestId,
    requestTag: requestTagOf(c.req.raw),
    method: c.req.method,
    status,
    durationMs: Date.now() - started,
  };
  const intake = logIntakeUrl(c.env?.LOG_INTAKE_URL);
  const waitUntil = intake ? executionWaitUntil(c) : null;
  // The request's records go in one batch after the answer (forwarding never delays a reader).
  if (intake && waitUntil) waitUntil(forwardLogs(intake, [record]));
  else writeLog(record);
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
