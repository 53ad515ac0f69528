// Pattern compilation and matching: specificity, decoding, slashes, ambiguity.
import { describe, expect, it, vi } from 'vitest';
import { SPEC_PATHS } from './spec-paths.ts';
import { compilePattern, splitPathname } from '../../../shared/routing/pattern.ts';
import { createRouter, matchRoute, postIdFromParam } from '../../../shared/routing/router.ts';
import { DEFAULT_ROUTES } from '../../../shared/routing/routes.ts';

const route = (name: string, path: string) => ({ name, path });

describe('compilePattern', () => {
  it('reads static, {param}, @{param} and wildcard segments', () => {
    const pattern = compilePattern('/@{username}/list/{catalogSlugId}/*');
    expect(pattern.segments).toEqual([
      { kind: 'param', name: 'username', prefix: '@' },
      { kind: 'static', value: 'list' },
      { kind: 'param', name: 'catalogSlugId', prefix: '' },
      { kind: 'wildcard' },
    ]);
    expect(pattern.paramNames).toEqual(['username', 'catalogSlugId', '*']);
    expect(pattern.key).toBe('/@{}/list/{}/*');
    expect(compilePattern('/').segments).toEqual([]);
    expect(compilePattern('/about/').key).toBe('/about');
  });

  it.each(['about', '/a/*/b', '/a/{x}/{x}', '/a//b', '/{x}{y}', '/a{'])('rejects the malformed pattern %s', (path) => {
    expect(() => compilePattern(path)).toThrow(Error);
  });
});

describe('splitPathname', () => {
  it('decodes segments after splitting, ignores query and hash, tolerates one trailing slash', () => {
    expect(splitPathname('/a%2Fb/c%20d/?q=1#x')).toEqual(['a/b', 'c d']);
    expect(splitPathname('/')).toEqual([]);
    expect(splitPathname('')).toBeNull();
    expect(splitPathname('/bad%E0%A4%A')).toBeNull();
  });
});

describe('createRouter', () => {
  it('prefers static over @{param} over {param} over wildcard, whatever the declaration order', () => {
    const routes = [
      route('Wild', '/x/*'),
      route('Param', '/x/{id}'),
      route('Prefixed', '/x/@{username}'),
      route('Static', '/x/about'),
    ];
    for (const order of [routes, [...routes].reverse()]) {
      const router = createRouter(order);
      expect(router.match('/x/about')?.route.name).toBe('Static');
      expect(router.match('/x/@ada')?.route.name).toBe('Prefixed');
      expect(router.match('/x/ada')?.route.name).toBe('Param');
      expect(router.match('/x/ada/more')?.route.name).toBe('Wild');
      expect(router.match('/x/ada/more')?.params).toEqual({ '*': 'ada/more' });
    }
  });

  it('matches every spec path the same with the table declared backwards', () => {
    const reversed = createRouter([...DEFAULT_ROUTES].reverse());
    for (const [path, name, , params] of SPEC_PATHS) {
      expect(reversed.match(path)?.route.name, path).toBe(name);
      expect(reversed.match(path)?.params, path).toEqual(params);
    }
  });

  it('backs out of a static branch that fails further down', () => {
    const router = createRouter([route('Search', '/search/users'), route('PostInPub', '/{collectionSlug}/{postId}')]);
    expect(router.match('/search/users')?.route.name).toBe('Search');
    expect(router.match('/search/nothing')).toEqual({
      route: route('PostInPub', '/{collectionSlug}/{postId}'),
      params: { collectionSlug: 'search', postId: 'nothing' },
    });
  });

  it('needs at least one character after a prefix, and one segment for a wildcard', () => {
    const router = createRouter([route('User', '/@{username}'), route('Rest', '/files/*')]);
    expect(router.match('/@')).toBeNull();
    expect(router.match('/files')).toBeNull();
    expect(router.match('/files/a//b')).toBeNull();
    expect(router.match('/files/a/b%2Fc')?.params).toEqual({ '*': 'a/b/c' });
  });

  it('warns about an ambiguous duplicate and keeps the first, never throwing', () => {
    const warn = vi.fn();
    const router = createRouter(
      [route('First', '/p/{postId}/edit'), route('Second', '/p/{id}/edit/'), route('Other', '/p/{postId}')],
      { warn },
    );
    expect(warn).toHaveBeenCalledExactlyOnceWith('Can not register [/p/{id}/edit/], path is ambiguous');
    expect(router.routes.map((r) => r.name)).toEqual(['First', 'Other']);
    expect(router.match('/p/abc/edit')?.route.name).toBe('First');
    expect(router.match('/p/abc/edit')?.params).toEqual({ postId: 'abc' });
  });

  it('reports a duplicate wildcard too', () => {
    const warn = vi.fn();
    createRouter([route('A', '/a/*'), route('B', '/a/*')], { warn });
    expect(warn).toHaveBeenCalledWith('Can not register [/a/*], path is ambiguous');
  });

  it('logs through console.warn when no warn is given', () => {
    const spy = vi.spyOn(console, 'warn').mockImplementation(() => {});
    createRouter([route('A', '/a'), route('B', '/a')]);
    expect(spy).toHaveBeenCalledWith('Can not register [/a], path is ambiguous');
    spy.mockRestore();
  });
});

