// URL builders of docs/product/3-routes-data-calls-constants.md §2.11.
import { describe, expect, it } from 'vitest';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { matchRoute, postIdFromParam } from '../../../shared/routing/router.ts';
import * as urls from '../../../shared/urls/index.ts';

const MAIN = 'https://vellum.example';
const mainHost: LinkContext = { hostKind: 'default', mainOrigin: MAIN };
const adaHost: LinkContext = { hostKind: 'user', mainOrigin: MAIN, hostUsername: 'ada' };
const dailyHost: LinkContext = { hostKind: 'collection', mainOrigin: MAIN, hostCollectionSlug: 'the-daily' };

const plainUser = { id: 'u1', username: 'ada' };
const subdomainUser = { id: 'u2', username: 'Grace', hasSubdomain: true };
const domainUser = { id: 'u3', username: 'linus', hasSubdomain: true, customDomainState: { live: { domain: 'linus.blog' } } };
const pendingDomainUser = { id: 'u4', username: 'ken', customDomainState: { live: null } };
const noUsername = { id: 'u5', username: null };

const daily = { id: 'c1', slug: 'the-daily' };
const domainPub = { id: 'c2', slug: 'rivers', customDomainState: { live: { domain: 'rivers.news' } } };
const legacyDomainPub = { id: 'c3', slug: 'old', domain: 'old.news' };
const noSlugPub = { id: 'c4', slug: null };

describe('post URLs', () => {
  it('builds /p/{postId} and its subpages, and /new-story', () => {
    expect(urls.storyIdUrl('1a2b3c4d5e6f', mainHost)).toBe('/p/1a2b3c4d5e6f');
    expect(urls.postEditUrl('1a2b3c4d5e6f', mainHost)).toBe('/p/1a2b3c4d5e6f/edit');
    expect(urls.postSettingsUrl('1a2b3c4d5e6f', mainHost)).toBe('/p/1a2b3c4d5e6f/settings');
    expect(urls.postInfoUrl('1a2b3c4d5e6f', mainHost)).toBe('/p/1a2b3c4d5e6f/info');
    expect(urls.newStoryUrl(mainHost)).toBe('/new-story');
    expect(urls.newStoryUrl(mainHost, { inResponseToQuoteId: 'q9' })).toBe('/new-story?inResponseToQuoteId=q9');
    // /p/{postId} is served on custom domains; the editor is not.
    expect(urls.storyIdUrl('1a2b3c4d5e6f', adaHost)).toBe('/p/1a2b3c4d5e6f');
    expect(urls.postEditUrl('1a2b3c4d5e6f', adaHost)).toBe(`${MAIN}/p/1a2b3c4d5e6f/edit`);
  });

  it('builds the canonical story path on the main host', () => {
    const story = { id: '1a2b3c4d5e6f', slug: 'my-first-story', creator: { username: 'ada' } };
    expect(urls.storyPath(story)).toBe('/@ada/my-first-story-1a2b3c4d5e6f');
    expect(urls.storyPath({ ...story, collection: daily })).toBe('/the-daily/my-first-story-1a2b3c4d5e6f');
    expect(urls.storyPath({ ...story, slug: '' })).toBe('/@ada/1a2b3c4d5e6f');
    expect(urls.storyPath({ ...story, slug: 'my-first-story-1a2b3c4d5e6f' })).toBe('/@ada/my-first-story-1a2b3c4d5e6f');
    expect(urls.storyPath({ id: '1a2b3c4d5e6f', slug: 'x', creator: null })).toBe('/p/1a2b3c4d5e6f');
    expect(urls.storyPath({ ...story, collection: noSlugPub })).toBe('/@ada/my-first-story-1a2b3c4d5e6f');
  });

  it('leads back to the same post through the router', () => {
    const path = urls.storyPath({ id: '0a1b2c3d4e5f', slug: 'why-rust', creator: { username: 'ada' } });
    const match = matchRoute('default', path);
    expect(match?.route.name).toBe('ShowPostUnderUser');
    expect(postIdFromParam(match?.params.postId ?? '')).toBe('0a1b2c3d4e5f');
  });

  it('puts a story on its publication\'s or writer\'s own site', () => {
    const story = { id: '1a2b3c4d5e6f', slug: 'rain', creator: domainUser };
    expect(urls.storyUrl(story, mainHost)).toBe('https://linus.blog/rain-1a2b3c4d5e6f');
    expect(urls.storyUrl({ ...story, creator: subdomainUser }, mainHost)).toBe('https://grace.vellum.example/rain-1a2b3c4d5e6f');
    expect(urls.storyUrl({ ...story, collection: domainPub }, mainHost)).toBe('https://rivers.news/rain-1a2b3c4d5e6f');
    expect(urls.storyUrl({ ...story, creator: plainUser }, mainHost)).toBe('/@ada/rain-1a2b3c4d5e6f');
    expect(urls.storyUrl({ ...story, creator: plainUser }, adaHost)).toBe('/rain-1a2b3c4d5e6f');
    expect(urls.storyUrl({ ...story, collection: daily }, dailyHost)).toBe('/rain-1a2b3c4d5e6f');
    expect(urls.storyUrl({ ...story, collection: daily }, adaHost)).toBe(`${MAIN}/the-daily/rain-1a2b3c4d5e6f`);
    expect(urls.storyUrl({ id: '1a2b3c4d5e6f' }, mainHost)).toBe('/p/1a2b3c4d5e6f');
  });
});

