// Signed in on every host, in Chromium (docs/product/3-routes-data-calls-constants.md §2.9;
// docs/adr/0078-signed-in-on-every-host.md). The custom domains of the demo world (ada.test, the-long-read.test)
// are mapped onto the local site with --host-resolver-rules; grace.localhost is a username
// subdomain (Chromium resolves *.localhost to loopback itself).
//   - signed in on the main host → opens ada.test, the-long-read.test, grace.localhost → signed in there;
//   - signs out on the main host → signed out there;
//   - a hand-over token replayed, or carried to another host, is refused.
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, READER_AGENT } from './support/browser.ts';
import { createDemoSessions } from './support/e2e-database.ts';

const baseURL = inject('baseURL');
const port = new URL(baseURL).port;
// Accounts no other browser test signs in with (a sign-out here must not end theirs).
const READERS = ['gifted', 'cancelled'] as const;
let browser: Browser;
const newContext = () => browser.newContext({ userAgent: READER_AGENT });

beforeAll(async () => {
  browser = await launchBrowser([`--host-resolver-rules=MAP ada.test 127.0.0.1:${port}, MAP the-long-read.test 127.0.0.1:${port}`]);
});
afterAll(async () => {
  await browser?.close();
});

async function signedInContext(username: string): Promise<{ context: BrowserContext; page: Page; xsrf: string }> {
  const session = createDemoSessions([username])[username]!;
  const context = await newContext();
  await context.addCookies([{ name: 'sid', value: session.token, url: baseURL }]);
  return { context, page: await context.newPage(), xsrf: session.xsrf };
}

/** Who the page was rendered for (its preloaded state), or null. */
async function renderedFor(page: Page): Promise<string | null> {
  const match = /"viewer":\{"id":"[^"]*","username":"([^"]+)"/.exec(await page.content());
  return match ? match[1]! : null;
}

it('a reader signed in on the main host is signed in on custom domains and subdomains, and signed out with the main host', async () => {
  const { context, page, xsrf } = await signedInContext(READERS[0]);
  await page.goto(baseURL + '/');
  expect(await renderedFor(page)).toBe(READERS[0]);

  for (const origin of ['http://ada.test', 'http://the-long-read.test', `http://grace.localhost:${port}`]) {
    const response = await page.goto(origin + '/');
    expect(response?.status(), origin).toBe(200);
    expect(new URL(page.url()).origin).toBe(origin);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await renderedFor(page), origin).toBe(READERS[0]);
  }
  const adaCookies = await context.cookies('http://ada.test');
  expect(adaCookies.find((c) => c.name === 'sid')?.domain).toBe('ada.test');

  await page.goto(`${baseURL}/m/signout/${xsrf}`);
  expect(await renderedFor(page)).toBeNull();
  for (const origin of ['http://ada.test', `http://grace.localhost:${port}`]) {
    await page.goto(origin + '/');
    expect(await renderedFor(page), origin).toBeNull();
  }
  await context.close();
});

it('a hand-over token replayed, or carried to another host, is refused', async () => {
  const { context, page } = await signedInContext(READERS[1]);
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/m/callback/authenticate') && request.url().includes('token=')) callbacks.push(request.url());
  });
  await page.goto('http://ada.test/');
  expect(await renderedFor(page)).toBe(READERS[1]);
  expect(callbacks).toHaveLength(1);

  // Replayed in another browser: refused, nobody signed in.
  const other = await newContext();
  const otherPage = await other.newPage();
  const replayed = await otherPage.goto(callbacks[0]!);
  expect(replayed?.status()).toBe(400);
  expect(await otherPage.textContent('h1')).toBe('This sign-in link can no longer be used');
  expect((await other.cookies('http://ada.test')).some((c) => c.name === 'sid')).toBe(false);

  // A fresh token for ada.test, taken before it lands, then sent to the publication's domain.
  const fresh = await newContext();
  const freshSession = createDemoSessions([READERS[1]])[READERS[1]]!;
  await fresh.addCookies([{ name: 'sid', value: freshSession.token, url: baseURL }]);
  // The main host's answer, not followed: the browser's own request with its cookies.
  const answer = await fresh.request.get(`${baseURL}/m/token?redirectUrl=${encodeURIComponent('http://ada.test/')}`, {
    maxRedirects: 0,
    headers: { 'upgrade-insecure-requests': '1', accept: 'text/html' },
  });
  const minted = answer.headers()['location'] ?? '';
  expect(minted).toContain('token=');
  const elsewhere = await otherPage.goto(minted.replace('http://ada.test', 'http://the-long-read.test'));
  expect(elsewhere?.status()).toBe(400);
  expect((await other.cookies('http://the-long-read.test')).some((c) => c.name === 'sid')).toBe(false);
  await Promise.all([context.close(), other.close(), fresh.close()]);
});