describe('matchRoute on the main host', () => {
  it.each([
    ['/@ada/about', 'ShowUserAbout', { username: 'ada' }],
    ['/@ada/about-me-1a2b3c4d', 'ShowPostUnderUser', { username: 'ada', postId: 'about-me-1a2b3c4d' }],
    ['/me/settings', 'ShowSettings', {}],
    ['/me/settings/custom-domain', 'ShowSettingsCustomDomain', {}],
    ['/me/following/topics', 'ShowFollowedTopics', {}],
    ['/me/applications/new', 'ShowNewApplication', {}],
    ['/s/new', 'ShowNewSequence', {}],
    ['/p/new-post', 'ShowNewPostLegacy', {}],
    ['/membership/@ada', 'ShowUserDrivenMembershipPromotion', { username: 'ada' }],
    ['/the-daily/@ada/followers', 'ShowCollectionUserFollowers', { collectionSlug: 'the-daily', username: 'ada' }],
    ['/the-daily/home/s1', 'ShowCollectionHomeSection', { collectionSlug: 'the-daily', sectionId: 's1' }],
    ['/the-daily/home/home', 'ShowCollectionHomeSection', { collectionSlug: 'the-daily', sectionId: 'home' }],
    ['/the-daily/science/home', 'ShowCollectionFeaturePage', { collectionSlug: 'the-daily', topicSlug: 'science' }],
  ] as const)('specificity: %s → %s', (path, name, params) => {
    const match = matchRoute('default', path);
    expect(match?.route.name).toBe(name);
    expect(match?.params).toEqual(params);
  });

  it('decodes params, keeping an encoded slash inside its segment', () => {
    expect(matchRoute('default', '/tag/c%2B%2B')?.params).toEqual({ tagSlug: 'c++' });
    expect(matchRoute('default', '/tag/a%2Fb')?.params).toEqual({ tagSlug: 'a/b' });
    expect(matchRoute('default', '/tag/a%2Fb/latest')?.route.name).toBe('ShowTagLatest');
    expect(matchRoute('default', '/@ada/caf%C3%A9-1a2b3c4d')?.params).toEqual({ username: 'ada', postId: 'café-1a2b3c4d' });
    expect(matchRoute('default', '/%40ada')?.route.name).toBe('ShowUser');
  });

  it('keeps the case of params and matches static segments case-sensitively', () => {
    expect(matchRoute('default', '/@Ada/About-Me-1A2B3C4D')?.params).toEqual({ username: 'Ada', postId: 'About-Me-1A2B3C4D' });
    // /ME is not /me: it reads as a publication slug.
    expect(matchRoute('default', '/ME/settings')).toMatchObject({
      route: { name: 'ShowCollectionSettings' },
      params: { collectionSlug: 'ME' },
    });
  });

  it('tolerates a trailing slash, a query and a hash', () => {
    expect(matchRoute('default', '/@ada/about/')?.route.name).toBe('ShowUserAbout');
    expect(matchRoute('default', '/me/stats/?from=menu#top')?.route.name).toBe('ShowStats');
    expect(matchRoute('default', '/p/1a2b3c4d5e6f/')?.params).toEqual({ postId: '1a2b3c4d5e6f' });
  });

  it('reads any other single segment as a publication home', () => {
    expect(matchRoute('default', '/p/')?.route.name).toBe('ShowCollectionHome');
  });

  it.each(['/p//edit', '///', '/@ada/stats/post', '/tag/x/y/z', '/a/b/c/d/e/f', '/me/stats/post/1/extra', 'no-slash', '/bad%zz'])(
    'finds no route for %s',
    (path) => {
      expect(matchRoute('default', path)).toBeNull();
    },
  );

  it('returns fresh params that the caller may change', () => {
    const first = matchRoute('user', '/about', { hostUsername: 'ada' });
    if (first) first.params.username = 'changed';
    expect(matchRoute('user', '/about', { hostUsername: 'ada' })?.params).toEqual({ username: 'ada' });
  });
});

describe('postIdFromParam', () => {
  it.each([
    ['my-title-1a2b3c4d5e6f', '1a2b3c4d5e6f'],
    ['1a2b3c4d5e6f', '1a2b3c4d5e6f'],
    ['a-b-c-0123abcd', '0123abcd'],
    ['x-0123456789abcdef', '0123456789abcdef'],
  ])('%s → %s', (param, id) => {
    expect(postIdFromParam(param)).toBe(id);
  });

  it.each(['my-title', 'title-1a2b3c4', 'title-0123456789abcdef0', 'title-1A2B3C4D', 'title-1a2b3c4g', '', 'title-'])(
    'is null for %j',
    (param) => {
      expect(postIdFromParam(param)).toBeNull();
    },
  );
});
