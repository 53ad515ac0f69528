// Sessions of sign-in (docs/product/2-sign-in-notices-cache-routing.md §4.1 step 6, §4.4;
// docs/product/1-product-screens-membership-header-search.md §5; docs/sign-in.md): the session id
// rotates on sign-in, sign-out needs the session's anti-forgery value in its path, a signed-out
// session's cookie is worthless, and the page a sign-in returns to carries the sign-in confirmation
// once.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../worker/lib/crypto.ts';
import { seedWorld, type World } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { latestMail, SEND, sessionXsrf, TestBrowser, VERIFY, VIEWER } from './helpers/auth-browser.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Signs a fresh browser in as `email` with the emailed code. */
async function signedIn(email: string, browser = new TestBrowser()): Promise<TestBrowser> {
  const xsrf = (await sessionXsrf(testDb, browser)) ?? '1';
  await browser.graphql({ query: SEND, variables: { email, operation: 'login' } }, { xsrf });
  const { code } = (await latestMail(testDb, email))!;
  const answer = await browser.graphql({ query: VERIFY, variables: { loginCode: code } }, { xsrf });
  expect(answer.body.data.verifyLoginCode.__typename).toBe('Token');
  return browser;
}

function preloadedState(html: string) {
  const json = /window\.__PRELOADED_STATE__=(.*?);window\.__GRAPHQL_URI__/.exec(html)![1]!;
  return JSON.parse(json.replace(/\\u003c/g, '<').replace(/\\u003e/g, '>').replace(/\\u0026/g, '&'));
}

async function sessionRow(sid: string) {
  return testDb.prepare('SELECT user_id, revoked_at FROM sessions WHERE id_hash = ?').bind(await sha256Hex(sid)).first<{ user_id: string; revoked_at: number | null }>();
}

