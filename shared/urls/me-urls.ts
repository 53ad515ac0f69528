// The signed-in viewer's own pages and the audience pages
// (docs/product/3-routes-data-calls-constants.md §2.11). They live on the main host (an audience
// page also on the writer's own host): elsewhere they are absolute.
import { buildLink, mainHostLink } from '../routing/links.ts';
import type { LinkContext } from '../routing/links.ts';

export type YourStoriesFilter = 'drafts' | 'public' | 'responses' | 'unlisted' | 'deleted';

/**
 * After a post is restored, the deleted view says which one
 * (docs/product/2-sign-in-notices-cache-routing.md §2.3).
 */
export interface UndeletedPostQuery {
  undeletedPost?: string;
  undeletedPostId?: string;
  undeletedPostTitle?: string;
  tab?: string;
}

/** /me/stories/{filterBy}. */
export function yourStoriesUrl(filterBy: YourStoriesFilter, ctx: LinkContext, query?: UndeletedPostQuery): string {
  return buildLink('ShowYourStories', { filterBy }, ctx, query ? { ...query } : undefined);
}

/** /me/settings, optionally at a section anchor or tab (e.g. #membership). */
export function settingsUrl(ctx: LinkContext, anchor?: string): string {
  return buildLink('ShowSettings', {}, ctx) + (anchor ? '#' + anchor : '');
}

export const ME_PAGE_ROUTES = {
  mute: 'ShowSettingsMute',
  following: 'ShowFollowsIndex',
  followingSuggestions: 'ShowFollowSuggestions',
  stats: 'ShowStats',
  readingHistory: 'ShowReadingHistory',
  partnerTaxes: 'ShowPartnerTaxes',
  subscribersImport: 'ShowImportSubscribers',
  library: 'ShowYourLists',
  notifications: 'ShowYourNotifications',
  partnerDashboard: 'ShowPartnerDashboard',
} as const;

export type MePage = keyof typeof ME_PAGE_ROUTES;

export function mePageUrl(page: MePage, ctx: LinkContext): string {
  return buildLink(ME_PAGE_ROUTES[page], {}, ctx);
}

/** /me/stats/post/{postId}. */
export function statsPostUrl(postId: string, ctx: LinkContext): string {
  return buildLink('ShowStatsPost', { postId }, ctx);
}

/** /me/design with its optional unfold and action query parameters. */
export function designUrl(ctx: LinkContext, options: { unfold?: string; action?: string } = {}): string {
  return buildLink('ShowUserDesignEditor', {}, ctx, { unfold: options.unfold, action: options.action });
}

/** /@{username}/audience/stats/export: the subscriber export download (an endpoint). */
export function audienceExportUrl(username: string, ctx: LinkContext): string {
  return mainHostLink('/@{username}/audience/stats/export', { username }, ctx);
}

/** /@{username}/audience/{details} (relative on the writer's own host, else on the main host). */
export function audienceUrl(username: string, details: string, ctx: LinkContext): string {
  return buildLink('ShowUserAudienceDetails', { username, details }, ctx);
}

/** /newsletters/{newsletterV3Id}/stats. */
export function newsletterStatsUrl(newsletterV3Id: string, ctx: LinkContext): string {
  return buildLink('ShowNewsletterStats', { newsletterV3Id }, ctx);
}

/** /newsletters/{newsletterV3Id}/new-email. */
export function newsletterNewEmailUrl(newsletterV3Id: string, ctx: LinkContext): string {
  return buildLink('ShowNewsletterNewEmail', { newsletterV3Id }, ctx);
}
