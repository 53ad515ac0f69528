// The edge cache (docs/adr/0019-edge-cache-on-the-cache-api.md) through the HTTP surface inside workerd: the decision and each of
// its rules, statuses, tags, the stored copy, a HIT that makes no D1 query, freshness (age) and
// the tag ledger (a render a purge overtook is not kept), purge by tag and URL, writes that
// purge, tracking parameters, the experiment group and the log line.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bucketOf } from '../../worker/cache/experiment.ts';
import { recordInvalidations } from '../../worker/cache/ledger.ts';
import { CLOCK_SKEW_MARGIN_MS } from '../../worker/cache/freshness.ts';
import { clearHostCache } from '../../worker/host/resolve-host.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, POSTS, seedWorld, TAGS, USERS, type World } from './helpers/fixtures.ts';
import { beforeFirstMatch, clearEdgeCache, decisionOf, failingOnce, MAIN, purge, send, sleep, storedCopyCount, unavailableD1 } from './helpers/edge-cache.ts';

let world: World;
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const OPEN = `/p/${POSTS.open}`;

beforeAll(async () => {
  world = await seedWorld(env.DB);
});

beforeEach(async () => {
  await clearEdgeCache();
});

describe('a HIT held in isolate memory (EDGE_CACHE_MEMORY_MS)', () => {
  const HELD = { vars: { EDGE_CACHE_MEMORY_MS: '1000' } };

  it('is served from memory within the moment, and a purge forgets it at once', async () => {
    expect((await send(OPEN, HELD)).cacheStatus).toBe('MISS');
    const fromCacheApi = await send(OPEN, HELD);
    expect(fromCacheApi.cacheStatus).toBe('HIT');
    // The Cache API copy goes behind the store's back: only memory can still answer.
    await clearEdgeCache();
    const fromMemory = await send(OPEN, HELD);
    expect(fromMemory.cacheStatus).toBe('HIT');
    expect(fromMemory.bytes).toEqual(fromCacheApi.bytes);
    expect(fromMemory.headers.get('x-d1-queries')).toBe('0');
    // Without the var the same request reads the Cache API, which no longer has it.
    expect((await send(OPEN)).cacheStatus).toBe('MISS');

    // A purge (a write, or the operators' call) forgets the held copy with the stored one.
    expect((await send(OPEN, HELD)).cacheStatus).toBe('HIT');
    expect((await purge({ tags: [`post:${POSTS.open}`] })).status).toBe(200);
    expect((await send(OPEN, HELD)).cacheStatus).toBe('MISS');
  });

  it('is held no longer than the moment', async () => {
    const brief = { vars: { EDGE_CACHE_MEMORY_MS: '50' } };
    expect((await send(OPEN, brief)).cacheStatus).toBe('MISS');
    expect((await send(OPEN, brief)).cacheStatus).toBe('HIT');
    await clearEdgeCache();
    await sleep(80);
    expect((await send(OPEN, brief)).cacheStatus).toBe('MISS');
  });
});

