// The request pipeline: every request-wide middleware lives here, in worker/pipeline/, and is
// listed below in the order a request meets it (docs/adr/0018-layers.md; docs/adr/0019-edge-cache-on-the-cache-api.md
// tells why the cache comes before the viewer). Features never import the pipeline's types.
//
// Every request (worker/index.ts):
//
//   required settings ─▶ injected faults ─▶ fixed endpoints ─▶ request log ─▶ the reader's and
//   the other fixed endpoints, else the page pipeline ─▶ security headers
//
//   required settings    missingRequiredSettings (required-settings.ts): outside development, a
//                        deployment missing a required secret serves only 503s.
//   injected faults      envWithFaults: the faults a test's x-vellum-fault header asks for, where
//                        fault injection is on (FAULT_INJECTION, development only).
//   fixed endpoints      /_/graphql, uploads, reports, /m/* sign-in, OAuth, /v1, staff pages,
//                        exports, feeds, search (worker/index.ts mounts them first, in its order);
//                        an uncaught error becomes the 500/503 answer (app.onError, unavailable.ts).
//   request log          requestLog (request-log.ts): every request from here on (the reader's
//                        endpoints, membership, newsletters, partner, events, and every page)
//                        gets a request id and one structured record with its route.
//   security headers     withSecurityHeaders (worker/hardening/): on every answer, the fixed
//                        endpoints' and the pages' alike.
//
// Every other path is a page, through six Hono middleware and the page itself, in this order:
//
//   host kind ─▶ main host before cache ─▶ edge-cache lookup ─▶ viewer ─▶ main host for ended session
//             ─▶ renamed username ─▶ page
//
//   host kind           resolveHostKind: the route table the host uses (main host: no D1; user
//                       and publication hosts are remembered per isolate,
//                       worker/host/resolve-host.ts); an unknown host ends here (404). Opens the
//                       request's D1 session (worker/session/request-database.ts).
//   main host before    askMainHostBeforeCache (cross-host.ts): a custom-host navigation without
//     cache             a session cookie asks the main host first, so a signed-in reader is never
//                       served the cached logged-out copy (headers only, no D1).
//   edge-cache lookup   lookUpEdgeCache: only for a request WITHOUT a session cookie: its viewer
//                       is known without D1 (logged out; a bot or not by its user agent), so the
//                       route is resolved and the cache consulted at once (edge-cache.ts). A HIT
//                       ends here: one Cache API match and the stored bytes, no session read, no
//                       D1 query, no request context.
//   viewer              resolveRequestViewer: a request with a session cookie reads its session
//                       (D1) and resolves the route for that viewer; today's rules then apply
//                       (DYNAMIC for signed-in viewers, spoofed sessions, staff…; an invalid
//                       cookie is logged out).
//   main host for       askMainHostForEndedSession (cross-host.ts): a custom host's session that
//     ended session     ended is dropped and the main host asked again.
//   renamed username    redirectRenamedUsername (username-redirect.ts): after the page, a 404
//                       under /@{old} becomes a 301 to the new username.
//   page                servePage: redirects; otherwise the page through the edge cache, which
//                       renders it when it must (edge-cache.ts, worker/pages/render-response.ts).
//
// What they learn is kept in typed context variables, read with c.get (Hono's c.var copies
// every variable into a new object on each read). The request context and the sign-in
// confirmation are created on first use: a HIT never creates them, a logged-out render never
// reads the confirmation.
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { configuredFlags, type Env } from '../env.ts';
import { clientAddress } from '../auth/client-address.ts';
import { resolveHost, type HostContext } from '../host/resolve-host.ts';
import { anonymousViewer, resolveViewer, sessionToken, type RequestViewer } from '../session/viewer.ts';
import type { CountingD1 } from '../db/counting-d1.ts';
import { requestDatabase, withBookmarkCookie } from '../session/request-database.ts';
import { viewerHoldMs } from '../session/held-sign-ins.ts';
import { type RequestContext } from '../context/request-context.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { readSignInConfirmation } from '../membership/sign-in-confirmation.ts';
import { resolveRedirect } from '../../shared/routing/redirects.ts';
import { consultEdgeCache, serveWithEdgeCache, type Consultation, type EdgeCacheIO } from './edge-cache.ts';
import { CACHE_STATUS_HEADER, DYNAMIC_CACHE_CONTROL } from '../cache/headers.ts';
import { defaultPageStore } from '../cache/storage.ts';
import { edgeCacheConfigOf } from '../cache/config.ts';
import { storeWithFaults } from '../cache/store-faults.ts';
import { resolvePage, type ResolvedPage } from '../../shared/routing/resolve-page.ts';
import type { PageRequest, SignInConfirmationRead } from '../pages/page-request.ts';
import { linkContext, renderPageResponse } from '../pages/render-response.ts';
import { signInRedirect } from '../pages/sign-in-required.ts';
import { requestCountry } from '../host/request-country.ts';
import { asksMainHost, askMainHostBeforeCache, askMainHostForEndedSession } from './cross-host.ts';
import { redirectRenamedUsername } from './username-redirect.ts';
import type { Routed } from './request-log.ts';