describe('post action URLs', () => {
  it('builds the /_/ endpoints, absolute on the main origin from a custom domain', () => {
    expect(urls.createQuoteUrl('1a2b3c4d5e6f', mainHost)).toBe('/_/p/1a2b3c4d5e6f/quotes/create');
    expect(urls.bookmarkPostUrl('1a2b3c4d5e6f', mainHost)).toBe('/_/bookmark/p/1a2b3c4d5e6f');
    expect(urls.clapStoryUrl('1a2b3c4d5e6f', mainHost)).toBe('/_/vote/p/1a2b3c4d5e6f');
    expect(urls.clapUrl('catalog', 'k1', mainHost)).toBe('/_/vote/catalog/k1');
    expect(urls.clapStoryUrl('1a2b3c4d5e6f', adaHost)).toBe(`${MAIN}/_/vote/p/1a2b3c4d5e6f`);
  });
});

describe('profile URLs', () => {
  it('prefers a live custom domain, then a subdomain, then /@{username}, then /u/{id}', () => {
    expect(urls.profileUrl(domainUser, mainHost)).toBe('https://linus.blog');
    expect(urls.profileUrl(subdomainUser, mainHost)).toBe('https://grace.vellum.example');
    expect(urls.profileUrl(plainUser, mainHost)).toBe('/@ada');
    expect(urls.profileUrl(pendingDomainUser, mainHost)).toBe('/@ken');
    expect(urls.profileUrl(noUsername, mainHost)).toBe('/u/u5');
    expect(urls.profileUrl(plainUser, adaHost)).toBe('/');
    expect(urls.profileUrl(plainUser, dailyHost)).toBe(`${MAIN}/@ada`);
    expect(urls.profileUrl(noUsername, dailyHost)).toBe(`${MAIN}/u/u5`);
  });

  it('follows the main origin\'s scheme and port for subdomains (local development)', () => {
    const local: LinkContext = { hostKind: 'default', mainOrigin: 'http://localhost:8787' };
    expect(urls.profileUrl(subdomainUser, local)).toBe('http://grace.localhost:8787');
  });

  it('serves custom domains under {domain}.localhost in development, the real domain in production (ADR 0130)', () => {
    const local: LinkContext = { hostKind: 'default', mainOrigin: 'http://localhost:8787' };
    const loopback: LinkContext = { hostKind: 'default', mainOrigin: 'http://127.0.0.1:9000' };
    expect(urls.profileUrl(domainUser, local)).toBe('http://linus.blog.localhost:8787');
    expect(urls.storyUrl({ id: '1a2b3c4d5e6f', slug: 'rain', creator: plainUser, collection: domainPub }, loopback)).toBe(
      'http://rivers.news.localhost:9000/rain-1a2b3c4d5e6f',
    );
    expect(urls.profileUrl(domainUser, mainHost)).toBe('https://linus.blog');
    expect(urls.customDomainOfDevelopmentHostname('ada.test.localhost')).toBe('ada.test');
    expect(urls.customDomainOfDevelopmentHostname('grace.localhost')).toBeNull();
    expect(urls.customDomainOfDevelopmentHostname('ada.test')).toBeNull();
  });

  it.each([
    ['series', '/@ada/series', 'https://linus.blog/series'],
    ['hasRecommended', '/@ada/has-recommended', 'https://linus.blog/has-recommended'],
    ['highlights', '/@ada/highlights', 'https://linus.blog/highlights'],
    ['responses', '/@ada/responses', 'https://linus.blog/responses'],
    ['following', '/@ada/following', 'https://linus.blog/following'],
    ['followers', '/@ada/followers', 'https://linus.blog/followers'],
    ['about', '/@ada/about', 'https://linus.blog/about'],
    ['lists', '/@ada/lists', 'https://linus.blog/lists'],
  ] as const)('builds the %s subpage', (subpage, plain, onDomain) => {
    expect(urls.profileSubpageUrl(plainUser, subpage, mainHost)).toBe(plain);
    expect(urls.profileSubpageUrl(domainUser, subpage, mainHost)).toBe(onDomain);
  });

  it('builds subpages relative on the user\'s own host', () => {
    expect(urls.profileSubpageUrl(plainUser, 'about', adaHost)).toBe('/about');
    expect(urls.profileSubpageUrl({ ...domainUser, username: 'ada' }, 'about', adaHost)).toBe('/about');
  });

  it('builds the share routes and /u/{id}', () => {
    expect(urls.profileShareUrl(plainUser, 'twitter', mainHost)).toBe('/@ada/share/twitter');
    expect(urls.profileShareUrl(plainUser, 'facebook', mainHost)).toBe('/@ada/share/facebook');
    expect(urls.profileShareUrl(plainUser, 'linkedIn', mainHost)).toBe('/@ada/share/linkedIn');
    expect(urls.userByIdUrl('u1', mainHost)).toBe('/u/u1');
  });

  it('needs a username for a subpage', () => {
    expect(() => urls.profileSubpageUrl(noUsername, 'about', { ...mainHost, warn: () => {} })).toThrow(
      'One or more required param(s) not provided',
    );
  });
});

