// Turns a path on this host into the page to show: route match (the host kind's table,
// with the host owner's username or publication slug put back into the params), the
// logged-out home rule, and the layout. Used by the worker before rendering and by the
// client on navigation.
import { matchRoute, type RouteMatch } from './router.ts';
import { isRouteServed, type Route } from './routes.ts';
import { layoutForPage } from './pages.ts';
import { TOP_POSTS_FOR_TAG_ROUTE } from './redirects.ts';
import type { PreloadedState } from '../preloaded-state.ts';
import type { Layout as LayoutName } from './pages.ts';
import { postIdFromParam } from './story-id.ts';
import { isViewerOnlyRoute, VIEWER_PROFILE_ROUTES } from './viewer-pages.ts';

/** Pages that show one story: their postId param must hold a story id. */
const STORY_PAGES: ReadonlySet<string> = new Set(['post', 'post-responses']);

export interface ResolvedPage extends PageResolution {
  match: RouteMatch<Route>;
}

/**
 * What a page needs of its resolution once the worker has acted on the match (redirects):
 * plain data, which the server writes into the document so the browser hydrates without
 * loading the matcher, the page list and the layouts (client/server/document.ts).
 */
export interface PageResolution {
  routeName: string;
  /** null when the route has no page (an endpoint) */
  pageName: string | null;
  params: Record<string, string>;
  layout: LayoutName;
  /** The logged-out home in the top-navigation layout keeps its navbar fixed. */
  fixedNavbar: boolean;
  /** The route answers with a redirect rather than a page. */
  redirects: boolean;
}

export type PageResolutionInput = {
  navigation: Pick<PreloadedState['navigation'], 'hostKind' | 'hostUsername' | 'hostCollectionSlug'>;
  isLoggedIn: boolean;
  flags: readonly string[];
  /** The signed-in viewer's username: it fills /me and /me/about (shared/routing/viewer-pages.ts). */
  viewerUsername?: string | null;
};

export function resolvePage({ navigation, isLoggedIn, flags, viewerUsername }: PageResolutionInput, pathname: string): ResolvedPage | null {
  const match = matchRoute(navigation.hostKind, pathname, {
    hostUsername: navigation.hostUsername,
    hostCollectionSlug: navigation.hostCollectionSlug,
  });
  if (!match) return null;
  // A route whose flag is off and that has no standard variant is not served: the 404 page
  // (docs/adr/0165-route-flags-gate-the-lite-version.md).
  if (!isRouteServed(match.route, flags)) return null;
  let pageName = match.route.page ?? null;
  // "/{collectionSlug}/{postId}" matches almost any two-segment path: one whose last segment
  // holds no story id is an unknown address (the 404 page), not a missing story.
  if (pageName && STORY_PAGES.has(pageName) && match.params.postId !== undefined && !postIdFromParam(match.params.postId)) return null;
  // docs/product/2-sign-in-notices-cache-routing.md §2.3: a logged-out viewer of the home route
  // sees the lo homepage.
  if (pageName === 'home' && !isLoggedIn) pageName = 'home-lo';
  const flagSet = new Set(flags);
  // A visitor asking for one of the viewer's own pages is sent to sign in (the worker answers
  // the redirect; a client navigation hands the address to the server).
  const needsSignIn = !isLoggedIn && isViewerOnlyRoute(match.route);
  const params = { ...match.params };
  if (viewerUsername && VIEWER_PROFILE_ROUTES.has(match.route.name)) params.username = viewerUsername;
  return {
    match,
    routeName: match.route.name,
    pageName,
    params,
    layout: pageName ? layoutForPage(pageName, flagSet) : 'top-nav',
    fixedNavbar: pageName === 'home-lo' && flagSet.has('enable_lo_homepage'),
    redirects: needsSignIn || Boolean(match.route.redirect) || match.route.name === TOP_POSTS_FOR_TAG_ROUTE,
  };
}

/** resolvePage for a page's own start-up state. */
export function resolvePageForState(state: PreloadedState, pathname: string): ResolvedPage | null {
  return resolvePage(
    { navigation: state.navigation, isLoggedIn: state.session.isLoggedInCookie, flags: state.flags, viewerUsername: state.viewer?.username },
    pathname,
  );
}