export interface PageVariables {
  url: URL;
  host: HostContext;
  /** D1 for this request, counted (x-d1-queries). */
  d1: CountingD1;
  viewer: RequestViewer;
  /** The route for this viewer (null: nothing matched). */
  resolved: ResolvedPage | null;
  /** Created on first call, then the same context. */
  graphql: () => RequestContext;
  /** Read on first call, then the same answer. */
  signIn: () => Promise<SignInConfirmationRead | null>;
  /** What the edge-cache lookup learned, when it ran before the viewer. */
  consultation: Consultation | undefined;
}

export type PageEnv = { Bindings: Env; Variables: PageVariables };
type PageContext = Context<PageEnv>;

const flagsByConfig = new Map<string, { set: ReadonlySet<string>; list: readonly string[] }>();

/** The global flags, parsed once per configuration string. */
function globalFlags(env: Env): { set: ReadonlySet<string>; list: readonly string[] } {
  const text = env.FLAGS ?? '';
  let flags = flagsByConfig.get(text);
  if (!flags) {
    const set = configuredFlags(env);
    flagsByConfig.set(text, (flags = { set, list: [...set] }));
  }
  return flags;
}

function routeFor(env: Env, host: HostContext, url: URL, viewer: RequestViewer): ResolvedPage | null {
  return resolvePage(
    {
      navigation: {
        hostKind: host.kind,
        hostUsername: host.kind === 'user' ? host.username : null,
        hostCollectionSlug: host.kind === 'collection' ? host.collectionSlug : null,
      },
      isLoggedIn: viewer.user !== null,
      flags: globalFlags(env).list,
      viewerUsername: viewer.user?.username ?? null,
    },
    url.pathname,
  );
}

/**
 * A logged-out viewer's route per host and path, remembered in the isolate: the fast path
 * resolves the same few hot addresses on every HIT, and the answer depends only on the host,
 * the global flags and the path (routeFor for a viewer without a user). Bounded: cleared when full.
 */
const loggedOutRoutes = new Map<string, ResolvedPage | null>();
const LOGGED_OUT_ROUTES_MAX = 2000;

function loggedOutRouteFor(env: Env, host: HostContext, url: URL, viewer: RequestViewer): ResolvedPage | null {
  const owner = host.kind === 'user' ? host.username : host.kind === 'collection' ? host.collectionSlug : '';
  const key = `${host.kind}\u0000${host.host}\u0000${owner}\u0000${env.FLAGS ?? ''}\u0000${url.pathname}`;
  let resolved = loggedOutRoutes.get(key);
  if (resolved === undefined) {
    if (loggedOutRoutes.size >= LOGGED_OUT_ROUTES_MAX) loggedOutRoutes.clear();
    loggedOutRoutes.set(key, (resolved = routeFor(env, host, url, viewer)));
  }
  return resolved;
}

function resolveRoute(c: PageContext, viewer: RequestViewer): ResolvedPage | null {
  return routeFor(c.env, c.get('host'), c.get('url'), viewer);
}

