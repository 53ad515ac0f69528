// Every spec path on every host kind: the route, page and params it reaches, and the link
// built back from them.
import { describe, expect, it } from 'vitest';
import { SPEC_PATHS } from './spec-paths.ts';
import { createRouter, matchRoute } from '../../../shared/routing/router.ts';
import { buildLink } from '../../../shared/routing/links.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { DEFAULT_ROUTES, getRoute, isRouteEnabled, isRouteServed, ROUTES_BY_HOST } from '../../../shared/routing/routes.ts';
import { getPageLayout } from '../../../shared/routing/pages.ts';

const MAIN = 'https://vellum.example';
const mainHost: LinkContext = { hostKind: 'default', mainOrigin: MAIN };
// Ada's custom domain (ada.blog) and her subdomain (ada.vellum.example) share one table.
const adaHost: LinkContext = { hostKind: 'user', mainOrigin: MAIN, hostUsername: 'ada' };
const dailyHost: LinkContext = { hostKind: 'collection', mainOrigin: MAIN, hostCollectionSlug: 'the-daily' };

describe('main host: every path of docs/product/3-routes-data-calls-constants.md §2.1–§2.10', () => {
  it.each(SPEC_PATHS)('%s → %s (%s)', (path, name, page, params) => {
    const match = matchRoute('default', path);
    expect(match?.route.name).toBe(name);
    expect(match?.route.page ?? null).toBe(page);
    expect(match?.params).toEqual(params);
    expect(buildLink(name, params, mainHost)).toBe(path);
  });

  it('has an example for every route of the table, and no route twice', () => {
    const names = DEFAULT_ROUTES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    const tested = new Set(SPEC_PATHS.map(([, name]) => name));
    expect(names.filter((name) => !tested.has(name))).toEqual([]);
  });

  it('gives every route a known page, a known redirect target, or neither (an endpoint)', () => {
    for (const route of DEFAULT_ROUTES) {
      if (route.page) expect(() => getPageLayout(route.page as string)).not.toThrow();
      if (route.redirect) expect(getRoute(route.redirect), route.name).toBeDefined();
      expect(route.page && route.redirect, route.name).toBeFalsy();
    }
  });

  it.each(Object.entries(ROUTES_BY_HOST))('registers the %s table without an ambiguity warning', (_kind, routes) => {
    const warnings: string[] = [];
    const router = createRouter(routes, { warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
    expect(router.routes).toHaveLength(routes.length);
  });

  it('keeps the spec names for the header routes and their params (docs/product/1-product-screens-membership-header-search.md §2.3)', () => {
    const expected: Record<string, string> = {
      ShowPost: '/p/{postId}',
      ShowPostUnderUser: '/@{username}/{postId}',
      ShowPostUnderCollection: '/{collectionSlug}/{postId}',
      ShowUserList: '/@{username}/list/{catalogSlugId}',
      ShowYourStories: '/me/stories/{filterBy}',
      ShowSettingsTab: '/me/settings/{setting}',
      ShowYourFollowedLists: '/me/lists/saved',
      ShowStatsPost: '/me/stats/post/{postId}',
      ShowUserStatsPost: '/@{username}/stats/post/{postId}',
    };
    for (const [name, path] of Object.entries(expected)) expect(getRoute(name)?.path).toBe(path);
    const specNames = [
      'ShowHome', 'ShowSequencePost', 'ShowCollectionHome', 'ShowCollectionMasthead', 'ShowCollectionTagged',
      'ShowCollectionArchive', 'ShowCollectionArchiveYearly', 'ShowCollectionArchiveMonthly', 'ShowCollectionArchiveDaily',
      'ShowCollectionNewsletterPromotionPage', 'ShowLiteCollectionFollowers', 'ShowUser', 'ShowUserAbout',
      'ShowUserFollowers', 'ShowUserFollowing', 'ShowUserLists', 'ShowUserBooks', 'ShowYourLists',
      'ShowYourNotifications', 'ShowStats', 'ShowPartnerDashboard', 'ShowNewPost', 'ShowSearch', 'ShowExploreTopics',
      'ShowTagPosts', 'ShowTopic', 'ShowSettings', 'ShowManageMembershipPage', 'ShowPay', 'ShowSubscriptionsLanding',
      'ShowLandingVerifiedAuthors', 'ShowLandingPartnerProgram', 'ShowLiteGiftCheckout', 'ShowGiftLanding',
      'ShowMastodonForMembersPage', 'ShowFollowsIndex', 'ShowMobileWebEditorRedirectEditStory',
      'ShowMobileWebEditorRedirectNewStory', 'ShowSequenceLibrary', 'ShowStatsResponses', 'ShowStatsSeries',
      'ShowUserStats', 'ShowUserStatsResponses', 'ShowUserStatsSeries',
    ];
    expect(specNames.filter((name) => !getRoute(name))).toEqual([]);
  });
});

/** The owner's paths of the spec list, on the owner's host: the prefix goes. */
function ownedOnHost(prefix: string): [hostPath: string, name: string, page: string | null, params: Record<string, string>][] {
  return SPEC_PATHS.filter(([path]) => path === prefix || path.startsWith(prefix + '/')).map(([path, name, page, params]) => [
    path.slice(prefix.length) || '/',
    name,
    page,
    params,
  ]);
}

describe('user host (custom domain or username subdomain)', () => {
  const owned = ownedOnHost('/@ada');

  it('serves all of the owner\'s /@{username} paths', () => {
    expect(owned.length).toBeGreaterThanOrEqual(27);
  });

  it.each(owned)('%s → %s', (hostPath, name, page, params) => {
    const match = matchRoute('user', hostPath, { hostUsername: 'ada' });
    expect(match?.route.name).toBe(name);
    expect(match?.route.page ?? null).toBe(page);
    expect(match?.params).toEqual(params);
    expect(buildLink(name, params, adaHost)).toBe(hostPath);
  });

  it.each([
    ['/', 'ShowUser', { username: 'ada' }],
    ['/about', 'ShowUserAbout', { username: 'ada' }],
    [`/my-first-story-1a2b3c4d5e6f`, 'ShowPostUnderUser', { username: 'ada', postId: 'my-first-story-1a2b3c4d5e6f' }],
    ['/1a2b3c4d5e6f/edit', 'ShowEditPostUnderUser', { username: 'ada', postId: '1a2b3c4d5e6f' }],
    ['/list/reading-list', 'ShowUserList', { username: 'ada', catalogSlugId: 'reading-list' }],
    ['/p/1a2b3c4d5e6f', 'ShowPost', { postId: '1a2b3c4d5e6f' }],
    ['/m/callback/email', 'ShowAuthCallbackEmail', {}],
    ['/m/callback/v2/facebook', 'ShowAuthCallbackFacebook', {}],
    ['/m/callback/mastodon', 'ShowMastodonCallback', {}],
    ['/m/token', 'ShowAuthToken', {}],
    ['/m/login-redirect', 'ShowLoginRedirect', {}],
    ['/m/signout/xsrf123', 'ShowSignOut', { xsrf: 'xsrf123' }],
  ] as const)('%s → %s', (hostPath, name, params) => {
    const match = matchRoute('user', hostPath, { hostUsername: 'ada' });
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params);
    expect(buildLink(name, params, adaHost)).toBe(hostPath);
  });

  it('leaves the username out when the host does not name its owner', () => {
    expect(matchRoute('user', '/about')?.params).toEqual({});
  });

  it.each([
    ['/me/settings'],
    ['/tag/javascript'],
    ['/m/signin/now'],
    ['/@ada/about'],
    ['/the-daily/stats/overview'],
  ])('does not serve main-host path %s', (path) => {
    expect(matchRoute('user', path, { hostUsername: 'ada' })).toBeNull();
  });

  it.each([
    ['ShowSettings', {}, `${MAIN}/me/settings`],
    ['ShowTagPosts', { tagSlug: 'javascript' }, `${MAIN}/tag/javascript`],
    ['ShowSignIn', {}, `${MAIN}/m/signin`],
    ['ShowCollectionHome', { collectionSlug: 'the-daily' }, `${MAIN}/the-daily`],
    ['ShowUserAbout', { username: 'grace' }, `${MAIN}/@grace/about`],
    ['ShowPostUnderUser', { username: 'grace', postId: 'x-1a2b3c4d' }, `${MAIN}/@grace/x-1a2b3c4d`],
    ['ShowUserAbout', { username: 'Ada' }, '/about'],
  ] as const)('links %s %j absolutely on the main origin unless the host owns it', (name, params, expected) => {
    expect(buildLink(name, params, adaHost)).toBe(expected);
  });
});

describe('collection host (publication custom domain)', () => {
  const owned = ownedOnHost('/the-daily');

  it('serves all of the publication\'s /{collectionSlug} paths', () => {
    expect(owned.length).toBeGreaterThanOrEqual(46);
  });

  it.each(owned)('%s → %s', (hostPath, name, page, params) => {
    const match = matchRoute('collection', hostPath, { hostCollectionSlug: 'the-daily' });
    expect(match?.route.name).toBe(name);
    expect(match?.route.page ?? null).toBe(page);
    expect(match?.params).toEqual(params);
    expect(buildLink(name, params, dailyHost)).toBe(hostPath);
  });

  it.each([
    ['/', 'ShowCollectionHome', { collectionSlug: 'the-daily' }],
    ['/about', 'ShowCollectionMasthead', { collectionSlug: 'the-daily' }],
    ['/tagged/x', 'ShowCollectionTagged', { collectionSlug: 'the-daily', tagSlug: 'x' }],
    ['/why-rivers-matter-0f1e2d3c4b5a', 'ShowPostUnderCollection', { collectionSlug: 'the-daily', postId: 'why-rivers-matter-0f1e2d3c4b5a' }],
    ['/search', 'ShowCollectionSearch', { collectionSlug: 'the-daily' }],
    ['/@ada/followers', 'ShowCollectionUserFollowers', { collectionSlug: 'the-daily', username: 'ada' }],
    ['/p/1a2b3c4d5e6f', 'ShowPost', { postId: '1a2b3c4d5e6f' }],
    ['/m/signout/xsrf123', 'ShowSignOut', { xsrf: 'xsrf123' }],
  ] as const)('%s → %s', (hostPath, name, params) => {
    const match = matchRoute('collection', hostPath, { hostCollectionSlug: 'the-daily' });
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params);
    expect(buildLink(name, params, dailyHost)).toBe(hostPath);
  });

  it('does not serve user or main-host paths (one segment is always a story: /{postId})', () => {
    expect(matchRoute('collection', '/@ada', { hostCollectionSlug: 'the-daily' })?.route.name).toBe('ShowPostUnderCollection');
    expect(matchRoute('collection', '/@ada/about', { hostCollectionSlug: 'the-daily' })).toBeNull();
    expect(matchRoute('collection', '/me/settings/mute', { hostCollectionSlug: 'the-daily' })).toBeNull();
    expect(matchRoute('collection', '/tag/javascript/latest', { hostCollectionSlug: 'the-daily' })).toBeNull();
  });

  it('links another publication and user pages on the main origin', () => {
    expect(buildLink('ShowCollectionMasthead', { collectionSlug: 'other' }, dailyHost)).toBe(`${MAIN}/other/about`);
    expect(buildLink('ShowUser', { username: 'ada' }, dailyHost)).toBe(`${MAIN}/@ada`);
    expect(buildLink('ShowCollectionHome', { collectionSlug: 'The-Daily' }, dailyHost)).toBe('/');
  });
});

