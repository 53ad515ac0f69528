// The Vellum worker: fixed endpoints first, then every other path is a page of the
// host's route table, through the page pipeline (host kind → edge-cache lookup → viewer →
// page, worker/pages/pipeline.ts).
import { Hono } from 'hono';
import type { Env } from './env.ts';
import { mountGraphQL } from './graphql/route.ts';
import { pagePipeline } from './pages/pipeline.ts';
import { placeholderImage } from './images/placeholder-image.ts';
import { ERROR_REPORT_PATH, errorReportBodyLimit, handleErrorReport } from './reports/error-reports.ts';
import { serverErrorPage } from './pages/server-error-page.ts';
import { GEO_PATH, handleGeo } from './api/geo.ts';
import { handlePurgeRequest, PURGE_PATH, purgeBodyLimit } from './cache/admin-purge.ts';
import { CACHE_STATUS_HEADER } from './cache/headers.ts';
import { mountAuth } from './auth/routes.ts';
import { scheduled } from './scheduled.ts';
import { mountFeeds } from './feeds/routes.ts';
import { mountMembership } from './membership/routes.ts';

const app = new Hono<{ Bindings: Env }>();

app.get('/_/health', (c) => c.json({ ok: true }));
mountGraphQL(app);
app.get('/_/img/v2/*', (c) => placeholderImage(new URL(c.req.url).pathname.slice('/_/img/v2/'.length)));
app.post(ERROR_REPORT_PATH, errorReportBodyLimit, (c) => handleErrorReport(c.req.raw));
app.get(GEO_PATH, handleGeo);
app.all(PURGE_PATH, purgeBodyLimit, (c) => handlePurgeRequest(c.req.raw, c.env));
mountAuth(app);
mountFeeds(app);
mountMembership(app);
app.route('/', pagePipeline());

app.onError((error, c) => {
  const path = new URL(c.req.url).pathname;
  console.error(JSON.stringify({ event: 'unhandled_error', method: c.req.method, path, message: String(error), stack: error.stack }));
  if (path.startsWith('/_/')) return c.text('Internal server error', 500);
  const page = serverErrorPage(c.env, error);
  page.headers.set(CACHE_STATUS_HEADER, 'DYNAMIC');
  return page;
});

// fetch serves every request; scheduled runs the cron triggers of wrangler.toml.
export default { fetch: app.fetch, scheduled };
