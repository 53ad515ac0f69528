// The Vellum worker: fixed endpoints first, then every other path is a page of the host's route
// table, through the page pipeline. What every request goes through, in order, is listed in
// worker/pipeline/page-pipeline.ts's opening comment.
import { Hono } from 'hono';
import type { ExecutionContext } from '@cloudflare/workers-types';
import type { Env } from './env.ts';
import { mountGraphQL } from './graphql/endpoint.ts';
import { answerFromEdgeCache, pagePipeline } from './pipeline/page-pipeline.ts';
import { mountUploads } from './endpoints/uploads.ts';
import { mountUploadUrl } from './endpoints/upload-url.ts';
import { ERROR_REPORT_PATH, errorReportBodyLimit, handleErrorReport } from './reports/error-reports.ts';
import { serverErrorPage } from './pages/server-error-page.ts';
import { GEO_PATH, handleGeo } from './endpoints/geo.ts';
import { handlePurgeRequest, PURGE_PATH, purgeBodyLimit } from './endpoints/admin-purge.ts';
import { CACHE_STATUS_HEADER } from './cache/headers.ts';
import { mountAuth } from './endpoints/auth.ts';
import { mountCrossHostSignIn } from './pipeline/cross-host.ts';
import { mountPublicApi } from './api/v1/endpoints.ts';
import { mountOAuth } from './oauth/endpoints.ts';
import { mountIfttt } from './api/ifttt/endpoints.ts';
import { mountStaffPages } from './endpoints/staff-pages.ts';
import { mountStaffFediverse } from './endpoints/staff-fediverse.ts';
import { mountAccountExport } from './endpoints/account-export.ts';
import { scheduled } from './jobs/scheduled.ts';
import { mountFeeds } from './feeds/endpoints.ts';
import { mountSearch } from './endpoints/search.ts';
import { mountReader } from './endpoints/reader.ts';
import { logRequest, requestLog, type Routed } from './pipeline/request-log.ts';
import { cspReportBodyLimit, CSP_REPORT_PATH, handleCspReport } from './reports/csp-reports.ts';
import { missingRequiredSettings, MISCONFIGURED_RETRY_AFTER_SECONDS, reportMissingSettings } from './pipeline/required-settings.ts';
import { envWithFaults } from './hardening/fault-injection.ts';
import { withSecurityHeaders } from './hardening/security-headers.ts';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseFailure } from './pipeline/unavailable.ts';
import type { CountingD1 } from './db/counting-d1.ts';
import { mountMembership } from './endpoints/membership.ts';
import { mountNewsletters } from './endpoints/newsletters.ts';
import { mountPublicationLoadMore } from './endpoints/publication-load-more.ts';
import { mountFeaturePageEdit } from './endpoints/publication-feature-page-edit.ts';
import { queue } from './jobs/queue-consumer.ts';
import { handleFanOutMessage } from './jobs/queue-handlers.ts';
import { runInlineWith } from './queues/producer.ts';
import { federationRoute, varyProfilePagesOnAccept } from './federation/negotiation.ts';
import { mountPartnerProgram } from './endpoints/partner.ts';
import { mountEventIntake } from './endpoints/events.ts';

// Without a queue binding, enqueued work runs after the answer through the consumer's own handlers.
runInlineWith(handleFanOutMessage);

const app = new Hono<{ Bindings: Env }>();

app.get('/_/health', (c) => c.json({ ok: true }));
// GraphQL calls get their request record too: it carries the call's traceparent, so a page
// view's calls can be followed (worker/pipeline/request-log.ts; docs/adr/0105-trace-carrier.md).
app.use('/_/graphql', requestLog);
mountGraphQL(app);
mountUploads(app);
mountUploadUrl(app);
app.post(ERROR_REPORT_PATH, errorReportBodyLimit, (c) => handleErrorReport(c.req.raw, c.env));
app.post(CSP_REPORT_PATH, cspReportBodyLimit, (c) => handleCspReport(c.req.raw));
app.get(GEO_PATH, handleGeo);
app.all(PURGE_PATH, purgeBodyLimit, (c) => handlePurgeRequest(c.req.raw, c.env));
mountAuth(app);
mountCrossHostSignIn(app);
mountOAuth(app);
mountPublicApi(app);
mountIfttt(app);
mountStaffPages(app);
mountStaffFediverse(app);
mountAccountExport(app);
mountFeeds(app);
mountSearch(app);
// Registered before the reader's routes and the page pipeline, so each of their requests is
// logged once with its route (worker/pipeline/request-log.ts).
app.use('*', requestLog);
mountReader(app);
mountMembership(app);
mountNewsletters(app);
mountPublicationLoadMore(app);
mountFeaturePageEdit(app);
mountPartnerProgram(app);
mountEventIntake(app);
app.route('/', pagePipeline());