describe('logged-out readers share one stored copy', () => {
  it('home twice: MISS then HIT with identical bytes, tagged home, without Set-Cookie', async () => {
    const first = await send('/');
    expect(first.status).toBe(200);
    expect(first.cacheStatus).toBe('MISS');
    expect(first.headers.get('cache-tag')?.split(',')).toContain('home');
    const second = await send('/');
    expect(second.cacheStatus).toBe('HIT');
    expect(second.status).toBe(200);
    expect(second.bytes).toEqual(first.bytes);
    expect(second.headers.get('cache-tag')).toBe(first.headers.get('cache-tag'));
    for (const answer of [first, second]) {
      expect(answer.headers.has('set-cookie')).toBe(false);
      expect(answer.headers.get('vary') ?? '').not.toMatch(/cookie/i);
      expect(answer.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    }
    // Nothing of a viewer in the shared page.
    expect(first.text).toContain('"isLoggedInCookie":false');
    expect(first.text).toContain('"xsrf":null');
  });

  it('a story is tagged post:{id} plus its writer and publication, at every address', async () => {
    const expected = [`post:${POSTS.open}`, `user:${USERS.writer}`, `collection:${COLLECTIONS.quill}`];
    for (const path of [OPEN, `/@writer/${POSTS.open}`, `/@writer/open-story-${POSTS.open}`, `/the-quill/${POSTS.open}`]) {
      const miss = await send(path);
      expect(miss.status, path).toBe(200);
      expect(miss.cacheStatus, path).toBe('MISS');
      expect(miss.headers.get('cache-tag')?.split(','), path).toEqual(expect.arrayContaining(expected));
      expect((await send(path)).cacheStatus, path).toBe('HIT');
    }
    // One purge of post:{id} reaches all four addresses.
    const purged = await purge({ tags: [`post:${POSTS.open}`] });
    expect(purged.status).toBe(200);
    expect(JSON.parse(purged.text).localCopiesDeleted).toBe(4);
    expect((await send(`/the-quill/${POSTS.open}`)).cacheStatus).toBe('MISS');
  });

  it('profile pages are tagged user:{id}, on the main host and on the writer\'s own domain', async () => {
    const main = await send('/@writer');
    expect(main.cacheStatus).toBe('MISS');
    expect(main.headers.get('cache-tag')?.split(',')).toContain(`user:${USERS.writer}`);
    const own = await send('/', { host: 'wren.test' });
    expect(own.status).toBe(200);
    expect(own.headers.get('x-page-name')).toBe('user-profile');
    expect(own.cacheStatus).toBe('MISS'); // another host, another key
    expect(own.headers.get('cache-tag')?.split(',')).toContain(`user:${USERS.writer}`);
    expect((await send('/', { host: 'wren.test' })).cacheStatus).toBe('HIT');
    expect((await send('/')).headers.get('x-page-name')).toBe('home-lo'); // the main host's / is still home
  });

  it('tracking parameters never split the cache and never reach the stored page', async () => {
    // Values no page could contain by chance (the inlined stylesheet has a .newsletter-card class).
    const first = await send(`${OPEN}?source=home_feed&utm_source=mailing_q7x&utm_campaign=spring`);
    expect(first.cacheStatus).toBe('MISS');
    expect(first.text).not.toContain('mailing_q7x');
    expect(first.text).not.toContain('home_feed');
    for (const query of ['', '?utm_medium=email', '?source=follow_feed&gclid=abc&fbclid=def', '?gi=123']) {
      const again = await send(OPEN + query);
      expect(again.cacheStatus, query).toBe('HIT');
      expect(again.bytes, query).toEqual(first.bytes);
    }
  });
});

describe('a HIT is looked up before any session, D1 or GraphQL work', () => {
  it('answers x-d1-queries: 0, and is served with D1 unavailable altogether', async () => {
    const miss = await send(OPEN);
    expect(miss.cacheStatus).toBe('MISS');
    expect(Number(miss.headers.get('x-d1-queries'))).toBeGreaterThan(0);
    const db = unavailableD1();
    const hit = await send(OPEN, { db });
    expect(hit.status).toBe(200);
    expect(hit.cacheStatus).toBe('HIT');
    expect(hit.headers.get('x-d1-queries')).toBe('0');
    expect(hit.bytes).toEqual(miss.bytes);
    expect(db.touched()).toEqual([]);
    // The same page without a stored copy needs D1: the binding really is unavailable.
    await clearEdgeCache();
    const without = await send(OPEN, { db });
    expect(without.cacheStatus).not.toBe('HIT');
    expect(db.touched().length).toBeGreaterThan(0);
  });

  it('on a writer\'s own domain too: the host is remembered in the isolate (worker/host/resolve-host.ts)', async () => {
    clearHostCache();
    expect((await send('/', { host: 'wren.test' })).cacheStatus).toBe('MISS');
    const db = unavailableD1();
    const hit = await send('/', { host: 'wren.test', db });
    expect(hit.cacheStatus).toBe('HIT');
    expect(hit.headers.get('x-page-name')).toBe('user-profile');
    expect(hit.headers.get('x-d1-queries')).toBe('0');
    expect(db.touched()).toEqual([]);
  });

  it('a request with a session cookie reads its session first (today\'s rules), even when a copy is stored', async () => {
    expect((await send(OPEN)).cacheStatus).toBe('MISS');
    const db = unavailableD1();
    const answer = await send(OPEN, { db, session: world.sessions.reader });
    expect(answer.status).toBe(500);
    expect(db.touched()[0]).toMatch(/sessions/);
  });
});

describe('everyone else gets a fresh, private page', () => {
  it('with a session cookie: DYNAMIC, private, the viewer\'s name, never the stored copy', async () => {
    const shared = await send(OPEN);
    expect(shared.cacheStatus).toBe('MISS');
    const mine = await send(OPEN, { session: world.sessions.reader });
    expect(mine.status).toBe(200);
    expect(mine.cacheStatus).toBe('DYNAMIC');
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.text).toContain('Rae Reader');
    expect(mine.text).toContain('"isLoggedInCookie":true');
    expect(mine.bytes).not.toEqual(shared.bytes);
    expect(decisionOf(mine).rule).toBe('logged_out');
    expect((await send(OPEN)).cacheStatus).toBe('HIT');
  });

  it('a bot user agent: DYNAMIC even when a copy is stored', async () => {
    expect((await send('/')).cacheStatus).toBe('MISS');
    const bot = await send('/', { headers: { 'user-agent': GOOGLEBOT } });
    expect(bot.cacheStatus).toBe('DYNAMIC');
    expect(bot.text).toContain('"isBot":true');
    expect(decisionOf(bot).rule).toBe('not_bot');
    expect((await send('/')).cacheStatus).toBe('HIT');
  });

  it('a staff viewer: DYNAMIC', async () => {
    const staff = await send(OPEN, { session: world.sessions.staff });
    expect(staff.cacheStatus).toBe('DYNAMIC');
    expect(staff.text).toContain('Sam Staff');
    expect(decisionOf(staff).rule).toBe('not_staff');
  });

  it('an internal address (INTERNAL_IP_RANGES against CF-Connecting-IP): DYNAMIC; others share the copy', async () => {
    const vars = { INTERNAL_IP_RANGES: '10.0.0.0/8, 2001:db8::/32' };
    expect((await send('/', { vars, headers: { 'cf-connecting-ip': '203.0.113.7' } })).cacheStatus).toBe('MISS');
    for (const address of ['10.20.30.40', '2001:db8::1', '::ffff:10.1.1.1']) {
      const internal = await send('/', { vars, headers: { 'cf-connecting-ip': address } });
      expect(internal.cacheStatus, address).toBe('DYNAMIC');
      expect(decisionOf(internal).rule, address).toBe('not_internal_ip');
    }
    expect((await send('/', { vars, headers: { 'cf-connecting-ip': '198.51.100.1' } })).cacheStatus).toBe('HIT');
  });

  it('a spoofed session (staff acting as a reader): DYNAMIC', async () => {
    const spoofed = await createSession(env.DB, USERS.reader, { spoofedByUserId: USERS.staff });
    const answer = await send(OPEN, { session: spoofed.token });
    expect(answer.cacheStatus).toBe('DYNAMIC');
    expect(answer.text).toContain('"isSpoofed":true');
    expect(decisionOf(answer).rule).toBe('not_spoofed');
  });

  it('the disable_edge_cache flag, global or the viewer\'s own: DYNAMIC, and the flag decides', async () => {
    const vars = { FLAGS: 'enable_lo_homepage,disable_edge_cache' };
    for (let i = 0; i < 2; i++) {
      const answer = await send('/', { vars });
      expect(answer.cacheStatus).toBe('DYNAMIC');
      expect(decisionOf(answer).rule).toBe('disable_edge_cache');
    }
    await env.DB.prepare("UPDATE users SET flags = 'disable_edge_cache' WHERE id = ?").bind(USERS.reader).run();
    try {
      const own = await send(OPEN, { session: world.sessions.reader });
      expect(own.cacheStatus).toBe('DYNAMIC');
      // A disabling rule wins over the requirement that also failed (logged out).
      expect(decisionOf(own)).toMatchObject({ rule: 'disable_edge_cache', failed: ['disable_edge_cache', 'logged_out'] });
    } finally {
      await env.DB.prepare("UPDATE users SET flags = '' WHERE id = ?").bind(USERS.reader).run();
    }
    expect(await storedCopyCount()).toBe(0);
  });

  it('the cache switched off (EDGE_CACHE=off): DYNAMIC and nothing stored', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await send('/', { vars: { EDGE_CACHE: 'off' } });
      expect(answer.cacheStatus).toBe('DYNAMIC');
      expect(decisionOf(answer).rule).toBe('cache_in_use');
    }
    expect(await storedCopyCount()).toBe(0);
  });
});