describe('feature-flagged routes', () => {
  it('serves a gated route only with its flag on', () => {
    const stats = getRoute('ShowStats');
    const home = getRoute('ShowHome');
    if (!stats || !home) throw new Error('routes missing');
    expect(stats.flag).toBe('enable_lite_stats_homepage');
    expect(isRouteEnabled(stats, [])).toBe(false);
    expect(isRouteEnabled(stats, new Set(['enable_lite_stats_homepage']))).toBe(true);
    expect(isRouteEnabled(home, [])).toBe(true);
    expect(getRoute('ShowMastodonForMembersPage')?.flag).toBe('enable_mastodon_for_members');
    expect(getRoute('ShowCollectionArchiveDaily')?.flag).toBe('enable_lite_archive_page');
    expect(getRoute('ShowCollectionStatsOverview')?.flag).toBe('enable_lite_pub_stats');
    expect(getRoute('ShowPartnerDashboard')?.flag).toBe('enable_lite_partner_program_dashboard');
    // The standard variant of these publication pages needs no flag.
    expect(getRoute('ShowCollectionMasthead')?.flag).toBeUndefined();
  });

  it('answers the standard variant only for flags that have one (docs/adr/0165-route-flags-gate-the-lite-version.md)', () => {
    expect(isRouteServed(getRoute('ShowCollectionArchive')!, [])).toBe(false);
    expect(isRouteServed(getRoute('ShowCollectionArchive')!, ['enable_lite_archive_page'])).toBe(true);
    expect(isRouteServed(getRoute('ShowMastodonForMembersPage')!, [])).toBe(false);
    expect(isRouteServed(getRoute('ShowCollectionLatest')!, [])).toBe(true);
    expect(isRouteServed(getRoute('ShowHome')!, [])).toBe(true);
  });
});