describe('publication URLs', () => {
  it('prefers a live domain, then /{slug}, then /c/{id}', () => {
    expect(urls.collectionUrl(domainPub, mainHost)).toBe('https://rivers.news');
    expect(urls.collectionUrl(legacyDomainPub, mainHost)).toBe('https://old.news');
    expect(urls.collectionUrl(daily, mainHost)).toBe('/the-daily');
    expect(urls.collectionUrl(noSlugPub, mainHost)).toBe('/c/c4');
    expect(urls.collectionUrl(daily, dailyHost)).toBe('/');
    expect(urls.collectionUrl(daily, adaHost)).toBe(`${MAIN}/the-daily`);
  });

  it.each([
    ['settings', '/the-daily/settings'],
    ['design', '/the-daily/design'],
    ['newNewsletter', '/the-daily/new-newsletter'],
    ['statsOverview', '/the-daily/stats/overview'],
    ['about', '/the-daily/about'],
    ['followers', '/the-daily/followers'],
  ] as const)('builds the %s subpage', (subpage, path) => {
    expect(urls.collectionSubpageUrl(daily, subpage, mainHost)).toBe(path);
    expect(urls.collectionSubpageUrl(domainPub, subpage, mainHost)).toBe('https://rivers.news' + path.slice('/the-daily'.length));
    expect(urls.collectionSubpageUrl(daily, subpage, dailyHost)).toBe(path.slice('/the-daily'.length));
  });

  it('builds submissions, newsletter settings and tagged pages', () => {
    expect(urls.collectionSubmissionsUrl(daily, mainHost)).toBe('/the-daily/stories/submissions');
    expect(urls.collectionNewsletterSettingsUrl(daily, 'weekly', mainHost)).toBe('/the-daily/newsletters/weekly/settings');
    expect(urls.collectionTaggedUrl(daily, 'climate', mainHost)).toBe('/the-daily/tagged/climate');
    expect(urls.collectionTaggedUrl(domainPub, 'climate', mainHost)).toBe('https://rivers.news/tagged/climate');
  });

  it('builds feeds on the publication\'s domain or under /feed/{slug}', () => {
    expect(urls.collectionFeedUrl(daily, mainHost)).toBe('/feed/the-daily');
    expect(urls.collectionFeedUrl(daily, mainHost, 'climate')).toBe('/feed/the-daily/tagged/climate');
    expect(urls.collectionFeedUrl(daily, adaHost)).toBe(`${MAIN}/feed/the-daily`);
    expect(urls.collectionFeedUrl(domainPub, mainHost)).toBe('https://rivers.news/feed');
    expect(urls.collectionFeedUrl(domainPub, mainHost, 'c&d')).toBe('https://rivers.news/feed/tagged/c%26d');
    expect(urls.collectionFeedUrl(daily, dailyHost, 'climate')).toBe('/feed/tagged/climate');
  });
});