describe('disabling rules on the story', () => {
  it('a draft is never cached: 404 for readers, DYNAMIC (draft_post) for its author', async () => {
    for (let i = 0; i < 2; i++) {
      const reader = await send(`/p/${POSTS.draft}`);
      expect(reader.status).toBe(404);
      expect(reader.cacheStatus).toBe('DYNAMIC');
      expect(decisionOf(reader).rule).toBe('subject_found');
    }
    const author = await send(`/p/${POSTS.draft}`, { session: world.sessions.writer });
    expect(author.status).toBe(200);
    expect(author.text).toContain('Draft Story');
    expect(author.cacheStatus).toBe('DYNAMIC');
    expect(decisionOf(author).rule).toBe('draft_post');
    expect(await storedCopyCount()).toBe(0);
  });

  it('a suspended story is not cached for a viewer with can_view_suspended_content', async () => {
    const moderator = await send(`/p/${POSTS.suspended}`, { session: world.sessions.moderator });
    expect(moderator.status).toBe(200);
    expect(moderator.text).toContain('Suspended Story');
    expect(moderator.cacheStatus).toBe('DYNAMIC');
    expect(decisionOf(moderator).rule).toBe('suspended_post');
    // The same viewer on a story in good standing: only the logged-out requirement fails.
    expect(decisionOf(await send(OPEN, { session: world.sessions.moderator })).rule).toBe('logged_out');
    // Everyone else is told it is suspended (410), which is never stored either.
    const reader = await send(`/p/${POSTS.suspended}`);
    expect(reader.status).toBe(410);
    expect(reader.cacheStatus).toBe('DYNAMIC');
    expect(await storedCopyCount()).toBe(0);
  });
});

