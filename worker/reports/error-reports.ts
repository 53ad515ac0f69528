// Intake for client error reports (docs/product/2-sign-in-notices-cache-routing.md §8): a JSON
// array of records, sent by the browser's reporter with the header x-xsrf-token: 1. Each record
// becomes one structured log line, which is where operators read them (wrangler tail / Workers
// Logs).

import { bodyLimit } from 'hono/body-limit';

export const ERROR_REPORT_PATH = '/_/clientele/reports/errors';
const MAX_BODY_BYTES = 64 * 1024;

/** Refuses a report body over 64 KiB with 413, counting a streamed body too. */
export const errorReportBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => new Response('Report too large.', { status: 413 }) });
const MAX_RECORDS = 50;
const FIELDS = ['name', 'message', 'stack', 'timestamp', 'location', 'userAgent', 'file', 'line'] as const;

export async function handleErrorReport(request: Request): Promise<Response> {
  if (!request.headers.get('x-xsrf-token')) return new Response('Missing x-xsrf-token header.', { status: 403 });
  const text = await request.text();
  let records: unknown;
  try {
    records = JSON.parse(text);
  } catch {
    return new Response('Expected a JSON array of error records.', { status: 400 });
  }
  if (!Array.isArray(records)) return new Response('Expected a JSON array of error records.', { status: 400 });
  for (const record of records.slice(0, MAX_RECORDS)) {
    if (typeof record !== 'object' || record === null) continue;
    const line: Record<string, unknown> = { event: 'client_error' };
    for (const field of FIELDS) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value === 'string') line[field] = value.slice(0, 4000);
      else if (typeof value === 'number') line[field] = value;
    }
    console.error(JSON.stringify(line));
  }
  return new Response(null, { status: 204 });
}