/** Sets the viewer, its route and the lazily created values that depend on the viewer. */
function setViewer(c: PageContext, viewer: RequestViewer): void {
  c.set('viewer', viewer);
  c.set('resolved', resolveRoute(c, viewer));
  let graphql: RequestContext | undefined;
  c.set('graphql', () => (graphql ??= requestContextFor({ db: c.get('d1').db, env: c.env, viewer, country: requestCountry(c.req.raw), clientAddress: clientAddress(c.req.raw) })));
  let signIn: Promise<SignInConfirmationRead | null> | undefined;
  c.set('signIn', () => (signIn ??= readSignInConfirmation(c.env.DB, c.req.raw, viewer, Date.now())));
}

function pageRequest(c: PageContext): PageRequest {
  return {
    url: c.get('url'),
    env: c.env,
    host: c.get('host'),
    viewer: c.get('viewer'),
    flags: globalFlags(c.env).set,
    resolved: c.get('resolved'),
    d1: c.get('d1'),
    graphql: c.get('graphql'),
    signIn: c.get('signIn'),
    waitUntil: waitUntilOf(c),
  };
}

/** The runtime's waitUntil for this request; undefined where the app was called without an execution context. */
function waitUntilOf(c: PageContext): ((promise: Promise<unknown>) => void) | undefined {
  try {
    const executionCtx = c.executionCtx;
    return (promise) => executionCtx.waitUntil(promise);
  } catch {
    return undefined;
  }
}

function cacheIO(c: PageContext): EdgeCacheIO {
  return edgeCacheIO(c.env, (promise) => c.executionCtx.waitUntil(promise));
}

function edgeCacheIO(env: Env, waitUntil: (promise: Promise<unknown>) => void): EdgeCacheIO {
  return { store: storeWithFaults(defaultPageStore(edgeCacheConfigOf(env).memoryHoldMs), env), waitUntil, now: Date.now };
}

/** Answers that are not pages (redirects, unknown hosts) are never cached either. */
function notCached(response: Response): Response {
  response.headers.set(CACHE_STATUS_HEADER, 'DYNAMIC');
  response.headers.set('cache-control', DYNAMIC_CACHE_CONTROL);
  return response;
}

export const resolveHostKind = createMiddleware<PageEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const hostHeader = c.req.header('host') ?? url.host;
  const host = await resolveHost(c.env.DB, c.env, hostHeader);
  if (!host) return notCached(c.text(`Unknown host: ${hostHeader} is not served by ${c.env.PRODUCT_NAME}.`, 404));
  c.set('url', url);
  c.set('host', host);
  // The request's D1 session: replica reads, the reader's own writes always seen (worker/session/request-database.ts).
  const database = requestDatabase(c.env.DB, c.req.raw);
  c.set('d1', database.d1);
  await next();
  c.res = withBookmarkCookie(c.res, database);
});

export const lookUpEdgeCache = createMiddleware<PageEnv>(async (c, next) => {
  if (sessionToken(c.req.raw) === null) {
    setViewer(c, anonymousViewer(c.req.raw));
    // The fast path already consulted the cache for this request (and found no HIT): not again.
    const consultation = consultedBefore.get(c.req.raw) ?? (await consultEdgeCache(pageRequest(c), c.req.raw, cacheIO(c)));
    if (consultation.lookup.kind === 'hit') return consultation.lookup.response;
    c.set('consultation', consultation);
  }
  await next();
});

/** Where a signed-in page's session was read: "held" (this isolate's memory) or "d1" (the primary). */
export const SESSION_READ_HEADER = 'x-session-read';

export const resolveRequestViewer = createMiddleware<PageEnv>(async (c, next) => {
  // The sign-in is held per isolate for VIEWER_HOLD_MS (docs/adr/0101-held-sign-ins.md): most
  // signed-in pages then read no session from the primary.
  let sessionRead: string | null = null;
  if (c.get('viewer') === undefined) {
    const viewer = await resolveViewer(c.env.DB, c.req.raw, { holdMs: viewerHoldMs(c.env.VIEWER_HOLD_MS), readFrom: (source) => (sessionRead = source) });
    setViewer(c, viewer);
  }
  await next();
  // Where the session came from, beside x-d1-queries (which counts the page's own reads): the cost model's figure (docs/scale.md).
  if (sessionRead) {
    try {
      c.res.headers.set(SESSION_READ_HEADER, sessionRead);
    } catch {
      // immutable headers: left out, never the answer
    }
  }
});

