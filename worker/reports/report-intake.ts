// One intake for the browser's small JSON reports (performance, preload): the same refusals for
// each, so they cannot drift apart. Over the size → 413; no anti-forgery header → 403; not JSON
// or not the report's shape → 400; a bot's report → 204, not counted; too many from one client
// address → 429; otherwise one structured log line (the event) and 204.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { clientAddress } from '../auth/client-address.ts';
import { isBotAgent } from '../session/viewer.ts';
import { logEvent } from '../lib/log-context.ts';

export interface ReportIntake<Report extends object> {
  /** The path with its trailing slash; the same path without it is served too. */
  path: string;
  maxBodyBytes: number;
  limit: Limit;
  /** The report of a parsed body, or null when it is not one. */
  read: (body: unknown) => Report | null;
  /** The log line's event name. */
  event: string;
  /** What the report is, for the 400 texts: "a JSON {kind} report". */
  kind: string;
  /** The shape, for the 400 text. */
  shape: string;
}

export function mountReportIntake<Report extends object>(app: Hono<{ Bindings: Env }>, intake: ReportIntake<Report>): void {
  const handler = bodyLimit({ maxSize: intake.maxBodyBytes, onError: () => new Response('Report too large.', { status: 413 }) });
  for (const path of [intake.path, intake.path.slice(0, -1)]) {
    app.post(path, handler, async (c) => {
      if (!c.req.header('x-xsrf-token')) return c.text('Missing x-xsrf-token header.', 403);
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.text(`Expected a JSON ${intake.kind} report.`, 400);
      }
      const report = intake.read(body);
      if (!report) return c.text(`Expected ${intake.shape}.`, 400);
      if (isBotAgent(c.req.header('user-agent') ?? '')) return c.body(null, 204);
      const limit = await hit(c.env.DB, intake.limit, clientAddress(c.req.raw), Date.now());
      if (!limit.allowed) return c.text('Too many reports.', 429);
      logEvent({ event: intake.event, ...report });
      return c.body(null, 204);
    });
  }
}
