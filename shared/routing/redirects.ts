// What a matched route redirects to (docs/product/2-sign-in-notices-cache-routing.md §2.3):
// - a route that declares a redirect target goes there permanently (301), carrying its
//   params over, but only when every param is non-empty (whitespace-only counts as empty); otherwise the failure is logged
//   and the not-found page is shown;
// - the top-posts-for-tag route is served by the topic page, which sends the reader
//   temporarily (302) to the tag posts route with the same tagSlug.
import { compilePattern } from './pattern.ts';
import { buildLink } from './links.ts';
import type { LinkContext } from './links.ts';
import { getRoute } from './routes.ts';
import type { Route } from './routes.ts';
import type { RouteMatch } from './router.ts';

export const TOP_POSTS_FOR_TAG_ROUTE = 'ShowTopPostsForTag';
export const TAG_POSTS_ROUTE = 'ShowTagPosts';

export type RedirectDecision =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  /** The redirect could not be built: show the not-found page. */
  | { kind: 'not-found'; message: string };

/**
 * The redirect a match leads to, or null when the route renders its page. `search` (with
 * its '?') is passed on unchanged, so tracking parameters survive the redirect.
 */
export function resolveRedirect(match: RouteMatch<Route>, ctx: LinkContext, search = ''): RedirectDecision | null {
  if (match.route.redirect) return redirectTo(match, match.route.redirect, 301, ctx, search);
  if (match.route.name === TOP_POSTS_FOR_TAG_ROUTE) return redirectTo(match, TAG_POSTS_ROUTE, 302, ctx, search);
  return null;
}

function redirectTo(
  match: RouteMatch<Route>,
  targetName: string,
  status: 301 | 302,
  ctx: LinkContext,
  search: string,
): RedirectDecision {
  const target = getRoute(targetName);
  const needed = target ? compilePattern(target.path).paramNames : [];
  const params = match.params;
  const valid =
    target !== undefined && Object.values(params).every((v) => v.trim() !== '') && needed.every((name) => !!params[name]?.trim());
  if (!valid) {
    const message = 'Route ' + match.route.name + ' had invalid params when attempting to redirect';
    (ctx.warn ?? console.warn)(message);
    return { kind: 'not-found', message };
  }
  return { kind: 'redirect', status, location: buildLink(targetName, params, ctx) + search };
}
