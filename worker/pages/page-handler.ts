import type { Context } from 'hono';
import { configuredFlags, type Env } from '../env.ts';
import { resolveHost, type HostContext } from '../host/resolve-host.ts';
import { resolveViewer, type RequestViewer } from '../session/viewer.ts';
import { countingD1 } from '../db/counting-d1.ts';
import { createGraphQLContext } from '../graphql/context.ts';
import { resolvePage, type ResolvedPage } from '../../client/app/resolve-page.ts';
import { notFoundPage, PAGES } from '../../client/pages/registry.ts';
import type { PageDefinition } from '../../client/pages/page-definition.ts';
import { resolveRedirect } from '../../shared/routing/redirects.ts';
import type { LinkContext } from '../../shared/routing/links.ts';
import { buildPreloadedState, mainOrigin } from './preloaded-state.ts';
import { framingHeaders } from './frame-policy.ts';
import { renderPage } from '../ssr/render-page.tsx';
import { defaultFaviconUrl } from './favicon.ts';

type AppContext = Context<{ Bindings: Env }>;

export interface PageRequest {
  url: URL;
  env: Env;
  host: HostContext;
  viewer: RequestViewer;
  flags: ReadonlySet<string>;
  /** null: no route matched, or a redirect could not be built — the not-found page. */
  resolved: ResolvedPage | null;
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
  const { url, env, host, viewer, flags, resolved } = request;
  const definition: PageDefinition = (resolved?.pageName && PAGES[resolved.pageName]) || notFoundPage;
  const isNotFound = definition === notFoundPage;
  const d1 = countingD1(env.DB);
  const graphql = createGraphQLContext({ db: d1.db, env, viewer });
  const state = buildPreloadedState(env, host, viewer, url, flags);
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
  return new Response(page.body, { status: page.status, headers });
}

/** Host → viewer → route: what every page request learns before it is rendered or served from cache. */
export async function preparePageRequest(c: AppContext): Promise<PageRequest | Response> {
  const env = c.env;
  const url = new URL(c.req.url);
  const hostHeader = c.req.header('host') ?? url.host;
  const host = await resolveHost(env.DB, env, hostHeader);
  if (!host) return c.text(`Unknown host: ${hostHeader} is not served by ${env.PRODUCT_NAME}.`, 404);
  const viewer = await resolveViewer(env.DB, c.req.raw);
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
    return { url, env, host, viewer, flags, resolved: null };
  }
  return { url, env, host, viewer, flags, resolved };
}

export async function handlePage(c: AppContext): Promise<Response> {
  const prepared = await preparePageRequest(c);
  return prepared instanceof Response ? prepared : renderPageResponse(prepared);
}
