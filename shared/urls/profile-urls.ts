// Profile addresses (docs/product/3-routes-data-calls-constants.md §2.11,
// docs/product/1-product-screens-membership-header-search.md §3). A user's own site is their live
// custom domain, else their username subdomain, else /@{username} on the main host, else /u/{id}.
// Profile subpages live on that same site: https://{domain}/about, /@{username}/about.
import { buildLink, isUserHost } from '../routing/links.ts';
import type { LinkContext, LinkParams, LinkQuery } from '../routing/links.ts';
import { customDomainOrigin, subdomainOrigin } from './site-origin.ts';
import type { LiveDomainState } from './site-origin.ts';

export interface UserRef {
  id: string;
  username?: string | null;
  hasSubdomain?: boolean | null;
  customDomainState?: LiveDomainState | null;
}

/** What deciding a user's site needs (an id only matters for /u/{id}). */
export type UserSiteRef = Omit<UserRef, 'id'>;

/** The user's own site origin (custom domain, else subdomain), or null for none. */
export function userSiteOrigin(user: UserSiteRef, ctx: LinkContext): string | null {
  const domain = user.customDomainState?.live?.domain;
  if (domain) return customDomainOrigin(domain, ctx);
  if (user.hasSubdomain && user.username) return subdomainOrigin(user.username, ctx);
  return null;
}

/**
 * A /@{username}… route on the user's own site: root-relative when the page is already on
 * it, else on their custom domain or subdomain, else by buildLink's rules on the main host.
 */
export function userSiteLink(
  user: UserSiteRef,
  routeName: string,
  params: LinkParams,
  ctx: LinkContext,
  query?: LinkQuery,
): string {
  const withUser = { ...params, username: user.username };
  const origin = userSiteOrigin(user, ctx);
  if (!origin || isUserHost(ctx, user.username)) return buildLink(routeName, withUser, ctx, query);
  const ownHost: LinkContext = { ...ctx, hostKind: 'user', hostUsername: user.username };
  return origin + buildLink(routeName, withUser, ownHost, query);
}

/** The user's profile: their own site, else /@{username}, else /u/{id}. */
export function profileUrl(user: UserRef, ctx: LinkContext): string {
  const { username } = user;
  if (username && isUserHost(ctx, username)) return buildLink('ShowUser', { username }, ctx);
  const origin = userSiteOrigin(user, ctx);
  if (origin) return origin;
  return username ? buildLink('ShowUser', { username }, ctx) : userByIdUrl(user.id, ctx);
}

export const PROFILE_SUBPAGE_ROUTES = {
  series: 'ShowUserSeries',
  hasRecommended: 'ShowUserHasRecommended',
  highlights: 'ShowUserHighlights',
  responses: 'ShowUserResponses',
  following: 'ShowUserFollowing',
  followers: 'ShowUserFollowers',
  about: 'ShowUserAbout',
  lists: 'ShowUserLists',
} as const;

export type ProfileSubpage = keyof typeof PROFILE_SUBPAGE_ROUTES;

export function profileSubpageUrl(user: UserSiteRef, subpage: ProfileSubpage, ctx: LinkContext): string {
  return userSiteLink(user, PROFILE_SUBPAGE_ROUTES[subpage], {}, ctx);
}

export type ShareChannel = 'twitter' | 'facebook' | 'linkedIn';

/** /@{username}/share/{twitter|facebook|linkedIn}. */
export function profileShareUrl(user: UserSiteRef, channel: ShareChannel, ctx: LinkContext): string {
  return userSiteLink(user, 'ShowUserShare', { channel }, ctx);
}

export function userByIdUrl(userId: string, ctx: LinkContext): string {
  return buildLink('ShowUserById', { userId }, ctx);
}
