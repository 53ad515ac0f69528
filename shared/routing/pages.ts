// Page names and the layout each one renders in
// (docs/product/1-product-screens-membership-header-search.md §2.1,
// docs/product/2-sign-in-notices-cache-routing.md §2.3).
//
// The spec's names come first, grouped as docs/product/2-sign-in-notices-cache-routing.md §2.3
// groups them. Names the spec does not give, needed by routes of
// docs/product/3-routes-data-calls-constants.md §2 that have no page in the spec, are in
// INVENTED_PAGES below so a reader can tell them apart.

import { hasFlag, type FlagSet } from './flags.ts';

export type Layout = 'basic' | 'top-nav' | 'top-nav-wordmark' | 'two-column' | 'publication';

const SPEC_PAGES = {
  // Basic layout (docs/product/2-sign-in-notices-cache-routing.md §2.3).
  'billing-receipt': 'basic',
  'discount-plans': 'basic',
  'embed-catalog': 'basic',
  'gift-membership': 'basic',
  'group-gift-membership': 'basic',
  'internal-status': 'basic',
  'landing-about': 'basic',
  'landing-b2b': 'basic',
  'landing-gift': 'basic',
  'landing-membership': 'basic',
  'landing-partner-program': 'basic',
  'landing-verified-authors': 'basic',
  'legacy-topic-redirect': 'basic',
  'manage-membership': 'basic',
  'manage-membership-confirmation': 'basic',
  'mastodon-callback': 'basic',
  'mastodon-for-members': 'basic',
  'mobile-web-editor-redirect': 'basic',
  'onboarding-plans': 'basic',
  'partner-program-application': 'basic',
  'partner-program-stripe-finish': 'basic',
  'partner-program-stripe-reconnect': 'basic',
  'partner-program-stripe-reconnect-success': 'basic',
  'partner-program-unenroll': 'basic',
  plans: 'basic',
  'plans-confirmation': 'basic',
  'publication-design-editor': 'basic',
  'redeem-gift-membership': 'basic',
  'share-success': 'basic',
  'sign-in': 'basic',
  'topics-onboarding': 'basic',
  'user-design-editor': 'basic',
  'welcome-member': 'basic',

  // Top-navigation layout (docs/product/2-sign-in-notices-cache-routing.md §2.3). home-lo is listed
  // under both basic and top navigation: layoutForPage picks one by the enable_lo_homepage flag.
  'home-lo': 'top-nav',
  'cancel-membership': 'top-nav',
  'collections-library': 'top-nav',
  'crupdate-password': 'top-nav-wordmark',
  'explore-topics': 'top-nav',
  'import-mailing-list': 'top-nav',
  'not-available': 'top-nav-wordmark',
  'partner-program-dashboard': 'top-nav',
  post: 'top-nav',
  'post-settings': 'top-nav',
  'publication-custom-domain-settings': 'top-nav',
  'publication-digest-stats': 'top-nav',
  'publication-newsletter-settings': 'top-nav',
  // docs/product/2-sign-in-notices-cache-routing.md §2.3 also lists "newsletter-promotion" among
  // the publication-layout pages; the explicit top-navigation entry for
  // publication-newsletter-promotion wins.
  'publication-newsletter-promotion': 'top-nav',
  'registration-form': 'top-nav-wordmark',
  series: 'top-nav',
  'settings-custom-domain': 'top-nav',
  'stats-homepage': 'top-nav',
  'stats-post': 'top-nav',
  'subscription-stats': 'top-nav',
  'tag-archive': 'top-nav',
  ticks: 'top-nav',
  'the-trump-45': 'top-nav',
  topic: 'top-nav',
  'topic-recommended': 'top-nav',
  'topic-who-to-follow': 'top-nav',
  'trending-posts': 'top-nav',
  tribute: 'top-nav',
  'update-payment': 'top-nav',
  'unrecognized-account': 'top-nav-wordmark',
  'user-driven-membership-promotion': 'top-nav',
  'writer-subscription-promotion': 'top-nav',
  'two-factor-auth': 'top-nav',

  // Two-column layout: docs/product/1-product-screens-membership-header-search.md §2.1 says every
  // page but post uses it.
  home: 'two-column',
  notifications: 'two-column',
  'publication-followers': 'two-column',
  'user-followers': 'two-column',
  'user-following': 'two-column',
  'user-profile': 'two-column',
  'user-about': 'two-column',
  'user-books': 'two-column',
  'user-catalogs': 'two-column',
  'user-catalog': 'two-column',
  search: 'two-column',
  'your-stories': 'two-column',
  'your-catalogs': 'two-column',
  'your-catalog': 'two-column',
  'your-followed-catalogs': 'two-column',
  'your-reading-history': 'two-column',
  'customize-following': 'two-column',
  'customize-muted': 'two-column',
  'customize-reading-history': 'two-column',
  'customize-suggestions': 'two-column',
  settings: 'two-column',
  'global-unsubscribe-newsletters': 'two-column',

  // Publication layout (community publication pages).
  // docs/product/2-sign-in-notices-cache-routing.md §2.3 lists them without the "publication-"
  // prefix (about, archive, feature, …);
  // docs/product/1-product-screens-membership-header-search.md §2.1 names three of them with it.
  'publication-about': 'publication',
  'publication-archive': 'publication',
  'publication-feature': 'publication',
  'publication-feature-section': 'publication',
  'publication-latest': 'publication',
  'publication-profile': 'publication',
  'publication-stats': 'publication',
  'publication-tagged': 'publication',
  'publication-trending': 'publication',
} as const satisfies Record<string, Layout>;

