// Error reports (docs/product/3-routes-data-calls-constants.md §8: "an app-wide error boundary
// shows a fallback view and reports; the global error handler reports too").
//
// Intake: POST /_/clientele/reports/errors, a JSON array of records sent by the browser's
// reporter (client/app/error-reporter.ts, client/app/error-report-queue.ts) with the header x-xsrf-token. Each record carries
// message, file, line, column, stack, the client build and the route; the signed-in user's id
// is taken from the session, never from the body. Refusals:
//   - a body over 64 KiB → 413 (counted while it streams);
//   - not JSON, not an array, or no record with a message → 400;
//   - more than MAX_REQUESTS_PER_MINUTE reports from one client address → 429;
//   - a bot's report is answered 204 and not counted.
// At most MAX_RECORDS records of a body are kept and every text is cut to its cap, so one
// request stores a bounded amount whatever it holds.
//
// Server render crashes are reported here too (reportServerError), with the same fields.
// Each report is one row of error_reports and one structured log line (wrangler tail /
// Workers Logs). docs/reader.md, "Errors, seen and reported".
import { bodyLimit } from 'hono/body-limit';
import type { D1Database } from '@cloudflare/workers-types';
import { orm } from '../db/orm.ts';
import { errorReports } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { clientAddress } from '../auth/client-address.ts';
import { isBotAgent, resolveViewer } from '../session/viewer.ts';
import type { Env } from '../env.ts';
import { firstFrame } from '../../shared/stack-frames.ts';
import { logEvent } from '../lib/log-context.ts';

export const ERROR_REPORT_PATH = '/_/clientele/reports/errors';
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_RECORDS = 10;
export const MAX_REQUESTS_PER_MINUTE = 20;

const ROWS_PER_INSERT = 7;
const REPORT_LIMIT: Limit = { name: 'error-report:address', max: MAX_REQUESTS_PER_MINUTE, windowMs: 60 * 1000 };

/** Caps of each text field (characters). */
const CAPS = { message: 1000, file: 500, stack: 8000, build: 100, route: 100, url: 2000, userAgent: 500 } as const;

/** Refuses a report body over 64 KiB with 413, counting a streamed body too. */
export const errorReportBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => new Response('Report too large.', { status: 413 }) });

export interface ErrorReport {
  source: 'client' | 'server';
  message: string;
  file: string | null;
  line: number | null;
  column: number | null;
  stack: string | null;
  build: string | null;
  route: string | null;
  url: string | null;
  userId: string | null;
  userAgent: string | null;
}

function text(value: unknown, cap: number): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, cap) : null;
}

function position(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000_000 ? value : null;
}

/** A record of the body as a report, or null when it has no message. */
export function readRecord(record: unknown): Omit<ErrorReport, 'source' | 'userId' | 'userAgent'> | null {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return null;
  const r = record as Record<string, unknown>;
  const message = text(r.message, CAPS.message);
  if (!message) return null;
  return {
    message,
    file: text(r.file, CAPS.file),
    line: position(r.line),
    column: position(r.column),
    stack: text(r.stack, CAPS.stack),
    build: text(r.build, CAPS.build),
    route: text(r.route, CAPS.route),
    url: text(r.url, CAPS.url),
  };
}

/** Stores reports (one row each) and logs them. */
export async function storeReports(db: D1Database, reports: readonly ErrorReport[], now = Date.now()): Promise<void> {
  if (!reports.length) return;
  const rows = reports.map((r) => ({
    id: newId(),
    createdAt: now,
    source: r.source,
    message: r.message,
    file: r.file,
    line: r.line,
    columnNumber: r.column,
    stack: r.stack,
    clientBuild: r.build,
    route: r.route,
    url: r.url,
    userId: r.userId,
    userAgent: r.userAgent,
  }));
  // D1 binds at most 100 values per statement: 13 columns a row, so 7 rows a statement.
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await orm(db).insert(errorReports).values(rows.slice(i, i + ROWS_PER_INSERT));
  for (const r of reports) {
    logEvent({ event: r.source === 'client' ? 'client_error' : 'server_render_error', ...r, stack: r.stack?.slice(0, 2000) }, 'error');
  }
}

export async function handleErrorReport(request: Request, env: Pick<Env, 'DB'>): Promise<Response> {
  if (!request.headers.get('x-xsrf-token')) return new Response('Missing x-xsrf-token header.', { status: 403 });
  const userAgent = request.headers.get('user-agent') ?? '';
  let records: unknown;
  try {
    records = JSON.parse(await request.text());
  } catch {
    return new Response('Expected a JSON array of error records.', { status: 400 });
  }
  if (!Array.isArray(records)) return new Response('Expected a JSON array of error records.', { status: 400 });
  const read = records.slice(0, MAX_RECORDS).map(readRecord).filter((r) => r !== null);
  if (!read.length) return new Response('Expected records with a message.', { status: 400 });
  // Bots are answered like anyone (nothing to learn from the answer) but never counted.
  if (isBotAgent(userAgent)) return new Response(null, { status: 204 });
  const limit = await hit(env.DB, REPORT_LIMIT, clientAddress(request), Date.now());
  if (!limit.allowed) {
    return new Response('Too many reports.', { status: 429, headers: { 'retry-after': String(Math.ceil(limit.retryAfterMs / 1000)) } });
  }
  const viewer = await resolveViewer(env.DB, request);
  const userId = viewer.user?.id ?? null;
  await storeReports(
    env.DB,
    read.map((r) => ({ ...r, source: 'client' as const, userId, userAgent: text(userAgent, CAPS.userAgent) })),
  );
  return new Response(null, { status: 204 });
}

/** A server render crash, reported like a client's: the first frame gives file and line. */
export function serverReport(error: unknown, facts: { build: string | null; route: string | null; url: string; userId: string | null; userAgent: string | null }): ErrorReport {
  const err = error instanceof Error ? error : new Error(String(error));
  const frame = firstFrame(err.stack);
  return {
    source: 'server',
    message: text(`${err.name}: ${err.message}`, CAPS.message) ?? 'Error',
    file: frame ? text(frame.file, CAPS.file) : null,
    line: frame?.line ?? null,
    column: frame?.column ?? null,
    stack: text(err.stack, CAPS.stack),
    build: facts.build,
    route: facts.route,
    url: text(facts.url, CAPS.url),
    userId: facts.userId,
    userAgent: text(facts.userAgent, CAPS.userAgent),
  };
}
