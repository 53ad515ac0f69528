// Post action endpoints (docs/product/3-routes-data-calls-constants.md §2.11). They are no page
// routes; the main host serves them, so from a custom domain they are absolute on the main origin.
// A signed-out reader's action is carried through sign-in as its actionUrl.
import { mainHostLink } from '../routing/links.ts';
import type { LinkContext } from '../routing/links.ts';

/** /_/p/{postId}/quotes/create. */
export function createQuoteUrl(postId: string, ctx: LinkContext): string {
  return mainHostLink('/_/p/{postId}/quotes/create', { postId }, ctx);
}

/** /_/bookmark/p/{postId}. */
export function bookmarkPostUrl(postId: string, ctx: LinkContext): string {
  return mainHostLink('/_/bookmark/p/{postId}', { postId }, ctx);
}

/** /_/vote/p/{postId}. */
export function clapStoryUrl(postId: string, ctx: LinkContext): string {
  return mainHostLink('/_/vote/p/{postId}', { postId }, ctx);
}

/** /_/vote/{type}/{id}, for other entities that take votes. */
export function clapUrl(type: string, id: string, ctx: LinkContext): string {
  return mainHostLink('/_/vote/{type}/{id}', { type, id }, ctx);
}