/**
 * Invented names: routes of docs/product/3-routes-data-calls-constants.md §2 whose page the spec
 * does not name. Each reuses the layout of the nearest spec page (editors and landings basic, tools
 * top navigation).
 */
const INVENTED_PAGES = {
  // A writer's own series and their series' stats (docs/series.md).
  'series-stats': 'top-nav',
  'your-series': 'two-column',
  'home-lo-legacy': 'basic', // docs/product/2-sign-in-notices-cache-routing.md §2.3: home-lo "also a legacy variant", unnamed
  'landing-creators': 'basic', // /creators, /creator-tools
  'landing-jobs': 'basic',
  help: 'basic',
  'terms-of-service': 'basic', // /m/tos
  suspended: 'top-nav-wordmark', // like not-available
  goodbye: 'top-nav-wordmark', // after account deletion, like not-available
  'new-story': 'basic', // story editor, new story / response / repost / newsletter email
  'edit-story': 'basic', // story editor on an existing story
  'import-story': 'top-nav',
  'new-series': 'basic',
  'edit-series': 'basic',
  'new-sequence': 'top-nav',
  'edit-sequence': 'top-nav',
  'new-publication': 'top-nav',
  'post-responses': 'top-nav',
  'post-info': 'top-nav',
  'post-upvotes': 'top-nav',
  'post-deltas': 'top-nav',
  'curated-catalog': 'top-nav', // /collections/{catalogSlug}
  'top-stories': 'top-nav',
  'topic-top-writers': 'top-nav',
  'topic-edit': 'top-nav',
  'topic-add-posts': 'top-nav',
  'user-awards': 'two-column',
  'payout-setup': 'basic',
  'partner-program-enroll': 'basic',
  'partner-program-taxes': 'top-nav',
  'email-settings': 'basic', // signed /me/email-settings/{userId}/{hash} link from an email
  'oauth-applications': 'top-nav',
  'oauth-application': 'top-nav',
  'oauth-authorize': 'basic',
  'account-export': 'basic',
  'send-verify': 'basic',
  'mission-control': 'top-nav',
  'publication-settings': 'top-nav',
  'publication-edit': 'top-nav',
  'publication-feature-editor': 'top-nav',
  'publication-stories': 'top-nav',
  'newsletter-export': 'top-nav',
  'admin-user': 'basic',
  'oh-noes': 'basic', // deliberately throws, to check the error page and reporting
} as const satisfies Record<string, Layout>;

const PAGE_LAYOUTS: Readonly<Record<PageName, Layout>> = { ...SPEC_PAGES, ...INVENTED_PAGES };

export type PageName = keyof typeof SPEC_PAGES | keyof typeof INVENTED_PAGES;

export const PAGE_NAMES: readonly PageName[] = Object.keys(PAGE_LAYOUTS) as PageName[];

export const INVENTED_PAGE_NAMES: readonly PageName[] = Object.keys(INVENTED_PAGES) as PageName[];

export function isPageName(name: string): name is PageName {
  return Object.hasOwn(PAGE_LAYOUTS, name);
}

/**
 * The page's own layout; an unknown name is an error
 * (docs/product/1-product-screens-membership-header-search.md §2.1,
 * docs/product/2-sign-in-notices-cache-routing.md §8).
 */
export function getPageLayout(name: string): Layout {
  if (!isPageName(name)) throw new Error('Expected ' + name + ' page to exist.');
  return PAGE_LAYOUTS[name];
}


/** Pages whose community variant (publication layout) is behind enable_lite_publications. */
const STANDARD_VARIANT_PAGES: ReadonlySet<string> = new Set(['publication-about', 'publication-profile', 'publication-tagged']);

/**
 * The layout a page renders in under the given flags
 * (docs/product/2-sign-in-notices-cache-routing.md §2.3):
 * - home-lo: top navigation when enable_lo_homepage is on (the caller folds "cached as
 *   enabled" into the flags), otherwise basic;
 * - publication-about, -profile, -tagged: the community variant (publication layout) when
 *   enable_lite_publications is on, otherwise the standard variant, which
 *   docs/product/1-product-screens-membership-header-search.md §2.1 puts in the two-column layout.
 */
export function layoutForPage(page: string, flags: FlagSet): Layout {
  const layout = getPageLayout(page);
  if (page === 'home-lo') return hasFlag(flags, 'enable_lo_homepage') ? 'top-nav' : 'basic';
  if (STANDARD_VARIANT_PAGES.has(page)) return hasFlag(flags, 'enable_lite_publications') ? 'publication' : 'two-column';
  return layout;
}
