// Building links by name, and redirects.
import { describe, expect, it, vi } from 'vitest';
import { buildLink, fillPath, mainHostLink, MISSING_PARAMS_MESSAGE, routePath } from '../../../shared/routing/links.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { matchRoute } from '../../../shared/routing/router.ts';
import { resolveRedirect } from '../../../shared/routing/redirects.ts';

const MAIN = 'https://vellum.example';
const mainHost: LinkContext = { hostKind: 'default', mainOrigin: MAIN };
const adaHost: LinkContext = { hostKind: 'user', mainOrigin: MAIN, hostUsername: 'ada' };

describe('buildLink', () => {
  it('throws for an unknown route name', () => {
    expect(() => buildLink('ShowNothing', {}, mainHost)).toThrow(new Error('Route with name ShowNothing does not exist'));
  });

  it('throws and warns when a required param is missing', () => {
    const warn = vi.fn();
    expect(() => buildLink('ShowUserAbout', {}, { ...mainHost, warn })).toThrow(new Error(MISSING_PARAMS_MESSAGE));
    expect(() => buildLink('ShowPostUnderUser', { username: 'ada', postId: null }, { ...mainHost, warn })).toThrow(
      'One or more required param(s) not provided',
    );
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1]?.[0]).toBe('One or more required param(s) not provided: ShowPostUnderUser (postId missing)');
  });

  it('warns about an empty param and still builds the link', () => {
    const warn = vi.fn();
    expect(buildLink('ShowTagPosts', { tagSlug: '' }, { ...mainHost, warn })).toBe('/tag/');
    expect(warn).toHaveBeenCalledExactlyOnceWith('One or more required param(s) not provided: ShowTagPosts (tagSlug empty)');
  });

  it('does not warn when every param is there, and ignores extra params', () => {
    const warn = vi.fn();
    expect(buildLink('ShowTagPosts', { tagSlug: 'go', extra: 'x' }, { ...mainHost, warn })).toBe('/tag/go');
    expect(warn).not.toHaveBeenCalled();
  });

  it('URI-encodes params and accepts numbers', () => {
    expect(buildLink('ShowTagPosts', { tagSlug: 'c++ & a/b' }, mainHost)).toBe('/tag/c%2B%2B%20%26%20a%2Fb');
    expect(buildLink('ShowUser', { username: 'café' }, mainHost)).toBe('/@caf%C3%A9');
    expect(buildLink('ShowTagArchiveDaily', { tagSlug: 'go', year: 2026, month: 6, day: 5 }, mainHost)).toBe(
      '/tag/go/archive/2026/6/5',
    );
  });

  it('round-trips encoded params through the router', () => {
    const path = buildLink('ShowPostUnderUser', { username: 'ada', postId: 'naïve/title?-1a2b3c4d' }, mainHost);
    expect(matchRoute('default', path)?.params).toEqual({ username: 'ada', postId: 'naïve/title?-1a2b3c4d' });
  });

  it('keeps the slashes of a wildcard and encodes its segments', () => {
    expect(buildLink('ShowLegacyCampaignDeep', { campaignSlug: 'spring', '*': 'offer/50% off' }, mainHost)).toBe(
      '/campaign/spring/offer/50%25%20off',
    );
  });

  it('adds query params, leaving out null and undefined', () => {
    expect(buildLink('ShowSearch', {}, mainHost, { q: 'rust & go', page: 2, empty: undefined, none: null, exact: true })).toBe(
      '/search?q=rust+%26+go&page=2&exact=true',
    );
    expect(buildLink('ShowSearch', {}, mainHost, {})).toBe('/search');
  });

  it('trims a trailing slash off the main origin', () => {
    expect(buildLink('ShowSettings', {}, { ...adaHost, mainOrigin: MAIN + '/' })).toBe(`${MAIN}/me/settings`);
  });

  it('treats a user host that does not name its owner as not owning anything', () => {
    expect(buildLink('ShowUserAbout', { username: 'ada' }, { hostKind: 'user', mainOrigin: MAIN })).toBe(`${MAIN}/@ada/about`);
    expect(buildLink('ShowPost', { postId: 'abc12345' }, { hostKind: 'user', mainOrigin: MAIN })).toBe('/p/abc12345');
  });
});

