// Which routes the edge cache may hold: decided by the matched route, never by how a path looks.
import { describe, expect, it } from 'vitest';
import { resolvePage } from '../../../shared/routing/resolve-page.ts';
import { ELIGIBLE_ROUTES, eligiblePage } from '../../../worker/cache/eligibility.ts';
import { getHostRoute, getRoute } from '../../../shared/routing/routes.ts';

const onMain = (path: string, isLoggedIn = false) =>
  eligiblePage(resolvePage({ navigation: { hostKind: 'default', hostUsername: null, hostCollectionSlug: null }, isLoggedIn, flags: ['enable_lite_publications'] }, path));

describe('eligiblePage', () => {
  it('every eligible route name exists in the route table', () => {
    for (const name of Object.keys(ELIGIBLE_ROUTES)) expect(getRoute(name), name).toBeDefined();
  });

  it.each([
    ['/', 'home'],
    ['/p/1a2b3c4d5e6f', 'post'],
    ['/@ada/1a2b3c4d5e6f', 'post'],
    ['/@ada/a-title-1a2b3c4d5e6f', 'post'],
    ['/the-quill/a-title-1a2b3c4d5e6f', 'post'],
    ['/s/a-series/1a2b3c4d5e6f', 'post'],
    ['/tag/writing', 'topic'],
    ['/tag/writing/latest', 'topic'],
    ['/@ada', 'user'],
    ['/u/aa0000000001', 'user'],
    ['/the-quill', 'collection'],
    ['/c/cc0000000001', 'collection'],
  ])('%s is a %s page', (path, kind) => {
    expect(onMain(path)?.kind).toBe(kind);
  });

  it.each([
    '/me',
    '/me/settings',
    '/me/settings/x.css',
    '/me/stories/x.js',
    '/me/settings/payout/setup',
    '/p/1a2b3c4d5e6f/edit',
    '/p/1a2b3c4d5e6f/notes/n1',
    '/new-story',
    '/search',
    '/m/signin',
    '/plans',
    '/_/admin/internal-status',
    '/topics',
    '/tag/writing/top/year',
    '/no/such/page/at/all',
    '/@ada/stats',
  ])('%s is not eligible', (path) => {
    expect(onMain(path)).toBeNull();
  });

  it('on a writer\'s own domain, its profile and stories are eligible', () => {
    const own = (path: string) => eligiblePage(resolvePage({ navigation: { hostKind: 'user', hostUsername: 'ada', hostCollectionSlug: null }, isLoggedIn: false, flags: [] }, path));
    expect(getHostRoute('user', 'ShowUser')).toBeDefined();
    expect(own('/')?.kind).toBe('user');
    expect(own('/a-title-1a2b3c4d5e6f')?.kind).toBe('post');
  });
});
