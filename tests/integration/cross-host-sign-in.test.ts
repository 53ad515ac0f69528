// Signed in on every host (docs/product/3-routes-data-calls-constants.md §2.9;
// docs/adr/0078-signed-in-on-every-host.md): a reader signed in on the main host is handed a session on a
// writer's custom domain by a one-use token bound to that host; no open redirect; the custom
// host's cookie is its own; signing out anywhere ends every host's session; a signed-in reader
// never gets, nor leaves, a cached logged-out copy on a custom host.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { TestBrowser } from './helpers/auth-browser.ts';
import { send } from './helpers/edge-cache.ts';

const MAIN = 'http://localhost:8787';
const CUSTOM = 'http://wren.test';
const NAVIGATE = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'user-agent': 'Mozilla/5.0 Chrome/131' };

beforeAll(async () => {
  await seedWorld(testDb);
});

/** One browser: a cookie jar per host, as a browser keeps host-only cookies. */
class Browser {
  readonly jars = new Map<string, TestBrowser>();
  jar(url: string): TestBrowser {
    const host = new URL(url).host;
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new TestBrowser()));
    return jar;
  }
  fetch(url: string, headers: Record<string, string> = NAVIGATE): Promise<Response> {
    return this.jar(url).fetch(url, { headers: { host: new URL(url).host, ...headers } });
  }
  /** Follows redirects across hosts; returns the final response and every location. */
  async navigate(url: string): Promise<{ response: Response; hops: string[] }> {
    const hops: string[] = [];
    let current = url;
    for (let i = 0; i < 10; i += 1) {
      const response = await this.fetch(current);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) return { response, hops };
      current = new URL(location, current).href;
      hops.push(current);
    }
    throw new Error(`redirect loop: ${hops.join(' → ')}`);
  }
  async viewerOn(origin: string): Promise<string | null> {
    const jar = this.jar(origin);
    const response = await jar.fetch(`${origin}/_/graphql`, {
      method: 'POST',
      headers: { host: new URL(origin).host, 'content-type': 'application/json', 'x-xsrf-token': '1' },
      body: JSON.stringify({ query: '{ viewer { id } }' }),
    });
    const body = (await response.json()) as { data?: { viewer: { id: string } | null } };
    return body.data?.viewer?.id ?? null;
  }
}

async function signedInBrowser(userId: string = USERS.reader): Promise<{ browser: Browser; xsrf: string }> {
  const browser = new Browser();
  const session = await createSession(testDb, userId);
  browser.jar(MAIN).cookies.set('sid', session.token);
  return { browser, xsrf: session.xsrf };
}

/** The callback URL (with its token) the main host sends a signed-in browser to. */
async function mintedCallback(browser: Browser, target = `${CUSTOM}/`): Promise<string> {
  const response = await browser.fetch(`${MAIN}/m/token?redirectUrl=${encodeURIComponent(target)}`);
  expect(response.status).toBe(302);
  return response.headers.get('location')!;
}

