// The edge cache holds the site's own pages (tag site) and trending and top stories (tag
// discovery) for logged-out readers (worker/cache/eligibility.ts, docs/adr/0023-what-the-edge-cache-may-store.md);
// any story's change (worker/stories/story-changed.ts) purges the discovery copies, so a story
// unpublished or deleted leaves trending at once. /collections is held too (tag lists): any
// list's change purges it. Signed-in readers and bots still get fresh pages.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { call, sessionOf } from './helpers/story.ts';
import { clearEdgeCache, send } from './helpers/edge-cache.ts';
import { storyChanged } from '../../worker/stories/story-changed.ts';
import { requestContextFor } from '../../worker/consequences/consequences.ts';
import { LOGGED_OUT } from '../../worker/session/viewer.ts';

let world: World;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeAll(async () => {
  world = await seedWorld(env.DB);
});

beforeEach(async () => {
  await clearEdgeCache();
});

describe('pages the cache now holds', () => {
  it('the site’s own pages: MISS then HIT, tagged site', async () => {
    for (const path of ['/about', '/help', '/m/tos', '/creators', '/earn', '/business', '/jobs', '/goodbye']) {
      const miss = await send(path);
      expect(miss.status, path).toBe(200);
      expect(miss.cacheStatus, path).toBe('MISS');
      expect(miss.headers.get('cache-tag')?.split(','), path).toContain('site');
      const hit = await send(path);
      expect(hit.cacheStatus, path).toBe('HIT');
      expect(hit.bytes).toEqual(miss.bytes);
    }
  });

  it('trending and top stories: MISS then HIT, tagged discovery; a 404 (unknown mode) is never stored', async () => {
    for (const path of ['/trending', '/trending/mode/month', '/top-stories']) {
      const miss = await send(path);
      expect(miss.status, path).toBe(200);
      expect(miss.cacheStatus, path).toBe('MISS');
      expect(miss.headers.get('cache-tag')?.split(','), path).toContain('discovery');
      expect((await send(path)).cacheStatus, path).toBe('HIT');
    }
    const unknown = await send('/trending/mode/decade');
    expect(unknown.status).toBe(404);
    expect((await send('/trending/mode/decade')).cacheStatus).not.toBe('HIT');
  });

  it('a story’s change purges trending and top stories, not the site’s pages', async () => {
    expect((await send('/trending')).cacheStatus).toBe('MISS');
    expect((await send('/help')).cacheStatus).toBe('MISS');
    expect((await send('/trending')).cacheStatus).toBe('HIT');
    await storyChanged(requestContextFor({ db: env.DB, env, viewer: LOGGED_OUT }), POSTS.open, { change: 'edited' });
    expect((await send('/trending')).cacheStatus).toBe('MISS');
    expect((await send('/help')).cacheStatus).toBe('HIT');
  });
});

describe('what the cache still leaves alone', () => {
  it('a signed-in reader and a bot get fresh trending pages', async () => {
    expect((await send('/trending')).cacheStatus).toBe('MISS');
    const mine = await send('/trending', { session: world.sessions.reader });
    expect(mine.cacheStatus).toBe('DYNAMIC');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect((await send('/trending', { headers: { 'user-agent': GOOGLEBOT } })).cacheStatus).toBe('DYNAMIC');
  });

  it('/collections is cached for visitors, and any list\'s change purges it: a list made private leaves at once', async () => {
    const writer = await sessionOf('writer');
    const created = await call(`mutation ($input: CreateCatalogInput!) { createCatalog(input: $input) { ... on Catalog { id } } }`, { input: { name: 'Quince shelf', visibility: 'PUBLIC' } }, { session: writer });
    const listId = created.data.createCatalog.id as string;
    expect((await call(`mutation ($c: ID!, $p: ID!) { addToCatalog(catalogId: $c, postId: $p) { __typename } }`, { c: listId, p: POSTS.open }, { session: writer })).errors).toBeUndefined();

    // A copy rendered within a second of a purge of its tags is withdrawn (freshness.ts,
    // CLOCK_SKEW_MARGIN_MS): the list's own setup purges are moved a minute back, as if long done.
    await env.DB.prepare('UPDATE cache_tag_invalidations SET invalidated_at = invalidated_at - 60000').run();
    const first = await send('/collections');
    expect(first.status).toBe(200);
    expect(first.cacheStatus).toBe('MISS');
    expect(first.headers.get('cache-tag')?.split(',')).toEqual(expect.arrayContaining(['lists', 'discovery', `user:${USERS.writer}`]));
    expect(new TextDecoder().decode(first.bytes)).toContain('Quince shelf');
    expect((await send('/collections')).cacheStatus).toBe('HIT');

    const update = await call(`mutation ($c: ID!, $input: UpdateCatalogInput!) { updateCatalog(catalogId: $c, input: $input) { __typename } }`, { c: listId, input: { visibility: 'PRIVATE' } }, { session: writer });
    expect(update.errors).toBeUndefined();
    const after = await send('/collections');
    expect(after.cacheStatus).toBe('MISS');
    expect(new TextDecoder().decode(after.bytes)).not.toContain('Quince shelf');
  });

  it('/collections for a signed-in reader stays fresh', async () => {
    expect((await send('/collections', { session: world.sessions.reader })).cacheStatus).toBe('DYNAMIC');
  });
});