describe('freshness and purge', () => {
  it('purge post:{id} → the next read is a MISS with the new content', async () => {
    expect((await send(OPEN)).cacheStatus).toBe('MISS');
    await env.DB.prepare("UPDATE posts SET title = 'Retitled Without A Write Path' WHERE id = ?").bind(POSTS.open).run();
    try {
      const stale = await send(OPEN);
      expect(stale.cacheStatus).toBe('HIT');
      expect(stale.headers.get('x-d1-queries')).toBe('0');
      expect(stale.text).not.toContain('Retitled Without A Write Path');
      const purged = await purge({ tags: [`post:${POSTS.open}`] });
      expect(purged.status).toBe(200);
      expect(JSON.parse(purged.text)).toMatchObject({ purged: { tags: [`post:${POSTS.open}`], urls: [] }, localCopiesDeleted: 1, zone: null });
      const fresh = await send(OPEN);
      expect(fresh.cacheStatus).toBe('MISS');
      expect(fresh.text).toContain('Retitled Without A Write Path');
    } finally {
      await env.DB.prepare("UPDATE posts SET title = 'Open Story' WHERE id = ?").bind(POSTS.open).run();
    }
  });

  it('a purge recorded elsewhere reaches this data centre through the zone purge, not on a HIT: the copy stays a HIT until then', async () => {
    // Freshness of a HIT is its age only (docs/adr/0024-cache-key-and-lifetime.md): a ledger row written by
    // another data centre's purge is not read on a HIT. What removes this copy in production
    // is the zone purge by tag; the TTL bounds it if that call fails.
    expect((await send('/@writer')).cacheStatus).toBe('MISS');
    await recordInvalidations(env.DB, [`user:${USERS.writer}`], Date.now(), 0);
    const hit = await send('/@writer');
    expect(hit.cacheStatus).toBe('HIT');
    expect(hit.headers.get('x-d1-queries')).toBe('0');
  });

  it('a render that a purge overtook (it read the data before the write) is served but not kept', async () => {
    // The purge of the story's tags lands while the story is being rendered: as a concurrent
    // write would, after the render has read the story.
    const db = beforeFirstMatch(env.DB, /from "posts"/i, () => recordInvalidations(env.DB, [`post:${POSTS.open}`], Date.now(), 0));
    const overtaken = await send(OPEN, { db });
    expect(db.fired()).toBe(true);
    expect(overtaken.status).toBe(200);
    expect(overtaken.cacheStatus).toBe('MISS');
    expect(overtaken.logs).toContainEqual(expect.objectContaining({ event: 'edge_cache_store_withdrawn', reason: 'purged_during_render' }));
    expect(await storedCopyCount()).toBe(0);
    await sleep(CLOCK_SKEW_MARGIN_MS + 100); // a render that starts now is after the purge
    expect((await send(OPEN)).cacheStatus).toBe('MISS');
    expect((await send(OPEN)).cacheStatus).toBe('HIT');
  });

  it('a render whose tags cannot be checked against the ledger is served but not kept', async () => {
    const db = failingOnce(env.DB, /from "cache_tag_invalidations"/i);
    const answer = await send(OPEN, { db });
    expect(db.fired()).toBe(true);
    expect(answer.cacheStatus).toBe('MISS');
    expect(answer.logs).toContainEqual(expect.objectContaining({ event: 'edge_cache_store_withdrawn', reason: 'ledger_unreadable' }));
    expect(await storedCopyCount()).toBe(0);
    expect((await send(OPEN)).cacheStatus).toBe('MISS');
  });

  it('a copy older than EDGE_CACHE_TTL_SECONDS is EXPIRED and replaced', async () => {
    const vars = { EDGE_CACHE_TTL_SECONDS: '1' };
    const miss = await send('/', { vars });
    expect(miss.cacheStatus).toBe('MISS');
    expect((await send('/', { vars })).cacheStatus).toBe('HIT');
    await sleep(1100);
    const expired = await send('/', { vars });
    expect(expired.cacheStatus).toBe('EXPIRED');
    expect(decisionOf(expired).expired).toBe('ttl');
    expect(expired.bytes).toEqual(miss.bytes);
    expect((await send('/', { vars })).cacheStatus).toBe('HIT');
  });

  it('purge by URL drops that address (tracking parameters ignored) and reports what it could not purge', async () => {
    expect((await send('/@writer?utm_source=x')).cacheStatus).toBe('MISS');
    expect((await send('/')).cacheStatus).toBe('MISS');
    const purged = await purge({ urls: [`http://${MAIN}/@writer?utm_medium=y`, 'https://unknown.example/@writer', 'not a url'] });
    expect(purged.status).toBe(200);
    const report = JSON.parse(purged.text);
    expect(report.purged.urls).toHaveLength(1);
    expect(report.purged.urls[0].tag).toMatch(/^url:[0-9a-f]{24}$/);
    expect(report.rejected.map((r: { url: string }) => r.url)).toEqual(['https://unknown.example/@writer', 'not a url']);
    expect(report.localCopiesDeleted).toBe(1);
    expect((await send('/@writer')).cacheStatus).toBe('MISS');
    expect((await send('/')).cacheStatus).toBe('HIT');
  });

  it('with zone credentials a purge also calls the zone purge API, 100 tags per call', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push({ url: String(input), init: init ?? {} });
      return new Response(JSON.stringify({ success: true, errors: [], messages: [], result: { id: 'purge' } }), { headers: { 'content-type': 'application/json' } });
    });
    try {
      const tags = Array.from({ length: 150 }, (_, i) => `post:${(i + 1).toString(16).padStart(12, '0')}`);
      const answer = await purge({ tags }, { vars: { CF_ZONE_ID: 'zone-123', CF_API_TOKEN: 'api-token' } });
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text).zone).toEqual({ calls: 2, ok: true, errors: [] });
      expect(calls.map((c) => c.url)).toEqual([
        'https://api.cloudflare.com/client/v4/zones/zone-123/purge_cache',
        'https://api.cloudflare.com/client/v4/zones/zone-123/purge_cache',
      ]);
      const sent = calls.map((c) => JSON.parse(String(c.init.body)).tags as string[]);
      expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
      expect(sent.flat()).toEqual(tags);
      expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer api-token');
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe('writes purge their own tags', () => {
  it('editing a story through GraphQL → the next anonymous read shows the edit (story, home, profile)', async () => {
    const writer = await createSession(env.DB, USERS.writer);
    for (const path of [OPEN, '/', '/@writer']) {
      expect((await send(path)).cacheStatus, path).toBe('MISS');
      const cached = await send(path);
      expect(cached.cacheStatus, path).toBe('HIT');
      expect(cached.text, path).toContain('Open Story');
    }
    const mutation = {
      query: 'mutation Edit($id: ID!, $title: String) { updatePostContent(targetPostId: $id, title: $title) { id title } }',
      variables: { id: POSTS.open, title: 'An Edited Title' },
    };
    const edit = await send('/_/graphql', {
      method: 'POST',
      session: writer.token,
      headers: { 'content-type': 'application/json', 'x-xsrf-token': writer.xsrf },
      body: JSON.stringify(mutation),
    });
    try {
      expect(JSON.parse(edit.text)).toEqual({ data: { updatePostContent: { id: POSTS.open, title: 'An Edited Title' } } });
      for (const path of [OPEN, '/', '/@writer']) {
        const after = await send(path);
        expect(after.cacheStatus, path).toBe('MISS');
        expect(after.text, path).toContain('An Edited Title');
      }
    } finally {
      await env.DB.prepare("UPDATE posts SET title = 'Open Story' WHERE id = ?").bind(POSTS.open).run();
    }
  });

  it('only the author may edit, and only with the anti-forgery token; a refused edit purges nothing', async () => {
    expect((await send(OPEN)).cacheStatus).toBe('MISS');
    const reader = await createSession(env.DB, USERS.reader);
    const body = JSON.stringify({ query: `mutation { updatePostContent(targetPostId: "${POSTS.open}", title: "Hijacked") { id } }` });
    const notAuthor = await send('/_/graphql', {
      method: 'POST',
      session: reader.token,
      headers: { 'content-type': 'application/json', 'x-xsrf-token': reader.xsrf },
      body,
    });
    expect(JSON.parse(notAuthor.text).errors[0].extensions.code).toBe('NOT_FOUND');
    const writer = await createSession(env.DB, USERS.writer);
    const noToken = await send('/_/graphql', { method: 'POST', session: writer.token, headers: { 'content-type': 'application/json' }, body });
    expect(JSON.parse(noToken.text).errors[0].message).toMatch(/anti-forgery/);
    const still = await send(OPEN);
    expect(still.cacheStatus).toBe('HIT');
    expect(still.text).not.toContain('Hijacked');
  });
});

