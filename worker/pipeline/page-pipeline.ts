// Every page request goes through four Hono middleware, in this order (docs/adr/0001-edge-cache.md
// tells why the cache comes before the viewer):
//
//   host kind ─▶ edge-cache lookup ─▶ viewer ─▶ page
//
//   host kind         the route table the host uses (main host: no D1; user and publication
//                     hosts are remembered per isolate, worker/host/resolve-host.ts); an unknown
//                     host ends here (404).
//   edge-cache lookup only for a request WITHOUT a session cookie: its viewer is known without
//                     D1 (logged out; a bot or not by its user agent), so the route is resolved
//                     and the cache consulted at once. A HIT ends here: one Cache API match and
//                     the stored bytes, no session read, no D1 query, no GraphQL context.
//   viewer            a request with a session cookie reads its session (D1) and resolves the
//                     route for that viewer; today's rules then apply (DYNAMIC for signed-in
//                     viewers, spoofed sessions, staff…; an invalid cookie is logged out).
//   page              redirects; otherwise the page through the edge cache, which renders it
//                     when it must (worker/cache/edge-cache.ts, render-response.ts).
//
// What they learn is kept in typed context variables, read with c.get (Hono's c.var copies
// every variable into a new object on each read). The GraphQL context and the sign-in
// confirmation are created on first use: a HIT never creates them, a logged-out render never
// reads the confirmation.
import { Hono, type Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { configuredFlags, type Env } from '../env.ts';
import { resolveHost, type HostContext } from '../host/resolve-host.ts';
import { anonymousViewer, resolveViewer, sessionToken, type RequestViewer } from '../session/viewer.ts';
import type { CountingD1 } from '../db/counting-d1.ts';
import { requestDatabase, withBookmarkCookie } from './request-database.ts';
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
import { askMainHostBeforeCache, askMainHostForEndedSession } from './cross-host.ts';
import { redirectRenamedUsername } from './username-redirect.ts';

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

function resolveRoute(c: PageContext, viewer: RequestViewer): ResolvedPage | null {
  const host = c.get('host');
  return resolvePage(
    {
      navigation: {
        hostKind: host.kind,
        hostUsername: host.kind === 'user' ? host.username : null,
        hostCollectionSlug: host.kind === 'collection' ? host.collectionSlug : null,
      },
      isLoggedIn: viewer.user !== null,
      flags: globalFlags(c.env).list,
      viewerUsername: viewer.user?.username ?? null,
    },
    c.get('url').pathname,
  );
}

/** Sets the viewer, its route and the lazily created values that depend on the viewer. */
function setViewer(c: PageContext, viewer: RequestViewer): void {
  c.set('viewer', viewer);
  c.set('resolved', resolveRoute(c, viewer));
  let graphql: RequestContext | undefined;
  c.set('graphql', () => (graphql ??= requestContextFor({ db: c.get('d1').db, env: c.env, viewer, country: requestCountry(c.req.raw) })));
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
  };
}

function cacheIO(c: PageContext): EdgeCacheIO {
  return { store: storeWithFaults(defaultPageStore(edgeCacheConfigOf(c.env).memoryHoldMs), c.env), waitUntil: (promise) => c.executionCtx.waitUntil(promise), now: Date.now };
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
  // The request's D1 session: replica reads, the reader's own writes always seen (worker/db/request-database.ts).
  const database = requestDatabase(c.env.DB, c.req.raw);
  c.set('d1', database.d1);
  await next();
  c.res = withBookmarkCookie(c.res, database);
});

export const lookUpEdgeCache = createMiddleware<PageEnv>(async (c, next) => {
  if (sessionToken(c.req.raw) === null) {
    setViewer(c, anonymousViewer(c.req.raw));
    const consultation = await consultEdgeCache(pageRequest(c), c.req.raw, cacheIO(c));
    if (consultation.lookup.kind === 'hit') return consultation.lookup.response;
    c.set('consultation', consultation);
  }
  await next();
});

export const resolveRequestViewer = createMiddleware<PageEnv>(async (c, next) => {
  if (c.get('viewer') === undefined) setViewer(c, await resolveViewer(c.env.DB, c.req.raw));
  await next();
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
  return serveWithEdgeCache(pageRequest(c), c.req.raw, cacheIO(c), renderPageResponse, c.get('consultation'));
}

/** The page pipeline as a Hono app: mounted after the fixed endpoints, it answers every other path. */
export function pagePipeline(): Hono<PageEnv> {
  const pages = new Hono<PageEnv>();
  // The cross-host sign-in checks sit on each side of the cache lookup (worker/auth/cross-host.ts).
  pages.use('*', resolveHostKind, askMainHostBeforeCache, lookUpEdgeCache, resolveRequestViewer, askMainHostForEndedSession, redirectRenamedUsername);
  pages.all('*', servePage);
  return pages;
}
