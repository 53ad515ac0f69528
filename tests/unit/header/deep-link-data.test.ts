// The Open-in-app link's page-view data (client/components/header/deep-link-data.ts;
// docs/product/1-product-screens-membership-header-search.md §7): source, in-app browser, meter state.
import { describe, expect, it } from 'vitest';
import { deepLinkSource, isInAppBrowser, pageViewData, withPageViewData, type StoryPageViewFacts } from '../../../client/components/header/deep-link-data.ts';

const STORY: StoryPageViewFacts = {
  createdAt: Date.UTC(2026, 10, 20),
  topic: 'programming',
  publication: 'the-pub',
  creator: 'ada',
  followsCreator: true,
  followsPublication: false,
  isPaywalled: false,
  isLocked: true,
};
const BASE = { userAgent: 'Mozilla/5.0 Chrome/131', isLoggedIn: true, isMember: true, search: '', referrer: '' };

describe('the deep link’s source', () => {
  it('reads our own ?source= first, then the referrer, else Other', () => {
    expect(deepLinkSource('?source=pub_digest', 'https://t.co/x')).toBe('Pub Digest');
    expect(deepLinkSource('?source=weekly-digest', '')).toBe('Weekly Digest');
    expect(deepLinkSource('?source=marketing_email', '')).toBe('Marketing Email');
    expect(deepLinkSource('', 'https://t.co/abc')).toBe('Twitter');
    expect(deepLinkSource('', 'https://www.linkedin.com/feed')).toBe('LinkedIn');
    expect(deepLinkSource('', 'https://www.google.co.uk/')).toBe('Search');
    expect(deepLinkSource('?source=unknown', 'https://notgoogle.com.evil.test/')).toBe('Other');
    expect(deepLinkSource('', 'not a url')).toBe('Other');
  });
});

describe('page-view data', () => {
  it('tells in-app browsers apart', () => {
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) [FBAN/FBIOS;FBAV/400.0]')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 14) Instagram 300.0')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36')).toBe(false);
  });

  it('describes a story and its meter state', () => {
    expect(pageViewData({ ...BASE, story: STORY })).toEqual({
      in_app_browser: 'false',
      logged_in: 'true',
      member: 'true',
      source: 'Other',
      creation_date: '2026-11-20T00:00:00.000Z',
      post_topic: 'programming',
      publication: 'the-pub',
      creator: 'ada',
      follows_creator: 'true',
      follows_publication: 'false',
      meter_state: 'member',
    });
    expect(pageViewData({ ...BASE, isMember: false, story: { ...STORY, isPaywalled: true } }).meter_state).toBe('paywalled');
    expect(pageViewData({ ...BASE, story: { ...STORY, isLocked: false } }).meter_state).toBe('not_metered');
  });

  it('off a story, says only who and from where', () => {
    expect(pageViewData({ ...BASE, isLoggedIn: false, isMember: false, story: null })).toEqual({ in_app_browser: 'false', logged_in: 'false', member: 'false', source: 'Other' });
  });

  it('adds the data to the link, keeping its own parameters', () => {
    const link = 'https://vellum.app.link/?%24canonical_url=https%3A%2F%2Fx.test%2Fp&~feature=LoOpenInAppButton';
    const url = new URL(withPageViewData(link, { logged_in: 'false', source: 'Search' }));
    expect(url.searchParams.get('$canonical_url')).toBe('https://x.test/p');
    expect(url.searchParams.get('~feature')).toBe('LoOpenInAppButton');
    expect(url.searchParams.get('source')).toBe('Search');
  });
});
