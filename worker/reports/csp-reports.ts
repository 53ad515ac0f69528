// Intake for Content-Security-Policy violation reports (docs/adr/0052-page-content-security-policy.md): pages
// name it in their policy (report-uri, worker/hardening/security-headers.ts). Browsers send
// either format:
//   application/csp-report      {"csp-report": {"document-uri", "violated-directive", …}} (report-uri)
//   application/reports+json    [{"type": "csp-violation", "url", "body": {"documentURL", …}}] (Reporting API)
// Each violation becomes one structured log line {event: "csp_violation", …}, read where
// operators read logs (wrangler tail / Workers Logs). Browsers send no custom header with
// these, so no anti-forgery header is asked; a forged report only writes a log line, capped.
import { bodyLimit } from 'hono/body-limit';
import { logEvent } from '../lib/log-context.ts';

export { CSP_REPORT_PATH } from '../hardening/security-headers.ts';

const MAX_BODY_BYTES = 64 * 1024;
const MAX_REPORTS = 20;
const MAX_FIELD_CHARS = 1000;

/** Refuses a report body over 64 KiB with 413, counting a streamed body too. */
export const cspReportBodyLimit = bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => new Response('Report too large.', { status: 413 }) });

/** The fields logged, by their name in the report-uri format and in the Reporting API's. */
const FIELDS: readonly [logged: string, legacy: string, reporting: string][] = [
  ['documentURL', 'document-uri', 'documentURL'],
  ['blockedURL', 'blocked-uri', 'blockedURL'],
  ['effectiveDirective', 'effective-directive', 'effectiveDirective'],
  ['violatedDirective', 'violated-directive', 'effectiveDirective'],
  ['disposition', 'disposition', 'disposition'],
  ['sourceFile', 'source-file', 'sourceFile'],
  ['lineNumber', 'line-number', 'lineNumber'],
  ['columnNumber', 'column-number', 'columnNumber'],
  ['sample', 'script-sample', 'sample'],
  ['statusCode', 'status-code', 'statusCode'],
];

export interface CspViolation {
  [field: string]: string | number;
}

function pickFields(body: Record<string, unknown>, format: 1 | 2): CspViolation {
  const picked: CspViolation = {};
  for (const names of FIELDS) {
    const value = body[names[format]];
    if (typeof value === 'string') picked[names[0]] = value.slice(0, MAX_FIELD_CHARS);
    else if (typeof value === 'number' && Number.isFinite(value)) picked[names[0]] = value;
  }
  return picked;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The violations a report body holds (either format); null when it is neither. */
export function parseCspReports(value: unknown): CspViolation[] | null {
  if (isRecord(value) && isRecord(value['csp-report'])) return [pickFields(value['csp-report'], 1)];
  if (Array.isArray(value)) {
    return value
      .slice(0, MAX_REPORTS)
      .filter((report): report is { type: string; body: Record<string, unknown> } => isRecord(report) && report.type === 'csp-violation' && isRecord(report.body))
      .map((report) => pickFields(report.body, 2));
  }
  return null;
}

export async function handleCspReport(request: Request): Promise<Response> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await request.text());
  } catch {
    return new Response('Expected a CSP violation report (JSON).', { status: 400 });
  }
  const violations = parseCspReports(parsed);
  if (!violations) return new Response('Expected a CSP violation report (JSON).', { status: 400 });
  for (const violation of violations) logEvent({ event: 'csp_violation', ...violation }, 'warn');
  return new Response(null, { status: 204 });
}