describe('a reader signed in on the main host', () => {
  it('is signed in on a custom domain after one round trip through the main host', async () => {
    const { browser } = await signedInBrowser();
    expect(await browser.viewerOn(CUSTOM)).toBeNull();
    const { response, hops } = await browser.navigate(`${CUSTOM}/`);
    expect(hops[0]).toBe(`${MAIN}/m/token?redirectUrl=${encodeURIComponent(`${CUSTOM}/`)}`);
    expect(hops[1]).toMatch(/^http:\/\/wren\.test\/m\/callback\/authenticate\?redirectUrl=%2F&token=[\w-]{43}$/);
    expect(hops[2]).toBe(`${CUSTOM}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-cache-status')).toBe('DYNAMIC');
    expect(await browser.viewerOn(CUSTOM)).toBe(USERS.reader);
  });

  it("gets a session cookie for the custom host only (no Domain), and it is worthless on the main host", async () => {
    const { browser } = await signedInBrowser();
    const callback = await mintedCallback(browser);
    await browser.fetch(callback);
    const cookie = browser.jar(CUSTOM).cookieSet('sid')!;
    expect(cookie.attributes.some((a) => /^domain=/i.test(a))).toBe(false);
    expect(cookie.attributes).toContain('HttpOnly');
    const thief = new Browser();
    thief.jar(MAIN).cookies.set('sid', cookie.value);
    expect(await thief.viewerOn(MAIN)).toBeNull();
    thief.jar('http://quill.test').cookies.set('sid', cookie.value);
    expect(await thief.viewerOn('http://quill.test')).toBeNull();
  });

  it('cannot replay a token, nor use it on another host, nor after it expires', async () => {
    const { browser } = await signedInBrowser();
    const callback = await mintedCallback(browser);
    expect((await browser.fetch(callback)).status).toBe(302);
    const replay = new Browser();
    const replayed = await replay.fetch(callback);
    expect(replayed.status).toBe(400);
    expect(replay.jar(CUSTOM).cookies.has('sid')).toBe(false);
    expect(await replay.viewerOn(CUSTOM)).toBeNull();

    const other = await mintedCallback(browser);
    const elsewhere = other.replace('http://wren.test', 'http://quill.test');
    const stolen = new Browser();
    expect((await stolen.fetch(elsewhere)).status).toBe(400);
    expect(await stolen.viewerOn('http://quill.test')).toBeNull();
    // …and the token is spent: the right host refuses it afterwards too.
    expect((await stolen.fetch(other)).status).toBe(400);

    const late = await mintedCallback(browser);
    await testDb.prepare('UPDATE cross_host_tokens SET expires_at = 0 WHERE used_at IS NULL').run();
    const slow = new Browser();
    expect((await slow.fetch(late)).status).toBe(400);
    expect(await slow.viewerOn(CUSTOM)).toBeNull();
  });

  it('is signed out everywhere when signing out on the main host, and on the custom host', async () => {
    const { browser, xsrf } = await signedInBrowser();
    await browser.navigate(`${CUSTOM}/`);
    expect(await browser.viewerOn(CUSTOM)).toBe(USERS.reader);
    await browser.fetch(`${MAIN}/m/signout/${xsrf}`);
    expect(await browser.viewerOn(MAIN)).toBeNull();
    expect(await browser.viewerOn(CUSTOM)).toBeNull();
    // The ended session is dropped on the next visit; the main host says "signed out".
    const { response, hops } = await browser.navigate(`${CUSTOM}/`);
    expect(hops.length).toBe(3);
    expect(response.status).toBe(200);
    expect(browser.jar(CUSTOM).cookies.has('sid')).toBe(false);

    const second = await signedInBrowser();
    await second.browser.navigate(`${CUSTOM}/`);
    const customXsrf = (await testDb
      .prepare("SELECT xsrf FROM sessions WHERE host = 'wren.test' AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1")
      .first<{ xsrf: string }>())!.xsrf;
    await second.browser.fetch(`${CUSTOM}/m/signout/${customXsrf}`);
    expect(await second.browser.viewerOn(CUSTOM)).toBeNull();
    expect(await second.browser.viewerOn(MAIN)).toBeNull();
  });
});

describe('a reader signed out on the main host', () => {
  it('stays signed out on the custom host, which stops asking for a while and serves cached copies', async () => {
    const browser = new Browser();
    const { response, hops } = await browser.navigate(`${CUSTOM}/`);
    expect(hops[1]).toBe(`${CUSTOM}/m/callback/authenticate?redirectUrl=%2F`);
    expect(response.status).toBe(200);
    expect(browser.jar(CUSTOM).cookies.get('sid_checked')).toBe('1');
    const again = await browser.fetch(`${CUSTOM}/`);
    expect(again.status).toBe(200);
    expect(['HIT', 'MISS']).toContain(again.headers.get('x-cache-status'));
  });

  it('is never sent round by crawlers, scripts or sub-resource requests (no Sec-Fetch-Mode: navigate)', async () => {
    const browser = new Browser();
    expect((await browser.fetch(`${CUSTOM}/`, { 'user-agent': 'curl/8' })).status).toBe(200);
    expect((await browser.fetch(`${CUSTOM}/`, { ...NAVIGATE, 'user-agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).status).toBe(200);
    expect((await browser.fetch(`${CUSTOM}/`, { ...NAVIGATE, 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' })).status).toBe(200);
  });

  it('is sent round on a plain-http origin, where browsers send no Fetch Metadata', async () => {
    const browser = new Browser();
    const plain = { 'upgrade-insecure-requests': '1', accept: 'text/html,application/xhtml+xml', 'user-agent': 'Mozilla/5.0 Chrome/131' };
    expect((await browser.fetch(`${CUSTOM}/`, plain)).status).toBe(302);
    expect((await browser.fetch(`${CUSTOM}/`, { ...plain, accept: 'image/avif' })).status).toBe(200);
  });
});

describe('the edge cache on a custom host', () => {
  it('never serves a signed-in reader the logged-out copy, nor stores their page', async () => {
    // Warm the copy as a logged-out reader, then read it as a signed-in one.
    await send('/', { host: 'wren.test' });
    const warm = await send('/', { host: 'wren.test' });
    expect(warm.cacheStatus).toBe('HIT');
    const { browser } = await signedInBrowser(USERS.member);
    const { response } = await browser.navigate(`${CUSTOM}/`);
    expect(response.headers.get('x-cache-status')).toBe('DYNAMIC');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const after = await send('/', { host: 'wren.test' });
    expect(after.cacheStatus).toBe('HIT');
    expect(after.text).not.toContain(USERS.member);
  });
});

describe('no open redirect', () => {
  it('sends unknown hosts, other schemes and protocol-relative addresses home', async () => {
    const { browser } = await signedInBrowser();
    for (const target of ['https://evil.example/', '//evil.example/', 'javascript:alert(1)', 'http://user:pw@wren.test/', 'http://wren.test.evil.example/', '/\\evil.example']) {
      for (const path of ['/m/token', '/m/login-redirect']) {
        const response = await browser.fetch(`${MAIN}${path}?redirectUrl=${encodeURIComponent(target)}`);
        expect(response.headers.get('location'), `${path} ${target}`).toBe('/');
      }
    }
    expect(await testDb.prepare('SELECT count(*) AS n FROM cross_host_tokens WHERE target_host LIKE ?').bind('%evil%').first('n')).toBe(0);
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
      const response = await new Browser().fetch(`${CUSTOM}/m/callback/authenticate?redirectUrl=${encodeURIComponent(next)}`);
      expect(response.headers.get('location')).toBe('/');
    }
  });

  it('hands a token only to the exact origin of a live custom domain, never another port of it', async () => {
    const { browser } = await signedInBrowser();
    const other = new URL(CUSTOM);
    for (const port of ['8080', '1', '65535']) {
      other.port = port;
      for (const path of ['/m/token', '/m/login-redirect']) {
        const response = await browser.fetch(`${MAIN}${path}?redirectUrl=${encodeURIComponent(`${other.origin}/x`)}`);
        expect(response.headers.get('location'), `${path} ${other.origin}`).toBe('/');
      }
    }
    expect(await testDb.prepare('SELECT count(*) AS n FROM cross_host_tokens WHERE target_host LIKE ?').bind('%:%').first('n')).toBe(0);
    // The custom domain's own origin still gets its token.
    expect(new URL(await mintedCallback(browser, `${CUSTOM}/x`)).searchParams.get('token')).toBeTruthy();
  });

  it('returns a sign-in from a custom domain through /m/login-redirect', async () => {
    const { browser } = await signedInBrowser();
    const response = await browser.fetch(`${MAIN}/m/login-redirect?redirectUrl=${encodeURIComponent(`${CUSTOM}/about`)}`);
    expect(response.headers.get('location')).toBe(`${MAIN}/m/token?redirectUrl=${encodeURIComponent(`${CUSTOM}/about`)}`);
    expect((await browser.fetch(`${MAIN}/m/login-redirect?redirectUrl=${encodeURIComponent('/me/lists')}`)).headers.get('location')).toBe('/me/lists');
  });

  it('mints nothing on a host other than the main one', async () => {
    const { browser } = await signedInBrowser();
    expect((await browser.fetch(`${CUSTOM}/m/token?redirectUrl=${encodeURIComponent(`${CUSTOM}/`)}`)).status).toBe(404);
  });
});
