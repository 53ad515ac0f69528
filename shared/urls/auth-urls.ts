// Auth entry points (docs/product/3-routes-data-calls-constants.md §2.11) and the sign-in and
// sign-out addresses. Sign-in lives on the main (auth) host: from a custom domain these links are
// absolute (docs/product/2-sign-in-notices-cache-routing.md §2.3).
import { buildLink } from '../routing/links.ts';
import type { LinkContext } from '../routing/links.ts';

export const AUTH_ENTRY_ROUTES = {
  facebook: 'ShowConnectFacebook',
  google: 'ShowConnectGoogle',
  apple: 'ShowStartAuthApple',
  twitter: 'ShowAuthenticateTwitter',
  email: 'ShowAuthCallbackEmail',
  authenticate: 'ShowAuthCallbackAuthenticate',
} as const;

export type AuthEntry = keyof typeof AUTH_ENTRY_ROUTES;

/**
 * The parameters auth pages take (docs/product/2-sign-in-notices-cache-routing.md §2.3) and a
 * social-login redirect's.
 */
export interface AuthQuery {
  actionUrl?: string;
  operation?: 'login' | 'register';
  redirect?: string;
  collection?: string;
  collectionId?: string;
  newsletterV3?: string;
  newsletterV3Id?: string;
  user?: string;
  userId?: string;
  token?: string;
  source?: string;
  redirectUrl?: string;
}

/** /m/connect/facebook, /m/connect/google, /m/start-auth/apple, … */
export function authEntryUrl(entry: AuthEntry, ctx: LinkContext, query?: AuthQuery): string {
  return buildLink(AUTH_ENTRY_ROUTES[entry], {}, ctx, query ? { ...query } : undefined);
}

/** /m/signin. */
export function signInUrl(ctx: LinkContext, query?: AuthQuery): string {
  return buildLink('ShowSignIn', {}, ctx, query ? { ...query } : undefined);
}

/**
 * /m/signout/{xsrf}: signing out needs the session's anti-forgery value
 * (docs/product/1-product-screens-membership-header-search.md §5).
 */
export function signOutUrl(xsrf: string, ctx: LinkContext): string {
  return buildLink('ShowSignOut', { xsrf }, ctx);
}
