// The viewer's own pages (docs/product/3-routes-data-calls-constants.md §2.6: /me and its
// subpages) need a signed-in viewer. A visitor who asks for one is sent to sign in and, once
// signed in, back to the page asked for (docs/reader.md, "Signed-out visits to /me pages").
import type { Route } from './routes.ts';

/**
 * /me addresses that work signed out: they come in emails and carry their own proof (the
 * email settings' userId and hash), or unsubscribe from everything without signing in; and
 * the follow suggestions, which show a visitor the most followed writers under a sign-in
 * prompt (docs/reader.md).
 */
const OPEN_TO_VISITORS: ReadonlySet<string> = new Set([
  'ShowFollowSuggestions',
  'ShowEmailSettings',
  'ShowUnsubscribeAllNewsletters',
  'ShowUnsubscribeAllAuthorNewsletters',
]);

/** /me and /me/about are the viewer's own profile pages: the viewer's username fills them. */
export const VIEWER_PROFILE_ROUTES: ReadonlySet<string> = new Set(['ShowMe', 'ShowYourAbout']);

/** Whether the route is one of the viewer's own pages, which a visitor must sign in to see. */
export function isViewerOnlyRoute(route: Pick<Route, 'name' | 'path'>): boolean {
  return (route.path === '/me' || route.path.startsWith('/me/')) && !OPEN_TO_VISITORS.has(route.name);
}
