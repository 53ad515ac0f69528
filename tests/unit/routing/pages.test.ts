// Page names and layouts (docs/product/1-product-screens-membership-header-search.md §2.1,
// docs/product/2-sign-in-notices-cache-routing.md §2.3).
import { describe, expect, it } from 'vitest';
import { getPageLayout, INVENTED_PAGE_NAMES, isPageName, layoutForPage, PAGE_NAMES } from '../../../shared/routing/pages.ts';

describe('pages', () => {
  it('knows every page of docs/product/1-product-screens-membership-header-search.md §2.1 and docs/product/2-sign-in-notices-cache-routing.md §2.3', () => {
    const spec1 = [
      'home', 'notifications', 'post', 'publication-about', 'publication-followers', 'publication-profile',
      'publication-tagged', 'user-followers', 'user-following', 'user-profile', 'user-about', 'user-books',
      'user-catalogs', 'user-catalog', 'search', 'your-stories', 'your-catalogs', 'your-catalog',
      'your-followed-catalogs', 'your-reading-history', 'customize-following', 'customize-muted',
      'customize-reading-history', 'customize-suggestions', 'settings', 'global-unsubscribe-newsletters',
    ];
    const spec2Basic = [
      'billing-receipt', 'discount-plans', 'embed-catalog', 'gift-membership', 'group-gift-membership', 'internal-status',
      'landing-about', 'landing-b2b', 'landing-gift', 'landing-membership', 'landing-partner-program',
      'landing-verified-authors', 'legacy-topic-redirect', 'manage-membership', 'manage-membership-confirmation',
      'mastodon-callback', 'mastodon-for-members', 'mobile-web-editor-redirect', 'onboarding-plans',
      'partner-program-application', 'partner-program-stripe-finish', 'partner-program-stripe-reconnect',
      'partner-program-stripe-reconnect-success', 'partner-program-unenroll', 'plans', 'plans-confirmation',
      'publication-design-editor', 'redeem-gift-membership', 'share-success', 'sign-in', 'topics-onboarding',
      'user-design-editor', 'welcome-member',
    ];
    const spec2TopNav = [
      'cancel-membership', 'collections-library', 'explore-topics', 'home-lo', 'import-mailing-list',
      'partner-program-dashboard', 'post', 'post-settings', 'publication-custom-domain-settings',
      'publication-digest-stats', 'publication-newsletter-settings', 'publication-newsletter-promotion', 'series',
      'settings-custom-domain', 'stats-homepage', 'stats-post', 'subscription-stats', 'tag-archive', 'ticks',
      'the-trump-45', 'topic', 'topic-recommended', 'topic-who-to-follow', 'trending-posts', 'tribute',
      'update-payment', 'user-driven-membership-promotion', 'writer-subscription-promotion', 'two-factor-auth',
    ];
    const wordmark = ['crupdate-password', 'not-available', 'registration-form', 'unrecognized-account'];
    for (const name of [...spec1, ...spec2Basic, ...spec2TopNav, ...wordmark]) expect(isPageName(name), name).toBe(true);
    for (const name of spec2Basic.filter((n) => n !== 'home-lo')) expect(getPageLayout(name), name).toBe('basic');
    for (const name of spec2TopNav) expect(getPageLayout(name), name).toBe('top-nav');
    for (const name of wordmark) expect(getPageLayout(name), name).toBe('top-nav-wordmark');
    for (const name of spec1.filter((n) => n !== 'post' && !['publication-about', 'publication-profile', 'publication-tagged'].includes(n))) {
      expect(getPageLayout(name), name).toBe('two-column');
    }
    for (const name of ['publication-about', 'publication-profile', 'publication-tagged', 'publication-archive', 'publication-stats']) {
      expect(getPageLayout(name), name).toBe('publication');
    }
  });

  it('throws the spec error for an unknown page', () => {
    expect(() => getPageLayout('nowhere')).toThrow(new Error('Expected nowhere page to exist.'));
    expect(() => layoutForPage('toString', [])).toThrow('Expected toString page to exist.');
    expect(isPageName('constructor')).toBe(false);
  });

  it('lists names once, invented ones among them, all kebab-case', () => {
    expect(new Set(PAGE_NAMES).size).toBe(PAGE_NAMES.length);
    expect(INVENTED_PAGE_NAMES.every((n) => PAGE_NAMES.includes(n))).toBe(true);
    expect(INVENTED_PAGE_NAMES).toContain('new-story');
    expect(INVENTED_PAGE_NAMES).not.toContain('post');
    for (const name of PAGE_NAMES) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('puts home-lo in top navigation only with enable_lo_homepage', () => {
    expect(layoutForPage('home-lo', ['enable_lo_homepage'])).toBe('top-nav');
    expect(layoutForPage('home-lo', new Set(['enable_lo_homepage']))).toBe('top-nav');
    expect(layoutForPage('home-lo', [])).toBe('basic');
    expect(layoutForPage('home-lo', new Set(['enable_lite_publications']))).toBe('basic');
  });

  it('renders the community variant of publication pages only with enable_lite_publications', () => {
    expect(layoutForPage('publication-about', ['enable_lite_publications'])).toBe('publication');
    expect(layoutForPage('publication-tagged', [])).toBe('two-column');
    expect(layoutForPage('publication-profile', new Set())).toBe('two-column');
    expect(layoutForPage('publication-archive', [])).toBe('publication');
  });

  it('passes other pages through', () => {
    expect(layoutForPage('post', [])).toBe('top-nav');
    expect(layoutForPage('home', ['enable_lo_homepage'])).toBe('two-column');
  });
});