describe('routePath, fillPath, mainHostLink', () => {
  it('gives the main-host path whatever the host', () => {
    expect(routePath('ShowUserAbout', { username: 'ada' })).toBe('/@ada/about');
    expect(() => routePath('ShowUserAbout', {}, () => {})).toThrow(MISSING_PARAMS_MESSAGE);
  });

  it('fills a non-route pattern with the same rules', () => {
    expect(fillPath('/feed/{collectionSlug}', { collectionSlug: 'a b' })).toBe('/feed/a%20b');
    expect(() => fillPath('/feed/{collectionSlug}', {}, () => {})).toThrow(MISSING_PARAMS_MESSAGE);
    expect(mainHostLink('/_/vote/p/{postId}', { postId: 'abc' }, mainHost)).toBe('/_/vote/p/abc');
    expect(mainHostLink('/_/vote/p/{postId}', { postId: 'abc' }, adaHost, { a: 1 })).toBe(`${MAIN}/_/vote/p/abc?a=1`);
  });
});

describe('resolveRedirect', () => {
  const redirectOf = (path: string, ctx: LinkContext = mainHost, search?: string) => {
    const match = matchRoute(ctx.hostKind, path, ctx);
    if (!match) throw new Error('no match for ' + path);
    return resolveRedirect(match, ctx, search);
  };

  it('is null for a route that renders a page', () => {
    expect(redirectOf('/tag/go')).toBeNull();
    expect(redirectOf('/@ada')).toBeNull();
  });

  it.each([
    ['/browse/top', '/top-stories'],
    ['/browse/top/june-05-2026', '/top-stories/june-05-2026'],
    ['/topics', '/explore-topics'],
    ['/p/new-post', '/new-story'],
    ['/p/import-story', '/p/import'],
    ['/p/1a2b3c4d5e6f/responses/show', '/p/1a2b3c4d5e6f/responses'],
    ['/get-started', '/get-started/topics'],
    ['/welcome', '/get-started/topics'],
    ['/@ada/edit', '/me/settings'],
    ['/campaign/spring-sale', '/membership'],
    ['/campaign/spring-sale/offer/annual', '/membership'],
  ])('redirects %s permanently to %s', (path, location) => {
    expect(redirectOf(path)).toEqual({ kind: 'redirect', status: 301, location });
  });

  it('sends the top-posts-for-tag route temporarily to the tag posts route', () => {
    expect(redirectOf('/tag/javascript/top/year', mainHost, '?source=menu')).toEqual({
      kind: 'redirect',
      status: 302,
      location: '/tag/javascript?source=menu',
    });
  });

  it('builds the target for the current host: main-host targets are absolute on a custom domain', () => {
    expect(redirectOf('/edit', adaHost)).toEqual({ kind: 'redirect', status: 301, location: `${MAIN}/me/settings` });
  });

  it('shows not found and logs when a param is empty or the target needs one the route lacks', () => {
    const warn = vi.fn();
    const ctx = { ...mainHost, warn };
    const empty = resolveRedirect(
      { route: { name: 'ShowBrowseTopForDate', path: '/browse/top/{monthDayYearSlug}', redirect: 'ShowTopStoriesForDate' }, params: { monthDayYearSlug: '' } },
      ctx,
    );
    const lacking = resolveRedirect({ route: { name: 'Odd', path: '/odd', redirect: 'ShowTagPosts' }, params: {} }, ctx);
    expect(empty).toEqual({ kind: 'not-found', message: 'Route ShowBrowseTopForDate had invalid params when attempting to redirect' });
    expect(lacking).toEqual({ kind: 'not-found', message: 'Route Odd had invalid params when attempting to redirect' });
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
