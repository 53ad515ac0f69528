// A visitor asking for one of the viewer's own pages (/me…, shared/routing/viewer-pages.ts) is
// sent to the sign-in page with the page asked for as its redirect, so signing in lands there
// (docs/reader.md, "Signed-out visits to /me pages"). The redirect carries only this path and
// query: the sign-in flow checks it again (worker/auth/redirect.ts) before following it.
import type { LinkContext } from '../../shared/routing/links.ts';
import type { ResolvedPage } from '../../shared/routing/resolve-page.ts';
import { isViewerOnlyRoute } from '../../shared/routing/viewer-pages.ts';
import { signInUrl } from '../../shared/urls/auth-urls.ts';
import type { RequestViewer } from '../session/viewer.ts';

/** The 302 to sign in, or null when the page needs no sign-in or the viewer is signed in. */
export function signInRedirect(resolved: ResolvedPage | null, viewer: RequestViewer, url: URL, ctx: LinkContext): Response | null {
  if (!resolved || viewer.user !== null || !isViewerOnlyRoute(resolved.match.route)) return null;
  const location = signInUrl(ctx, { redirect: url.pathname + url.search });
  return new Response(null, { status: 302, headers: { location, 'x-route-name': resolved.routeName } });
}