describe('session cookie', () => {
  it('is HttpOnly, SameSite=Lax, Path=/, long-lived, and Secure except on localhost', async () => {
    const browser = new TestBrowser();
    await browser.graphql({ query: SEND, variables: { email: 'reader@vellum.test' } });
    const susi = browser.cookies.get('susi')!;
    const { code } = (await latestMail(testDb, 'reader@vellum.test'))!;
    await browser.graphql({ query: VERIFY, variables: { loginCode: code } });
    const sid = browser.cookieSet('sid')!;
    expect(sid.attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${30 * 24 * 3600}`]));
    expect(sid.attributes).not.toContain('Secure');

    // The same request made on a real host gets Secure cookies.
    const online = new TestBrowser();
    await online.graphql({ query: SEND, variables: { email: 'friend@vellum.test' } });
    const mail = (await latestMail(testDb, 'friend@vellum.test'))!;
    const response = await online.fetch('https://vellum.example/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', host: 'vellum.example' },
      body: JSON.stringify({ query: VERIFY, variables: { loginCode: mail.code } }),
    });
    expect(response.status).toBe(200);
    expect(online.cookieSet('sid')!.attributes).toContain('Secure');
    expect(susi).not.toBe('');
  });

  it('rotates on sign-in: a new session id, and the old session is revoked', async () => {
    const browser = await signedIn('writer@vellum.test');
    const first = browser.cookies.get('sid')!;
    await signedIn('writer@vellum.test', browser);
    const second = browser.cookies.get('sid')!;
    expect(second).not.toBe(first);
    expect((await sessionRow(first))!.revoked_at).not.toBeNull();
    expect((await sessionRow(second))!.revoked_at).toBeNull();
    const stale = new TestBrowser();
    stale.cookies.set('sid', first);
    expect((await stale.graphql({ query: VIEWER })).body.data.viewer).toBeNull();
  });

  it('is rotated when a signed-in viewer signs in as someone else', async () => {
    const browser = await signedIn('member@vellum.test');
    const before = browser.cookies.get('sid')!;
    await signedIn('friend@vellum.test', browser);
    expect((await sessionRow(before))!.revoked_at).not.toBeNull();
    expect((await browser.graphql({ query: VIEWER }, { xsrf: await sessionXsrf(testDb, browser) })).body.data.viewer.username).toBe('friend');
  });
});

describe('anti-forgery', () => {
  it('refuses a signed-in mutation without the session value, and with a wrong one', async () => {
    const browser = await signedIn('cancelled@vellum.test');
    const none = await browser.graphql({ query: 'mutation { sendVerificationEmail { __typename } }' }, { xsrf: null });
    expect(none.body.errors[0].message).toBe('Missing or invalid anti-forgery token.');
    const wrong = await browser.graphql({ query: 'mutation { sendVerificationEmail { __typename } }' }, { xsrf: '1' });
    expect(wrong.body.errors[0].message).toBe('Missing or invalid anti-forgery token.');
    const right = await browser.graphql({ query: 'mutation { sendVerificationEmail { __typename } }' }, { xsrf: await sessionXsrf(testDb, browser) });
    expect(right.body.data.sendVerificationEmail.__typename).toBe('NotFound');
  });
});

describe('sign-out at /m/signout/{xsrf}', () => {
  it('without the anti-forgery value changes nothing (and logs "No xsrf token found")', async () => {
    const browser = await signedIn('moderator@vellum.test');
    const sid = browser.cookies.get('sid')!;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const path of ['/m/signout', '/m/signout/']) {
      const response = await browser.fetch(path);
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/');
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect(warn).toHaveBeenCalledWith('No xsrf token found');
    const wrong = await browser.fetch('/m/signout/not-the-value');
    expect(wrong.status).toBe(302);
    expect(wrong.headers.getSetCookie()).toEqual([]);
    expect((await sessionRow(sid))!.revoked_at).toBeNull();
    expect((await browser.graphql({ query: VIEWER })).body.data.viewer.username).toBe('moderator');
  });

  it('with it revokes the session, clears the cookie and goes home; the old cookie is worthless', async () => {
    const browser = await signedIn('staff@vellum.test');
    const sid = browser.cookies.get('sid')!;
    const xsrf = (await sessionXsrf(testDb, browser))!;
    const response = await browser.fetch(`/m/signout/${xsrf}`);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(browser.cookieSet('sid')!.attributes).toContain('Max-Age=0');
    expect(browser.cookies.has('sid')).toBe(false);
    expect((await sessionRow(sid))!.revoked_at).not.toBeNull();

    // Someone who kept the cookie gets nothing from it: logged out everywhere.
    const thief = new TestBrowser();
    thief.cookies.set('sid', sid);
    expect((await thief.graphql({ query: VIEWER })).body.data.viewer).toBeNull();
    const page = await thief.fetch('/');
    const state = preloadedState(await page.text());
    expect(state.session).toEqual({ xsrf: null, isLoggedInCookie: false, isSpoofed: false });
    // Its old anti-forgery value does not make it a session either.
    const mutation = await thief.graphql({ query: 'mutation { sendVerificationEmail { __typename ... on BadRequest { message } } }' }, { xsrf });
    expect(mutation.body.data.sendVerificationEmail).toEqual({ __typename: 'BadRequest', message: 'Sign in to verify your email.' });
    // And signing out again with it changes nothing.
    expect((await thief.fetch(`/m/signout/${xsrf}`)).headers.getSetCookie()).toEqual([]);
  });

  it('works for a session created by the fixtures too', async () => {
    const browser = new TestBrowser();
    browser.cookies.set('sid', world.sessions.reader);
    const xsrf = (await sessionXsrf(testDb, browser))!;
    await browser.fetch(`/m/signout/${xsrf}`);
    expect((await sessionRow(world.sessions.reader))!.revoked_at).not.toBeNull();
  });
});

describe('the sign-in confirmation', () => {
  it('is in the preloaded state of the first page after sign-in, once', async () => {
    const browser = await signedIn('member@vellum.test');
    expect(browser.cookies.get('susi_done')).toBe('1');
    const first = await browser.fetch('/');
    expect(first.status).toBe(200);
    expect(preloadedState(await first.text()).signInConfirmation).toEqual({ email: 'member@vellum.test', isMember: true });
    expect(first.headers.get('cache-control')).not.toMatch(/public/);
    expect(browser.cookies.has('susi_done')).toBe(false);
    const second = await browser.fetch('/');
    expect(preloadedState(await second.text()).signInConfirmation).toBeUndefined();
  });

  it('says whether the account is a member', async () => {
    const browser = await signedIn('reader@vellum.test');
    const page = await browser.fetch('/');
    expect(preloadedState(await page.text()).signInConfirmation).toEqual({ email: 'reader@vellum.test', isMember: false });
  });

  it('is never shown to a logged-out page', async () => {
    const browser = new TestBrowser();
    browser.cookies.set('susi_done', '1');
    const page = await browser.fetch('/');
    expect(preloadedState(await page.text()).signInConfirmation).toBeUndefined();
  });
});

describe('auth pages', () => {
  it('renders the sign-in page with the dialog embedded, by operation, step and susiEntry', async () => {
    const login = await new TestBrowser().fetch('/m/signin');
    expect(login.status).toBe(200);
    expect(login.headers.get('x-page-name')).toBe('sign-in');
    const loginHtml = await login.text();
    expect(loginHtml).toContain('Welcome back.');
    expect(loginHtml).toContain('Click “Sign in” to agree to Vellum’s Terms of Service');
    expect(loginHtml).not.toContain('data-testid="susi-close"');
    expect(await (await new TestBrowser().fetch('/m/signin?operation=register')).text()).toContain('Join Vellum.');
    const expired = await (await new TestBrowser().fetch('/m/signin?operation=login&step=ENTER_EMAIL&susiEntry=email_login_timeout')).text();
    expect(expired).toContain('Your link has expired. We’ll send you a new one.');
    const discount = await (await new TestBrowser().fetch('/m/signin?operation=register&step=ENTER_EMAIL&susiEntry=discount_plans')).text();
    expect(discount).toContain('Enter your personal email address (not a school or work email) to create an account.');
    const unrecognized = await (await new TestBrowser().fetch('/m/signin?step=UNRECOGNIZED_EMAIL')).text();
    expect(unrecognized).toContain('Sorry, we didn’t recognize that email.');
  });

  it('renders the registration form page (its data loads in the browser)', async () => {
    const response = await new TestBrowser().fetch('/registration-form');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-page-name')).toBe('registration-form');
    expect(response.headers.get('cache-control')).not.toMatch(/public/);
  });
});
