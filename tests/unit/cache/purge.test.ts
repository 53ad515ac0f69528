// The purge request body and the zone purge adapter (a fake fetch stands in for Cloudflare's API).
import { describe, expect, it } from 'vitest';
import { configuredPurgeToken, DEV_PURGE_TOKEN, MAX_PURGE_TAGS, MAX_PURGE_URLS, parsePurgeBody } from '../../../worker/endpoints/admin-purge.ts';
import { CloudflareZonePurger, zonePurgerFromEnv } from '../../../worker/cache/zone-purge.ts';

describe('parsePurgeBody', () => {
  it('accepts tags, urls or both', () => {
    expect(parsePurgeBody({ tags: ['home'] })).toEqual({ tags: ['home'], urls: [] });
    expect(parsePurgeBody({ urls: ['https://v.example/p/1'] })).toEqual({ tags: [], urls: ['https://v.example/p/1'] });
    expect(parsePurgeBody({ tags: ['post:1'], urls: ['https://v.example/'] })).toEqual({ tags: ['post:1'], urls: ['https://v.example/'] });
  });

  it.each([
    [null],
    ['home'],
    [['home']],
    [{}],
    [{ tags: [] }],
    [{ tags: 'home' }],
    [{ tags: [1] }],
    [{ tags: ['a b'] }],
    [{ tags: ['home'], extra: 1 }],
    [{ tags: Array.from({ length: MAX_PURGE_TAGS + 1 }, (_, i) => `t${i}`) }],
    [{ urls: Array.from({ length: MAX_PURGE_URLS + 1 }, (_, i) => `https://v.example/${i}`) }],
    [{ urls: ['https://v.example/' + 'x'.repeat(3000)] }],
  ])('refuses %j', (body) => {
    expect(typeof parsePurgeBody(body)).toBe('string');
  });
});

describe('configuredPurgeToken', () => {
  it('a configured secret wins; development falls back to the documented token; elsewhere there is none', () => {
    expect(configuredPurgeToken({ ENVIRONMENT: 'production', ADMIN_PURGE_TOKEN: 's' })).toBe('s');
    expect(configuredPurgeToken({ ENVIRONMENT: 'development' })).toBe(DEV_PURGE_TOKEN);
    expect(configuredPurgeToken({ ENVIRONMENT: 'production' })).toBeNull();
    expect(configuredPurgeToken({ ENVIRONMENT: 'staging' })).toBeNull();
  });
});

describe('CloudflareZonePurger', () => {
  function fakeFetch(answer: (body: { tags: string[] }) => Response) {
    const calls: { url: string; init: RequestInit; tags: string[] }[] = [];
    const fetchImpl = async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { tags: string[] };
      calls.push({ url, init, tags: body.tags });
      return answer(body);
    };
    return { calls, fetchImpl };
  }
  const ok = () => new Response(JSON.stringify({ success: true, errors: [] }));

  it('POSTs the tags to the zone, 100 per call, with the API token', async () => {
    const { calls, fetchImpl } = fakeFetch(ok);
    const tags = Array.from({ length: 250 }, (_, i) => `post:${i}`);
    const report = await new CloudflareZonePurger('zone-1', 'tok', fetchImpl).purgeTags(tags);
    expect(report).toEqual({ calls: 3, ok: true, errors: [] });
    expect(calls.map((c) => c.tags.length)).toEqual([100, 100, 50]);
    expect(calls.flatMap((c) => c.tags)).toEqual(tags);
    expect(calls[0]!.url).toBe('https://api.cloudflare.com/client/v4/zones/zone-1/purge_cache');
    expect(calls[0]!.init.method).toBe('POST');
    expect(new Headers(calls[0]!.init.headers).get('authorization')).toBe('Bearer tok');
  });

  it('reports refusals and network failures without throwing', async () => {
    const refused = fakeFetch(() => new Response(JSON.stringify({ success: false, errors: [{ message: 'Rate limited' }] }), { status: 429 }));
    expect(await new CloudflareZonePurger('z', 't', refused.fetchImpl).purgeTags(['home'])).toEqual({ calls: 1, ok: false, errors: ['HTTP 429: Rate limited'] });
    const broken = new CloudflareZonePurger('z', 't', async () => {
      throw new Error('network down');
    });
    expect(await broken.purgeTags(['home'])).toEqual({ calls: 1, ok: false, errors: ['network down'] });
  });

  it('exists only with both the zone id and the API token configured', () => {
    expect(zonePurgerFromEnv({})).toBeNull();
    expect(zonePurgerFromEnv({ CF_ZONE_ID: 'z' })).toBeNull();
    expect(zonePurgerFromEnv({ CF_ZONE_ID: 'z', CF_API_TOKEN: 't' })).toBeInstanceOf(CloudflareZonePurger);
  });
});
