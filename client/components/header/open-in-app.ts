// The mobile bar's "Open in app" deep link
// (docs/product/1-product-screens-membership-header-search.md §2.5, §7).
//
// Decision: a Branch-style link on the app-link host (APP_LINK_ORIGIN). Such a service opens
// the installed app at $deeplink_path through its URI scheme (vellum://…), sends phones
// without the app to the store, and everything else to $canonical_url (the same page on
// the web). The link carries the spec's tags: ~feature by login state (LoOpenInAppButton
// logged out, LiOpenInAppButton logged in) and ~channel = the route name (ShowPost, ShowUser…).
// Nothing in it describes the viewer beyond logged in or out, so a cached page may hold it.
export const APP_LINK_ORIGIN = 'https://vellum.app.link';
/** The app's URI scheme: the app resolves vellum://{host}{path} like the web address. */
export const APP_URI_SCHEME = 'vellum';

export interface OpenInAppInput {
  /** Absolute address of the page on the web. */
  pageUrl: string;
  /** The matched route's name; 'NotFound' when none matched. */
  routeName: string;
  isLoggedIn: boolean;
}

export function openInAppFeature(isLoggedIn: boolean): string {
  return isLoggedIn ? 'LiOpenInAppButton' : 'LoOpenInAppButton';
}

export function openInAppUrl({ pageUrl, routeName, isLoggedIn }: OpenInAppInput, appLinkOrigin: string = APP_LINK_ORIGIN): string {
  const page = new URL(pageUrl);
  const params = new URLSearchParams();
  params.set('$canonical_url', page.href);
  params.set('$deeplink_path', `${page.host}${page.pathname}${page.search}`);
  params.set('~feature', openInAppFeature(isLoggedIn));
  params.set('~channel', routeName);
  return `${appLinkOrigin.replace(/\/+$/, '')}/?${params.toString()}`;
}
