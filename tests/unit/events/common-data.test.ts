// The common data of every event and the referrer rule (client/events/common-data.ts;
// docs/product/3-routes-data-calls-constants.md §3 "Common event data", §4): service lite,
// location, browserWidth, referrer, referrerSource from the `source` parameter; an in-place
// navigation that changes the path makes the page left the referrer, once per navigation.
import { describe, expect, it } from 'vitest';
import { commonEventData, followLocation, startTrail } from '../../../client/events/common-data.ts';

const HOME = 'https://vellum.test/';
const STORY = 'https://vellum.test/@ada/tides-1a2b?source=home';
const PROFILE = 'https://vellum.test/@ada';

describe('common event data', () => {
  it('names the service, the page, the width, the referrer and the source parameter', () => {
    expect(commonEventData(startTrail(STORY, 'https://search.example/?q=tides'), 390)).toEqual({
      service: 'lite',
      location: STORY,
      browserWidth: 390,
      referrer: 'https://search.example/?q=tides',
      referrerSource: 'home',
    });
  });

  it('has no source when the address has no source parameter, and the document referrer may be empty', () => {
    expect(commonEventData(startTrail(HOME, ''), 1280)).toMatchObject({ referrer: '', referrerSource: null });
  });
});

describe('the referrer rule', () => {
  it('makes the page left the referrer when a navigation changes the path', () => {
    const home = startTrail(HOME, 'https://search.example/');
    const story = followLocation(home, STORY, true);
    expect(story).toEqual({ currentLocation: STORY, referrer: HOME, hasSetReferrer: true });
    const profile = followLocation(story, PROFILE, true);
    expect(commonEventData(profile, 800)).toMatchObject({ location: PROFILE, referrer: STORY, referrerSource: null });
  });

  it('keeps the referrer when only the query or hash changes', () => {
    const home = startTrail(HOME, 'https://search.example/');
    const filtered = followLocation(home, `${HOME}?tab=following#top`, true);
    expect(filtered.referrer).toBe('https://search.example/');
    expect(filtered.currentLocation).toBe(`${HOME}?tab=following#top`);
  });

  it('sets the referrer only once per navigation: an address rewritten by the same navigation keeps it', () => {
    const home = startTrail(HOME, '');
    const story = followLocation(home, STORY, true);
    // The same navigation lands on another path (a redirect of the story's address).
    const redirected = followLocation(story, 'https://vellum.test/p/1a2b', false);
    expect(redirected.referrer).toBe(HOME);
    expect(redirected.currentLocation).toBe('https://vellum.test/p/1a2b');
    // The next navigation sets it again, to the page it leaves.
    expect(followLocation(redirected, PROFILE, true).referrer).toBe('https://vellum.test/p/1a2b');
  });
});
