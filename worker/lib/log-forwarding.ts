// Log forwarding (docs/product/3-routes-data-calls-constants.md §7.3): when LOG_INTAKE_URL is
// set, the records a request wrote are POSTed to that log-intake service as one JSON array once
// the answer is on its way (ctx.waitUntil), each record plus its source, the service ("lite")
// and a status (its level's name). Failures are swallowed: a slow or broken intake never delays
// or fails a reader's request. Unset, the records are structured console lines (Workers Logs).
import type { LogRecord } from './log-context.ts';

export const LOG_SOURCE = 'vellum-worker';
export const LOG_SERVICE = 'lite';
/** An intake that has not answered by then is given up on (waitUntil has its own limit too). */
export const LOG_INTAKE_TIMEOUT_MS = 5000;

/** What the intake receives: the record with any status it had as httpStatus, and status the level's name. */
export type ForwardedLogRecord = Omit<LogRecord, 'status'> & {
  httpStatus?: unknown;
  source: string;
  service: string;
  status: string;
};

/** Query values that grant something (sign-in links, OAuth codes) never leave for a third party. */
const SECRET_PARAMETER = /token|code|key|secret|signature|password|state/i;

export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    let changed = false;
    for (const name of [...new Set(parsed.searchParams.keys())]) {
      if (SECRET_PARAMETER.test(name)) {
        parsed.searchParams.set(name, 'redacted');
        changed = true;
      }
    }
    return changed ? parsed.href : url;
  } catch {
    return url;
  }
}

export function forwardedRecord(record: LogRecord): ForwardedLogRecord {
  // An intake's "status" is the record's level (§7.3); a status the record had moves to httpStatus.
  const { status, ...rest } = record;
  return {
    ...rest,
    ...(typeof record.url === 'string' ? { url: redactUrl(record.url) } : {}),
    ...(status !== undefined ? { httpStatus: status } : {}),
    source: LOG_SOURCE,
    service: LOG_SERVICE,
    status: record.levelName,
  };
}

/** The intake's address when it is a usable http(s) URL, else null (console logs instead). */
export function logIntakeUrl(setting: string | undefined): URL | null {
  if (!setting) return null;
  try {
    const url = new URL(setting);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** One POST of a request's records; resolves whatever happens. */
export async function forwardLogs(intake: URL, records: readonly LogRecord[]): Promise<void> {
  if (records.length === 0) return;
  try {
    const answer = await fetch(intake, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(records.map(forwardedRecord)),
      signal: AbortSignal.timeout(LOG_INTAKE_TIMEOUT_MS),
    });
    await answer.body?.cancel();
  } catch {
    // Swallowed (§7.3): the reader's answer has already gone.
  }
}
