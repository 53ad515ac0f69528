import type { Context } from 'hono';
import { configuredFlags, mainOrigin, type Env } from '../env.ts';
import { resolveHost, type HostContext } from '../host/resolve-host.ts';
import { resolveViewer, type RequestViewer } from '../session/viewer.ts';
import { countingD1, type CountingD1 } from '../db/counting-d1.ts';
import { createGraphQLContext, type GraphQLContext } from '../graphql/context.ts';
import { resolvePage, type ResolvedPage } from '../../client/app/resolve-page.ts';
import { notFoundPage, PAGES } from '../../client/pages/registry.ts';
import type { PageDefinition } from '../../client/pages/page-definition.ts';
import { resolveRedirect } from '../../shared/routing/redirects.ts';
import type { LinkContext } from '../../shared/routing/links.ts';
import { buildPreloadedState } from './preloaded-state.ts';
import { framingHeaders } from './frame-policy.ts';
import { renderPage } from '../ssr/render-page.tsx';
import { defaultFaviconUrl } from './favicon.ts';
import { serveWithEdgeCache } from '../cache/edge-cache.ts';
import { CACHE_STATUS_HEADER, DYNAMIC_CACHE_CONTROL } from '../cache/headers.ts';
import { defaultPageStore } from '../cache/storage.ts';
import { readSignInConfirmation } from '../auth/sign-in.ts';
import { recordReadOnStoryPage } from '../graphql/modules/record-read.ts';

type AppContext = Context<{ Bindings: Env }>;

export interface PageRequest {
  url: URL;
  env: Env;
  host: HostContext;
  viewer: RequestViewer;
  flags: ReadonlySet<string>;
  /** null: no route matched, or a redirect could not be built — the not-found page. */
  resolved: ResolvedPage | null;
  /** D1 for this request, counted (x-d1-queries). */
  d1: CountingD1;
  /** One GraphQL context per request: the cache controllers and the render share its loaders. */
  graphql: GraphQLContext;
  /** Set on the first page after a sign-in (logged in, never cached): the confirmation toast, and the cookie to clear. */
  signIn?: Awaited<ReturnType<typeof readSignInConfirmation>>;
}

export function linkContext(env: Env, host: HostContext): LinkContext {
  return {
    hostKind: host.kind,
    mainOrigin: mainOrigin(env),
    hostUsername: host.kind === 'user' ? host.username : null,
    hostCollectionSlug: host.kind === 'collection' ? host.collectionSlug : null,
  };
}

/** Renders a page for a request whose host, viewer and route are known. */
export async function renderPageResponse(request: PageRequest): Promise<Response> {
  const { url, env, host, viewer, flags, resolved, d1, graphql } = request;
  const definition: PageDefinition = (resolved?.pageName && PAGES[resolved.pageName]) || notFoundPage;
  const isNotFound = definition === notFoundPage;
  const state = buildPreloadedState(env, host, viewer, url, flags);
  if (request.signIn) state.signInConfirmation = request.signIn.confirmation;
  if (!isNotFound) await recordReadOnStoryPage(graphql, resolved?.pageName, resolved?.params ?? {});
  const page = await renderPage({
    url,
    state,
    resolved: isNotFound ? null : resolved,
    definition,
    graphql,
    faviconUrl: defaultFaviconUrl(env),
    ...(isNotFound ? { status: 404 } : {}),
  });
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'x-route-name': resolved?.routeName ?? 'NotFound',
    'x-page-name': isNotFound ? 'not-found' : (resolved?.pageName ?? 'not-found'),
    'x-d1-queries': String(d1.count()),
    ...framingHeaders(flags),
  });
  if (request.signIn) headers.append('set-cookie', request.signIn.clearCookie);
  return new Response(page.body, { status: page.status, headers });
}

/** Host → viewer → route: what every page request learns before it is rendered or served from cache. */
export async function preparePageRequest(c: AppContext): Promise<PageRequest | Response> {
  const env = c.env;
  const url = new URL(c.req.url);
  const hostHeader = c.req.header('host') ?? url.host;
  const host = await resolveHost(env.DB, env, hostHeader);
  if (!host) return c.text(`Unknown host: ${hostHeader} is not served by ${env.PRODUCT_NAME}.`, 404);
  const d1 = countingD1(env.DB);
  const viewer = await resolveViewer(env.DB, c.req.raw);
  const graphql = createGraphQLContext({ db: d1.db, env, viewer });
  const signIn = await readSignInConfirmation(env.DB, c.req.raw, viewer, Date.now());
  const flags = configuredFlags(env);
  const resolved = resolvePage(
    {
      navigation: {
        hostKind: host.kind,
        hostUsername: host.kind === 'user' ? host.username : null,
        hostCollectionSlug: host.kind === 'collection' ? host.collectionSlug : null,
      },
      isLoggedIn: viewer.user !== null,
      flags: [...flags],
    },
    url.pathname,
  );
  if (resolved?.redirects) {
    const decision = resolveRedirect(resolved.match, linkContext(env, host), url.search);
    if (decision?.kind === 'redirect') {
      return new Response(null, { status: decision.status, headers: { location: decision.location, 'x-route-name': resolved.routeName } });
    }
    return { url, env, host, viewer, flags, resolved: null, d1, graphql, signIn };
  }
  return { url, env, host, viewer, flags, resolved, d1, graphql, signIn };
}

/** Answers that are not pages (redirects, unknown hosts) are never cached either. */
function notCached(response: Response): Response {
  response.headers.set(CACHE_STATUS_HEADER, 'DYNAMIC');
  response.headers.set('cache-control', DYNAMIC_CACHE_CONTROL);
  return response;
}

/** Every page: prepared, then served through the edge cache, which renders when it must. */
export async function handlePage(c: AppContext): Promise<Response> {
  const prepared = await preparePageRequest(c);
  if (prepared instanceof Response) return notCached(prepared);
  const io = { store: defaultPageStore(), waitUntil: (promise: Promise<unknown>) => c.executionCtx.waitUntil(promise), now: Date.now };
  return serveWithEdgeCache(prepared, c.req.raw, io, renderPageResponse);
}
