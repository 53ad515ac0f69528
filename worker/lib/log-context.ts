// The request a log line belongs to (docs/product/3-routes-data-calls-constants.md §7.3): every
// structured line the worker writes while serving a request (logEvent) carries that request's
// id, tag and URL, and, when LOG_INTAKE_URL is set, is forwarded with the request's own record in
// one batch after the answer, each stamped with the route name and router type the request
// resolved to. The request is found through AsyncLocalStorage (the nodejs_als compatibility
// flag), so no function has to pass a logger down. Lines written outside any request (cron
// jobs, queue batches) stay structured console lines, which Workers Logs keeps.
import { AsyncLocalStorage } from 'node:async_hooks';

export const LOG_LEVELS = { silent: 100, error: 50, warn: 40, info: 30, debug: 20, trace: 10 } as const;
export type LogLevel = Exclude<keyof typeof LOG_LEVELS, 'silent'>;

/** One structured line: its level, its event name and the event's own fields. */
export interface LogRecord {
  level: number;
  levelName: LogLevel;
  event: string;
  [field: string]: unknown;
}

export interface RequestLogContext {
  /** Records below this level (LOG_LEVELS) are not written: the deployment's LOG_LEVEL. */
  threshold: number;
  requestId: string;
  requestTag: string | null;
  url: string;
  /** Set when the request's records are forwarded: they wait here for the batch after the answer. */
  pending: LogRecord[] | null;
  /** After the batch has gone, a late line (from waitUntil work) is forwarded on its own. */
  forwardLate: ((record: LogRecord) => void) | null;
}

const storage = new AsyncLocalStorage<RequestLogContext>();

export function runInRequestLogContext<T>(context: RequestLogContext, work: () => T): T {
  return storage.run(context, work);
}

/** Writes a record as one JSON line at its level (console.error for errors, so log search finds them). */
export function writeLog(record: LogRecord): void {
  const line = JSON.stringify(record);
  if (record.level >= LOG_LEVELS.error) console.error(line);
  else if (record.level >= LOG_LEVELS.warn) console.warn(line);
  else console.log(line);
}

/** The threshold a LOG_LEVEL setting names (docs/adr/0108-startup-configuration.md): info unless it names a level. */
export function logThreshold(setting: string | undefined): number {
  return setting !== undefined && Object.hasOwn(LOG_LEVELS, setting) ? LOG_LEVELS[setting as keyof typeof LOG_LEVELS] : LOG_LEVELS.info;
}

/** Logs one structured event, tied to the request being served (if any), unless its level is below the request's threshold. */
export function logEvent(fields: { event: string } & Record<string, unknown>, levelName: LogLevel = 'info'): void {
  const context = storage.getStore();
  if (context && LOG_LEVELS[levelName] < context.threshold) return;
  const record: LogRecord = {
    level: LOG_LEVELS[levelName],
    levelName,
    ...fields,
    ...(context ? { requestId: context.requestId, requestTag: context.requestTag, url: context.url } : {}),
  };
  if (context?.pending) context.pending.push(record);
  else if (context?.forwardLate) context.forwardLate(record);
  else writeLog(record);
}