describe('statuses, controllers, experiment and the log line', () => {
  it('X-Cache-Status on every page response: redirects, not found, unknown hosts, pages that are not eligible', async () => {
    const redirect = await send('/topics');
    expect(redirect.status).toBe(301);
    expect(redirect.cacheStatus).toBe('DYNAMIC');
    const notFound = await send('/no/such/page');
    expect(notFound.status).toBe(404);
    expect(notFound.cacheStatus).toBe('DYNAMIC');
    expect(decisionOf(notFound).rule).toBe('route_eligible');
    const unknownHost = await send('/', { host: 'nobody.example' });
    expect(unknownHost.status).toBe(404);
    expect(unknownHost.cacheStatus).toBe('DYNAMIC');
    const settings = await send('/me/settings');
    expect(settings.cacheStatus).toBe('DYNAMIC');
    expect(settings.headers.get('cache-control')).toBe('private, no-store');
  });

  it('a cache controller error is logged and skipped: the page renders and is not cached', async () => {
    const db = failingOnce(env.DB, /from "users" where "users"\."username"/i);
    const answer = await send('/@writer', { db });
    expect(db.fired()).toBe(true);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('Wren Writer');
    expect(answer.cacheStatus).toBe('DYNAMIC');
    expect(decisionOf(answer).rule).toBe('controller_ok');
    expect(answer.logs).toContainEqual(expect.objectContaining({ event: 'edge_cache_controller_error', operation: 'UserCacheController' }));
    expect(await storedCopyCount()).toBe(0);
    expect((await send('/@writer')).cacheStatus).toBe('MISS');
  });

  it('TopicCacheController: a topic that does not exist is not cached', async () => {
    const answer = await send('/tag/no-such-topic');
    expect(answer.cacheStatus).toBe('DYNAMIC');
    expect(decisionOf(answer).rule).toBe('subject_found');
    const known = await send(`/tag/${TAGS.writing.slug}`);
    // The controller found it: the page carries the topic tag (a stored copy also its address tag).
    expect(decisionOf(known).tags).toContain(`topic:${TAGS.writing.slug}`);
    expect(known.headers.get('cache-tag')?.split(',')).toContain(`topic:${TAGS.writing.slug}`);
    expect(decisionOf(known).rule).toBe(known.status === 200 ? 'all_rules_passed' : 'status_ok');
  });

  it('experiment group: the configured split assigns visitors by address; disabled visitors never share', async () => {
    const addresses = Array.from({ length: 200 }, (_, i) => `198.51.100.${i % 256}`).concat(Array.from({ length: 200 }, (_, i) => `203.0.113.${i}`));
    const disabled = addresses.find((a) => bucketOf(a) < 50)!;
    const enabled = addresses.find((a) => bucketOf(a) >= 50)!;
    const vars = { EDGE_CACHE_EXPERIMENT: 'enabled:50,disabled:50' };
    expect((await send('/', { vars, headers: { 'cf-connecting-ip': enabled } })).cacheStatus).toBe('MISS');
    for (let i = 0; i < 2; i++) {
      const out = await send('/', { vars, headers: { 'cf-connecting-ip': disabled } });
      expect(out.cacheStatus).toBe('DYNAMIC');
      expect(decisionOf(out)).toMatchObject({ rule: 'experiment_group', group: 'disabled' });
    }
    const shared = await send('/', { vars: { ...vars, EDGE_CACHE_LOG_HITS: 'on' }, headers: { 'cf-connecting-ip': enabled } });
    expect(shared.cacheStatus).toBe('HIT');
    expect(decisionOf(shared).group).toBe('enabled');
    // Everyone disabled.
    expect((await send('/', { vars: { EDGE_CACHE_EXPERIMENT: 'disabled' } })).cacheStatus).toBe('DYNAMIC');
  });

  it('one structured log line per decision: route, status, deciding rule, tags (for a HIT only with EDGE_CACHE_LOG_HITS=on)', async () => {
    const miss = decisionOf(await send(OPEN));
    expect(miss).toMatchObject({ event: 'edge_cache', route: 'ShowPost', page: 'post', hostKind: 'default', path: OPEN, status: 'MISS', rule: 'all_rules_passed', failed: [] });
    expect(miss.tags).toEqual(expect.arrayContaining([`post:${POSTS.open}`, `user:${USERS.writer}`]));
    const quiet = await send(OPEN);
    expect(quiet.cacheStatus).toBe('HIT');
    expect(quiet.decisions).toEqual([]);
    const hit = decisionOf(await send(OPEN, { vars: { EDGE_CACHE_LOG_HITS: 'on' } }));
    expect(hit).toMatchObject({ route: 'ShowPost', status: 'HIT', tags: miss.tags });
    const dynamic = decisionOf(await send(OPEN, { session: world.sessions.member }));
    expect(dynamic).toMatchObject({ route: 'ShowPost', status: 'DYNAMIC', rule: 'logged_out' });
  });
});