describe('list URLs', () => {
  it('uses the predefined slugs for predefined lists', () => {
    const creator = plainUser;
    expect(urls.listUrl({ id: 'predefined:u1:READING_LIST', creator }, mainHost)).toBe('/@ada/list/reading-list');
    expect(urls.listUrl({ id: 'predefined:u1:CURRENTLY_READING', creator }, mainHost)).toBe('/@ada/list/currently-reading');
    expect(urls.listUrl({ id: 'predefined:u1:PURCHASED', creator }, mainHost)).toBe('/@ada/list/purchased');
    expect(urls.listUrl({ id: 'k1', predefined: 'READING_LIST', creator }, mainHost)).toBe('/@ada/list/reading-list');
  });

  it('reads other lists as {name-slug}-{id}', () => {
    expect(urls.listUrl({ id: '5c6d7e8f', name: 'Weekend Reads!', creator: plainUser }, mainHost)).toBe(
      '/@ada/list/weekend-reads-5c6d7e8f',
    );
    expect(urls.listUrl({ id: '5c6d7e8f', name: '', creator: plainUser }, mainHost)).toBe('/@ada/list/5c6d7e8f');
    expect(urls.listUrl({ id: '5c6d7e8f', name: 'Faves', creator: domainUser }, mainHost)).toBe('https://linus.blog/list/faves-5c6d7e8f');
  });

  it('parses and builds predefined ids', () => {
    expect(urls.predefinedListId('u1', 'PURCHASED')).toBe('predefined:u1:PURCHASED');
    expect(urls.parsePredefinedListId('predefined:u1:CURRENTLY_READING')).toEqual({ userId: 'u1', kind: 'CURRENTLY_READING' });
    expect(urls.parsePredefinedListId('predefined:u1:FAVOURITES')).toBeNull();
    expect(urls.parsePredefinedListId('5c6d7e8f')).toBeNull();
    expect(urls.predefinedListKindFromSlug('reading-list')).toBe('READING_LIST');
    expect(urls.predefinedListKindFromSlug('weekend-reads-5c6d7e8f')).toBeNull();
  });
});

describe('me and audience URLs', () => {
  it.each(['drafts', 'public', 'responses', 'unlisted', 'deleted'] as const)('builds /me/stories/%s', (filter) => {
    expect(urls.yourStoriesUrl(filter, mainHost)).toBe(`/me/stories/${filter}`);
  });

  it('carries the restored post on the deleted view', () => {
    expect(urls.yourStoriesUrl('deleted', mainHost, { undeletedPost: 'true', undeletedPostId: 'p1', undeletedPostTitle: 'Rain & Sun', tab: 'drafts' })).toBe(
      '/me/stories/deleted?undeletedPost=true&undeletedPostId=p1&undeletedPostTitle=Rain+%26+Sun&tab=drafts',
    );
  });

  it.each([
    ['mute', '/me/settings/mute'],
    ['following', '/me/following'],
    ['followingSuggestions', '/me/following/suggestions'],
    ['stats', '/me/stats'],
    ['readingHistory', '/me/readinghistory'],
    ['partnerTaxes', '/me/partner/taxes'],
    ['subscribersImport', '/me/subscribers/import'],
    ['library', '/me/lists'],
    ['notifications', '/me/notifications'],
    ['partnerDashboard', '/me/partner/dashboard'],
  ] as const)('builds the %s page', (page, path) => {
    expect(urls.mePageUrl(page, mainHost)).toBe(path);
    expect(urls.mePageUrl(page, adaHost)).toBe(MAIN + path);
  });

  it('builds settings with an anchor, stats for a post and the design editor', () => {
    expect(urls.settingsUrl(mainHost)).toBe('/me/settings');
    expect(urls.settingsUrl(mainHost, 'membership')).toBe('/me/settings#membership');
    expect(urls.statsPostUrl('1a2b3c4d5e6f', mainHost)).toBe('/me/stats/post/1a2b3c4d5e6f');
    expect(urls.designUrl(mainHost)).toBe('/me/design');
    expect(urls.designUrl(mainHost, { unfold: 'header', action: 'edit' })).toBe('/me/design?unfold=header&action=edit');
  });

  it('builds the audience pages and newsletter pages', () => {
    expect(urls.audienceExportUrl('ada', mainHost)).toBe('/@ada/audience/stats/export');
    expect(urls.audienceExportUrl('ada', adaHost)).toBe(`${MAIN}/@ada/audience/stats/export`);
    expect(urls.audienceUrl('ada', 'growth', mainHost)).toBe('/@ada/audience/growth');
    expect(urls.audienceUrl('ada', 'growth', adaHost)).toBe('/audience/growth');
    expect(urls.newsletterStatsUrl('nl7', mainHost)).toBe('/newsletters/nl7/stats');
    expect(urls.newsletterNewEmailUrl('nl7', mainHost)).toBe('/newsletters/nl7/new-email');
  });
});

