// The page renderer at the end of the pipeline: a page request whose host, viewer and route
// are known becomes an HTML response (the edge cache decides whether it is shared).
import { mainOrigin, type Env } from '../env.ts';
import type { HostContext } from '../host/resolve-host.ts';
import type { LinkContext } from '../../shared/routing/links.ts';
import { inProcessExecutor, pageFor, PageDataError, renderPage } from './page-render.ts';
import { renderCrashResponse } from './render-error-page.ts';
import { buildPreloadedState } from './preloaded-state.ts';
import { allowsFraming, framingHeaders } from './frame-policy.ts';
import { fixedScriptHashSource, pageContentSecurityPolicy, scriptHashSource } from '../hardening/security-headers.ts';
import { faviconUrl } from './favicon.ts';
import { LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';
import type { PageRequest } from './page-request.ts';
import { recordReadOnStoryPage } from '../reading/record-read.ts';
import { preloadedMembership } from '../membership/preloaded-membership.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';

export function linkContext(env: Env, host: HostContext): LinkContext {
  return {
    hostKind: host.kind,
    mainOrigin: mainOrigin(env),
    hostUsername: host.kind === 'user' ? host.username : null,
    hostCollectionSlug: host.kind === 'collection' ? host.collectionSlug : null,
  };
}

/**
 * A publication's pages (its custom domain, or /{collectionSlug}/… on the main host) show its
 * own favicon when its editors set one (docs/publications.md); every other page the product's.
 */
function pageFaviconUrl({ env, host, resolved }: PageRequest): Promise<string> {
  const publication =
    host.kind === 'collection' ? host.host : resolved?.routeName.startsWith('ShowCollection') ? (resolved.params.collectionSlug ?? null) : null;
  return faviconUrl(env.DB, env, publication, LOCAL_IMAGE_ORIGIN);
}

/** Renders a page for a request whose host, viewer and route are known. */
export async function renderPageResponse(request: PageRequest): Promise<Response> {
  const { url, env, host, viewer, flags, resolved, d1 } = request;
  const graphql = request.graphql();
  const page = await pageFor(resolved, url);
  const state = buildPreloadedState(env, host, viewer, url, flags);
  const signIn = await request.signIn();
  if (signIn) state.signInConfirmation = signIn.confirmation;
  if (viewer.user) {
    // The viewer's membership and, on a story page, the story read in the same turn: one batch
    // (docs/adr/0210-reads-of-one-turn-in-one-batch.md); the render then finds the story loaded.
    const storyId = resolved?.pageName === 'post' ? postIdFromParam(resolved.params.postId ?? '') : null;
    const [membership] = await Promise.all([preloadedMembership(graphql, viewer.user.id), storyId ? graphql.loaders.postById.load(storyId) : null]);
    state.viewerMembership = membership;
  }
  let rendered;
  try {
    rendered = await renderPage({ url, state, page, execute: inProcessExecutor(graphql), faviconUrl: await pageFaviconUrl(request) });
  } catch (error) {
    // A page whose data could not be had is the server's 500 page (worker/index.ts); a page
    // that crashed while rendering is the render-error page, reported (./render-error-page.ts).
    if (error instanceof PageDataError) throw error;
    const response = await renderCrashResponse(request, error);
    response.headers.set('x-route-name', resolved?.routeName ?? 'NotFound');
    return response;
  }
  const headers = new Headers({
    'content-type': 'text/html; charset=utf-8',
    'x-route-name': resolved?.routeName ?? 'NotFound',
    'x-page-name': page.isNotFound ? 'not-found' : (resolved?.pageName ?? 'not-found'),
    'x-d1-queries': String(d1.count()),
    'x-d1-round-trips': String(d1.roundTrips()),
    'x-d1-rows-read': String(d1.rowsRead()),
    ...framingHeaders(flags),
    // Hashes, not nonces: a stored copy is served to every reader with this same header
    // (docs/adr/0052-page-content-security-policy.md).
    'content-security-policy': pageContentSecurityPolicy(env, {
      scriptHashes: await Promise.all([...rendered.inlineScripts.map(scriptHashSource), ...rendered.fixedInlineScripts.map(fixedScriptHashSource)]),
      allowFraming: allowsFraming(flags),
    }),
  });
  if (signIn) headers.append('set-cookie', signIn.clearCookie);
  // The read is recorded once the page is answered (docs/adr/0216-reading-history-after-the-response.md):
  // the render reads the story from a replica, never after a write that could pin its reads to the
  // primary, and the story's access check it needs was already loaded by the render.
  if (!page.isNotFound && viewer.user) {
    const read = recordReadOnStoryPage(graphql, resolved?.pageName, resolved?.params ?? {});
    if (request.waitUntil) request.waitUntil(read);
    else await read;
  }
  return new Response(rendered.body, { status: rendered.status, headers });
}