export async function servePage(c: PageContext): Promise<Response> {
  const resolved = c.get('resolved');
  const signIn = signInRedirect(resolved, c.get('viewer'), c.get('url'), linkContext(c.env, c.get('host')));
  if (signIn) return notCached(signIn);
  if (resolved?.redirects) {
    const decision = resolveRedirect(resolved.match, linkContext(c.env, c.get('host')), c.get('url').search);
    if (decision?.kind === 'redirect') {
      return notCached(new Response(null, { status: decision.status, headers: { location: decision.location, 'x-route-name': resolved.routeName } }));
    }
    c.set('resolved', null);
  }
  const viewer = c.get('viewer');
  // Every signed-in page puts the viewer's membership in its state (worker/pages/render-response.ts):
  // started here, it rides in the first batch with the cache's own reads instead of a round trip of
  // its own (docs/adr/0216-reading-history-after-the-response.md). Its failure is met where it is read.
  if (viewer.user) c.get('graphql')().loaders.membershipByUserId.load(viewer.user.id).catch(() => undefined);
  return serveWithEdgeCache(pageRequest(c), c.req.raw, cacheIO(c), renderPageResponse, c.get('consultation'));
}

/** The page pipeline as a Hono app: mounted after the fixed endpoints, it answers every other path. */
export function pagePipeline(): Hono<PageEnv> {
  const pages = new Hono<PageEnv>();
  // In the order of the opening comment; the cross-host sign-in checks sit on each side of the
  // cache lookup and the viewer (cross-host.ts).
  pages.use('*', resolveHostKind, askMainHostBeforeCache, lookUpEdgeCache, resolveRequestViewer, askMainHostForEndedSession, redirectRenamedUsername);
  pages.all('*', servePage);
  return pages;
}

/** What the fast path learned about a request it could not answer, so the pipeline does not look it up twice. */
const consultedBefore = new WeakMap<Request, Consultation>();

/** A request the fast path answers costs no D1 query at all. */
const NO_QUERIES = { count: () => 0 };

/**
 * The edge cache's fast path (docs/adr/0100-edge-cache-fast-path.md): a GET or HEAD without a
 * session cookie that a stored copy can answer is answered here, before the router and the page
 * pipeline's middleware run, with the same decision (consultEdgeCache: the same facts, rules
 * and lookup the pipeline's lookUpEdgeCache uses) and the same response. Anything else answers
 * null and goes the whole way, where the request meets exactly what it met before:
 *   - a session cookie, a method other than GET/HEAD, the fixed endpoints' /_/ and /m/ paths;
 *   - an unknown host, or a custom host that asks the main host first (cross-host.ts);
 *   - a route that is not eligible, a request a rule refuses (bot, staff, internal address,
 *     experiment group, disable flag), no fresh copy.
 * A fixed endpoint's address can never be a HIT here: a copy is only ever stored by the page
 * pipeline's MISS, which such an address never reaches.
 */
export async function answerFromEdgeCache(request: Request, env: Env, waitUntil: (promise: Promise<unknown>) => void): Promise<{ response: Response; routed: Routed } | null> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  if (sessionToken(request) !== null) return null;
  const url = new URL(request.url);
  if (url.pathname.startsWith('/_/') || url.pathname.startsWith('/m/')) return null;
  const host = await resolveHost(env.DB, env, request.headers.get('host') ?? url.host);
  if (!host || asksMainHost(host, request)) return null;
  const viewer = anonymousViewer(request);
  const resolved = loggedOutRouteFor(env, host, url, viewer);
  const page = { url, env, host, viewer, flags: globalFlags(env).set, resolved, d1: NO_QUERIES };
  const consultation = await consultEdgeCache(page, request, edgeCacheIO(env, waitUntil));
  if (consultation.lookup.kind === 'hit') {
    const routed = { routeName: resolved?.routeName ?? null, routerType: host.kind };
    const hit = consultation.lookup.response;
    if (request.method === 'GET') return { response: hit, routed };
    // HEAD: the GET's headers without its body, as the router answers a HEAD.
    await hit.body?.cancel();
    return { response: new Response(null, { status: hit.status, headers: hit.headers }), routed };
  }
  consultedBefore.set(request, consultation);
  return null;
}