describe('tag, series, trending, landing, gift and subscribe URLs', () => {
  it('builds tag, series and trending addresses', () => {
    expect(urls.tagUrl('machine-learning', mainHost)).toBe('/tag/machine-learning');
    expect(urls.tagUrl('go', dailyHost)).toBe(`${MAIN}/tag/go`);
    expect(urls.sequenceUrl('summer-reads', mainHost)).toBe('/s/summer-reads');
    expect(urls.seriesUrl('1a2b3c4d5e6f', mainHost)).toBe('/series/1a2b3c4d5e6f');
    expect(urls.trendingUrl('daily', mainHost)).toBe('/trending/mode/daily');
    expect(urls.trendingUrl('daily', mainHost, 'science')).toBe('/trending/mode/daily/topic/science');
  });

  it.each([
    ['membership', '/membership'],
    ['plans', '/plans'],
    ['creators', '/creators'],
    ['earn', '/earn'],
    ['about', '/about'],
    ['welcomeMember', '/welcome-member'],
    ['business', '/business'],
  ] as const)('builds the %s landing page', (page, path) => {
    expect(urls.landingUrl(page, mainHost)).toBe(path);
  });

  it('builds /about?autoplay=1 and the gift page', () => {
    expect(urls.aboutAutoplayUrl(mainHost)).toBe('/about?autoplay=1');
    expect(urls.giftMembershipUrl({ giftCode: 'GIFT-123', giftType: 'group-gift' }, mainHost)).toBe(
      '/gift-checkout?giftCode=GIFT-123&giftType=31',
    );
    expect(urls.giftMembershipUrl({ giftCode: 'GIFT-123', giftType: 'gift' }, mainHost)).toBe('/gift-checkout?giftCode=GIFT-123&giftType=29');
  });

  it('reads a giftType parameter by its code (29, 31) or its name, and nothing else', () => {
    expect(urls.giftTypeFromParam('29')).toBe('gift');
    expect(urls.giftTypeFromParam('31')).toBe('group-gift');
    expect(urls.giftTypeFromParam('group-gift')).toBe('group-gift');
    expect(urls.giftTypeFromParam('30')).toBeNull();
    expect(urls.giftTypeFromParam(null)).toBeNull();
  });

  it('builds the subscribe endpoints with an optional plan', () => {
    expect(urls.subscribeCollectionUrl('c1', mainHost)).toBe('/_/subscribe/collection/c1');
    expect(urls.subscribeCollectionUrl('c1', mainHost, 'MONTHLY')).toBe('/_/subscribe/collection/c1/MONTHLY');
    expect(urls.subscribeUserUrl('u1', mainHost)).toBe('/_/subscribe/user/u1');
    expect(urls.subscribeUserUrl('u1', dailyHost, 'YEARLY')).toBe(`${MAIN}/_/subscribe/user/u1/YEARLY`);
  });
});

describe('auth URLs', () => {
  it.each([
    ['facebook', '/m/connect/facebook'],
    ['google', '/m/connect/google'],
    ['apple', '/m/start-auth/apple'],
    ['twitter', '/m/account/authenticate-twitter'],
    ['email', '/m/callback/email'],
    ['authenticate', '/m/callback/authenticate'],
  ] as const)('builds the %s entry point', (entry, path) => {
    expect(urls.authEntryUrl(entry, mainHost)).toBe(path);
  });

  it('sends sign-in to the main (auth) host and signs out on the current host', () => {
    expect(urls.signInUrl(mainHost, { operation: 'register', redirect: '/@ada' })).toBe('/m/signin?operation=register&redirect=%2F%40ada');
    expect(urls.signInUrl(adaHost)).toBe(`${MAIN}/m/signin`);
    expect(urls.signOutUrl('x1', adaHost)).toBe('/m/signout/x1');
    expect(urls.authEntryUrl('google', dailyHost, { source: 'post' })).toBe(`${MAIN}/m/connect/google?source=post`);
  });
});
