// Issue 25 point 3: the edge cache's fast path (docs/adr/0100-edge-cache-fast-path.md). A
// request without a session cookie that a stored copy answers is answered before the router
// and the page pipeline, with the same headers the pipeline's HIT had; every request a rule
// sends to a dynamic render is left to the pipeline (answerFromEdgeCache answers null).
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, type World } from './helpers/fixtures.ts';
import { clearEdgeCache, MAIN, send } from './helpers/edge-cache.ts';
import { answerFromEdgeCache } from '../../worker/pipeline/page-pipeline.ts';
import type { Env } from '../../worker/env.ts';

let world: World;
const OPEN = `/p/${POSTS.open}`;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

beforeAll(async () => {
  world = await seedWorld(env.DB);
});

beforeEach(async () => {
  await clearEdgeCache();
});

function request(path: string, headers: Record<string, string> = {}, method = 'GET'): Request {
  return new Request(`http://${MAIN}${path}`, { method, headers: { host: MAIN, 'user-agent': BROWSER, ...headers } });
}

async function fastPath(req: Request, vars: Record<string, string> = {}) {
  const pending: Promise<unknown>[] = [];
  const answer = await answerFromEdgeCache(req, { ...env, ...vars } as unknown as Env, (p) => pending.push(p));
  await Promise.all(pending);
  return answer;
}

/** The headers a reader gets, without those that change per answer. */
function stableHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  // x-d1-queries says what this answer cost (a render's queries, a HIT's none).
  for (const [name, value] of headers) if (!['age', 'x-request-id', 'x-d1-queries', 'x-d1-rows-read'].includes(name)) out[name] = value;
  return out;
}

describe('the fast path answers a stored copy before the router', () => {
  it('a visitor gets the HIT with the same bytes and headers the pipeline gave, no D1 query', async () => {
    const miss = await send(OPEN, { headers: { 'user-agent': BROWSER } });
    expect(miss.cacheStatus).toBe('MISS');
    const direct = await fastPath(request(OPEN));
    expect(direct?.response.headers.get('x-cache-status')).toBe('HIT');
    expect(direct?.response.headers.get('x-d1-queries')).toBe('0');
    expect(direct?.routed).toEqual({ routeName: 'ShowPost', routerType: 'default' });
    expect(new Uint8Array(await direct!.response.arrayBuffer())).toEqual(miss.bytes);

    const hit = await send(OPEN, { headers: { 'user-agent': BROWSER } });
    expect(hit.cacheStatus).toBe('HIT');
    expect(hit.bytes).toEqual(miss.bytes);
    expect(hit.headers.get('x-request-id')).toBeTruthy();
    const { 'x-cache-status': _m, ...missRest } = stableHeaders(miss.headers);
    const { 'x-cache-status': _h, ...hitRest } = stableHeaders(hit.headers);
    expect(hitRest).toEqual(missRest);
    // A HIT's record is at debug level (docs/adr/0194-hit-records-at-debug.md): not written at the default, info.
    expect(hit.logs.filter((line) => line.event === 'request')).toEqual([]);
  });

  it('with LOG_LEVEL=debug a HIT writes its one request record, at debug level', async () => {
    const vars = { LOG_LEVEL: 'debug' };
    const miss = await send(OPEN, { headers: { 'user-agent': BROWSER }, vars });
    expect(miss.cacheStatus).toBe('MISS');
    expect(miss.logs.filter((line) => line.event === 'request')).toEqual([expect.objectContaining({ levelName: 'info' })]);
    const hit = await send(OPEN, { headers: { 'user-agent': BROWSER }, vars });
    expect(hit.cacheStatus).toBe('HIT');
    const records = hit.logs.filter((line) => line.event === 'request');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ routeName: 'ShowPost', routerType: 'default', status: 200, levelName: 'debug' });
  });

  it('HEAD gets the headers without the body', async () => {
    const miss = await send(OPEN, { headers: { 'user-agent': BROWSER } });
    expect(miss.cacheStatus).toBe('MISS');
    const head = await fastPath(request(OPEN, {}, 'HEAD'));
    expect(head?.response.headers.get('x-cache-status')).toBe('HIT');
    expect(head?.response.body).toBeNull();
  });
});

describe('never a HIT for anyone the rules send to a dynamic render', () => {
  it('signed in, staff, a spoofed or an invalid session cookie, a bot, an internal address, the disable flag, a disabled experiment group, a POST', async () => {
    const miss = await send(OPEN, { headers: { 'user-agent': BROWSER } });
    expect(miss.cacheStatus).toBe('MISS');
    expect((await fastPath(request(OPEN)))?.response.headers.get('x-cache-status'), 'the copy is there').toBe('HIT');

    expect(await fastPath(request(OPEN, { cookie: `sid=${world.sessions.reader}` })), 'signed in').toBeNull();
    expect(await fastPath(request(OPEN, { cookie: `sid=${world.sessions.staff}` })), 'staff').toBeNull();
    expect(await fastPath(request(OPEN, { cookie: 'sid=not-a-session' })), 'an invalid cookie').toBeNull();
    expect(await fastPath(request(OPEN, { 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })), 'a bot').toBeNull();
    expect(await fastPath(request(OPEN, { 'cf-connecting-ip': '10.1.2.3' }), { INTERNAL_IP_RANGES: '10.0.0.0/8' }), 'internal').toBeNull();
    expect(await fastPath(request(OPEN), { FLAGS: 'disable_edge_cache' }), 'disable flag').toBeNull();
    expect(await fastPath(request(OPEN), { EDGE_CACHE_EXPERIMENT: 'disabled' }), 'experiment group').toBeNull();
    expect(await fastPath(request(OPEN), { EDGE_CACHE: 'off' }), 'cache off').toBeNull();
    expect(await fastPath(request(OPEN, {}, 'POST')), 'POST').toBeNull();

    // Through the worker, the same requests are rendered for their viewer.
    const signedIn = await send(OPEN, { session: world.sessions.reader, headers: { 'user-agent': BROWSER } });
    expect(signedIn.cacheStatus).toBe('DYNAMIC');
    expect(signedIn.text).toContain('"isLoggedInCookie":true');
  });

  it('drafts and the not-found page are never stored, so never a HIT', async () => {
    for (const path of [`/p/${POSTS.draft}`, '/p/ffffffffffff']) {
      const first = await send(path, { headers: { 'user-agent': BROWSER } });
      expect(first.cacheStatus, path).toBe('DYNAMIC');
      expect(await fastPath(request(path)), path).toBeNull();
    }
  });
});