app.onError((error, c) => {
  const path = new URL(c.req.url).pathname;
  // The page pipeline's counted D1 (worker/pipeline/page-pipeline.ts) knows whether a query failed.
  const d1 = (c as unknown as { get(key: 'd1'): CountingD1 | undefined }).get('d1');
  const databaseDown = isDatabaseFailure(error, d1);
  console.error(
    JSON.stringify({ event: databaseDown ? 'database_unavailable' : 'unhandled_error', method: c.req.method, path, message: String(error), stack: error.stack }),
  );
  const retryAfter = { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) };
  if (path === '/_/graphql') {
    // A GraphQL client reads errors as GraphQL errors: the message only, never the stack.
    return databaseDown
      ? c.json({ errors: [{ message: 'Service unavailable. Please try again in a moment.' }] }, 503, retryAfter)
      : c.json({ errors: [{ message: 'Internal server error' }] }, 500);
  }
  if (path.startsWith('/_/')) return databaseDown ? c.text('Service unavailable', 503, retryAfter) : c.text('Internal server error', 500);
  const page = serverErrorPage(c.env, error, databaseDown ? { unavailable: { retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS } } : {});
  page.headers.set(CACHE_STATUS_HEADER, 'DYNAMIC');
  return page;
});

/**
 * Outside development, a deployment without its required secrets serves nothing
 * (worker/pipeline/required-settings.ts): pages get the 503 page, other paths a 503 text.
 */
function misconfiguredResponse(env: Env, requestUrl: string): Response {
  const { pathname } = new URL(requestUrl);
  if (pathname.startsWith('/_/') || pathname.startsWith('/m/')) {
    return new Response('Service unavailable: this deployment is not fully configured.', {
      status: 503,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': String(MISCONFIGURED_RETRY_AFTER_SECONDS) },
    });
  }
  return serverErrorPage(env, null, { unavailable: { retryAfterSeconds: MISCONFIGURED_RETRY_AFTER_SECONDS } });
}

/** Every request: the configuration check, the app (with a test's injected faults), the security headers. */
async function fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const missing = missingRequiredSettings(env);
  if (missing.length > 0) {
    reportMissingSettings(env, missing);
    return withSecurityHeaders(misconfiguredResponse(env, request.url), env, request.url);
  }
  const faulted = envWithFaults(request, env);
  // The fediverse's requests are answered before the edge cache, which never sees them: an actor
  // document and a page share an address, never a cached copy (docs/adr/0176-federation-before-the-edge-cache.md).
  const route = federationRoute(request);
  if (route) {
    const federated = await fromFederation(request, faulted, ctx, route);
    if (federated) return withSecurityHeaders(federated, env, request.url);
  }
  const hit = await fromEdgeCache(request, faulted, ctx);
  // A profile page shares its address with the actor document: Vary: Accept, HIT or not.
  return withSecurityHeaders(varyProfilePagesOnAccept(hit ?? (await app.fetch(request, faulted, ctx))), env, request.url);
}

/**
 * The federation's answer (worker/federation/serve.ts, loaded with Fedify only for such a request),
 * logged as every request is. null: not a profile's address, the app answers.
 */
async function fromFederation(request: Request, env: Env, ctx: ExecutionContext, route: NonNullable<ReturnType<typeof federationRoute>>): Promise<Response | null> {
  const { answerFederation } = await import('./federation/serve.ts');
  return logRequest(
    request,
    env,
    (promise) => ctx.waitUntil(promise),
    // An inbox listener writes through a signed-out context whose changes reach the consequences
    // (a reply purges its story's page); loaded, as Fedify is, only for the fediverse's requests.
    () =>
      answerFederation(request, env, route, async () => {
        const [{ requestContextFor }, { LOGGED_OUT }] = await Promise.all([import('./consequences/consequences.ts'), import('./session/viewer.ts')]);
        return requestContextFor({ db: env.DB, env, viewer: LOGGED_OUT, request });
      }),
    () => ({ routeName: route === 'endpoint' ? 'Federation' : 'FederationActor', routerType: null }),
  );
}

/**
 * The edge cache's fast path (docs/adr/0100-edge-cache-fast-path.md): a HIT for a request
 * without a session cookie, answered before the router. Its request record is written at debug
 * level (docs/adr/0194-hit-records-at-debug.md): a printed line was most of what a HIT cost
 * beyond the floor. null: the app answers (and any error of the attempt is the app's to meet again).
 */
async function fromEdgeCache(request: Request, env: Env, ctx: ExecutionContext): Promise<Response | null> {
  const waitUntil = (promise: Promise<unknown>) => ctx.waitUntil(promise);
  let routed: Routed = { routeName: null, routerType: null };
  try {
    return await logRequest(
      request,
      env,
      waitUntil,
      async () => {
        const hit = await answerFromEdgeCache(request, env, waitUntil);
        if (!hit) return null;
        routed = hit.routed;
        return hit.response;
      },
      () => routed,
      'debug',
    );
  } catch {
    return null;
  }
}

// fetch serves every request; scheduled runs the cron triggers of wrangler.toml; queue consumes
// the fan-out queue and its dead-letter queue (worker/jobs/queue-consumer.ts).
export default { fetch, scheduled, queue };
