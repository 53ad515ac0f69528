// The page renderer at the end of the pipeline: a page request whose host, viewer and route
// are known becomes an HTML response (the edge cache decides whether it is shared).
import { mainOrigin, type Env } from '../env.ts';
import type { HostContext } from '../host/resolve-host.ts';
import type { LinkContext } from '../../shared/routing/links.ts';
import { inProcessExecutor, pageFor, renderPage } from '../ssr/page-render.ts';
import { buildPreloadedState } from './preloaded-state.ts';
import { framingHeaders } from './frame-policy.ts';
import { defaultFaviconUrl } from './favicon.ts';
import type { PageRequest } from './page-request.ts';
import { recordReadOnStoryPage } from '../graphql/modules/record-read.ts';
import { preloadedMembership } from '../membership/preloaded-membership.ts';

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
  const { url, env, host, viewer, flags, resolved, d1 } = request;
  const graphql = request.graphql();
  const page = await pageFor(resolved, url);
  const state = buildPreloadedState(env, host, viewer, url, flags);
  const signIn = await request.signIn();
  if (signIn) state.signInConfirmation = signIn.confirmation;
  if (viewer.user) state.viewerMembership = await preloadedMembership(graphql, viewer.user.id);
  if (!page.isNotFound) await recordReadOnStoryPage(graphql, resolved?.pageName, resolved?.params ?? {});
  const rendered = await renderPage({ url, state, page, execute: inProcessExecutor(graphql), faviconUrl: defaultFaviconUrl(env) });
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'x-route-name': resolved?.routeName ?? 'NotFound',
    'x-page-name': page.isNotFound ? 'not-found' : (resolved?.pageName ?? 'not-found'),
    'x-d1-queries': String(d1.count()),
    ...framingHeaders(flags),
  });
  if (signIn) headers.append('set-cookie', signIn.clearCookie);
  return new Response(rendered.body, { status: rendered.status, headers });
}
