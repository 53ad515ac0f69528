// Issue 18 point 2 (docs/reader.md, "Signed-out visits to /me pages"): every /me route needs a
// signed-in viewer but the few that work from an email or show visitors a prompt; a visitor's
// resolution of one redirects (the worker sends them to sign in), a signed-in one renders, and
// /me and /me/about are filled with the viewer's username.
import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUTES } from '../../../shared/routing/routes.ts';
import { isViewerOnlyRoute } from '../../../shared/routing/viewer-pages.ts';
import { resolvePage } from '../../../shared/routing/resolve-page.ts';

const navigation = { hostKind: 'default', hostUsername: null, hostCollectionSlug: null } as const;

describe('viewer-only routes', () => {
  it('are every /me route but the four open to visitors, and nothing else', () => {
    const open = DEFAULT_ROUTES.filter((r) => (r.path === '/me' || r.path.startsWith('/me/')) && !isViewerOnlyRoute(r)).map((r) => r.name);
    expect(open.sort()).toEqual(['ShowEmailSettings', 'ShowFollowSuggestions', 'ShowUnsubscribeAllAuthorNewsletters', 'ShowUnsubscribeAllNewsletters']);
    expect(DEFAULT_ROUTES.filter((r) => isViewerOnlyRoute(r)).every((r) => r.path.startsWith('/me'))).toBe(true);
    expect(isViewerOnlyRoute({ name: 'X', path: '/meadow' })).toBe(false);
  });

  it('redirect a visitor and render for a signed-in viewer, /me filled with their username', () => {
    const visitor = resolvePage({ navigation, isLoggedIn: false, flags: [] }, '/me/lists');
    expect(visitor?.redirects).toBe(true);
    const reader = resolvePage({ navigation, isLoggedIn: true, flags: [], viewerUsername: 'reader' }, '/me/lists');
    expect(reader?.redirects).toBe(false);
    expect(resolvePage({ navigation, isLoggedIn: true, flags: [], viewerUsername: 'reader' }, '/me')?.params).toEqual({ username: 'reader' });
    expect(resolvePage({ navigation, isLoggedIn: false, flags: [] }, '/me/following/suggestions')?.redirects).toBe(false);
  });
});
