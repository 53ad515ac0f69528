// Links' route paths without the route table at start-up (shared/routing/route-paths.ts and its
// browser variant; docs/adr/0221-the-page-module-named-by-the-document.md): the server's render
// records the routes it links to, the browser hydrates with exactly those and takes in the whole
// table afterwards.
import { describe, expect, it } from 'vitest';
import * as server from '../../../shared/routing/route-paths.ts';
import * as browser from '../../../shared/routing/route-paths.browser.ts';
import { buildLink, routePath } from '../../../shared/routing/links.ts';
import { DEFAULT_ROUTES } from '../../../shared/routing/routes.ts';

const main = { hostKind: 'default' as const, mainOrigin: 'https://vellum.example' };

describe('route paths', () => {
  it('the browser variant has the server variant’s functions', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(server).sort());
  });

  it('a render hands over the paths of exactly the routes it linked to', () => {
    const { result, paths } = server.withRoutePathsUsed(() => [
      buildLink('ShowUser', { username: 'ada' }, main),
      routePath('ShowTagPosts', { tagSlug: 'poetry' }),
    ]);
    expect(result).toEqual(['/@ada', '/tag/poetry']);
    expect(paths).toEqual({ ShowUser: '/@{username}', ShowTagPosts: '/tag/{tagSlug}' });
    // Outside a render nothing is recorded.
    expect(server.withRoutePathsUsed(() => 1).paths).toEqual({});
  });

  it('a render inside another hands its routes to the outer one too', () => {
    const outer = server.withRoutePathsUsed(() => {
      routePath('ShowTagPosts', { tagSlug: 'a' });
      return server.withRoutePathsUsed(() => routePath('ShowUser', { username: 'b' })).paths;
    });
    expect(outer.result).toEqual({ ShowUser: '/@{username}' });
    expect(Object.keys(outer.paths).sort()).toEqual(['ShowTagPosts', 'ShowUser']);
  });

  it('the browser knows the document’s paths at once; another route waits for the table (a render suspends), then every route is known', async () => {
    browser.provideRoutePaths({ ShowUser: '/@{username}' });
    expect(browser.routePathOf('ShowUser')).toBe('/@{username}');
    let thrown: unknown;
    try {
      browser.routePathOf('ShowSearch');
    } catch (value) {
      thrown = value;
    }
    // What React takes for a suspension: the table's load.
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(browser.routePathOf('ShowSearch')).toBe('/search');
    for (const route of DEFAULT_ROUTES) expect(browser.routePathOf(route.name)).toBe(route.path);
    // A name that is no route is unknown, as on the server.
    expect(browser.routePathOf('NoSuchRoute')).toBeUndefined();
  });
});
