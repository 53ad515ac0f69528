// Social sign-in through the local identity provider (docs/adr/0155-social-sign-in-local-identity-provider.md):
// the whole round trip over HTTP as a browser makes it (our /m/connect → the stand-in's authorize
// page → our callback, whose code exchange and ID token checks run against the stand-in's token
// and JWKS endpoints), sign-up and signing in again, connecting from settings with the spec's
// connect errors, and hostile callbacks: forged state, replayed code, wrong audience, bad
// signature, expired token, another nonce — each refused with a clear message, nothing stored.
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { ORIGIN, parseSetCookie, TestBrowser, VIEWER } from './helpers/auth-browser.ts';

const LOCAL_ENV = { ...testEnv, SIGN_IN_PROVIDERS: 'local' } as Env;
const EXECUTION = { waitUntil() {}, passThroughOnException() {}, props: {} };

beforeAll(async () => {
  await seedWorld(testDb);
}, 60_000);

/** A TestBrowser whose worker runs with the local identity provider switched on. */
class LocalBrowser extends TestBrowser {
  override async fetch(path: string, init: Omit<RequestInit, 'headers'> & { headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { 'cf-connecting-ip': this.address, ...(init.headers ?? {}) };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    const response = await app.fetch(new Request(path.startsWith('http') ? path : ORIGIN + path, { ...init, headers, redirect: 'manual' }), LOCAL_ENV, EXECUTION as never);
    this.lastSetCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of this.lastSetCookies) {
      if (cookie.value === '' || cookie.attributes.some((a) => /^max-age=0$/i.test(a))) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }
}

/** Picks an identity (or a test failure) on the stand-in's page; answers our callback's URL. */
async function throughProvider(browser: LocalBrowser, start: string, choice: Record<string, string>): Promise<string> {
  const started = await browser.fetch(start);
  expect(started.status).toBe(302);
  const authorize = new URL(started.headers.get('location')!);
  expect(authorize.pathname).toMatch(/^\/_\/dev\/identity\/\w+\/authorize$/);
  const page = await browser.fetch(authorize.href);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain('Nova Reader');
  const form = new URLSearchParams(authorize.searchParams);
  for (const [name, value] of Object.entries(choice)) form.set(name, value);
  const picked = await browser.fetch(authorize.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
    body: form.toString(),
  });
  expect(picked.status).toBe(303);
  return picked.headers.get('location')!;
}

const count = async (sql: string, ...binds: unknown[]) => (await testDb.prepare(sql).bind(...binds).first<{ n: number }>())!.n;
const CREATE = `mutation($name: String!, $username: String!) { createAccount(name: $name, username: $username) { __typename ... on User { id username } } }`;

describe('the local identity provider', () => {
  it('publishes its discovery document and key set, in development with SIGN_IN_PROVIDERS=local only', async () => {
    const browser = new LocalBrowser();
    const discovery = (await (await browser.fetch('/_/dev/identity/google/.well-known/openid-configuration')).json()) as any;
    expect(discovery).toMatchObject({
      issuer: `${ORIGIN}/_/dev/identity/google`,
      authorization_endpoint: `${ORIGIN}/_/dev/identity/google/authorize`,
      token_endpoint: `${ORIGIN}/_/dev/identity/google/token`,
      jwks_uri: `${ORIGIN}/_/dev/identity/google/jwks`,
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    });
    const jwks = (await (await browser.fetch('/_/dev/identity/google/jwks')).json()) as any;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0].d).toBeUndefined();
    // The integration tests' own bindings leave it off: no stand-in, no buttons, no routes.
    expect((await app.fetch(new Request(`${ORIGIN}/_/dev/identity/google/jwks`), testEnv, EXECUTION as never)).status).toBe(404);
    const production = { ...LOCAL_ENV, ENVIRONMENT: 'production' } as Env;
    expect((await app.fetch(new Request(`${ORIGIN}/m/connect/google`), production, EXECUTION as never)).status).not.toBe(302);
  });

  it('shows the social buttons on the sign-in options', async () => {
    const browser = new LocalBrowser();
    const answer = await browser.graphql({ query: '{ signInOptions { socialButtons { provider href offeredForSignUp } } }' });
    expect(answer.body.data.signInOptions.socialButtons.map((b: any) => `${b.provider}:${b.offeredForSignUp}`)).toEqual(['GOOGLE:true', 'FACEBOOK:true', 'APPLE:false', 'TWITTER:false']);
  });

  it('refuses an unregistered redirect URI, a wrong client secret and a wrong PKCE verifier', async () => {
    const browser = new LocalBrowser();
    const bad = await browser.fetch(
      `/_/dev/identity/google/authorize?${new URLSearchParams({ client_id: 'vellum-local-google', redirect_uri: 'https://evil.example/cb', response_type: 'code', state: 's', nonce: 'n', code_challenge: 'c', code_challenge_method: 'S256' })}`,
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('redirect_uri is not registered');

    const callback = await throughProvider(browser, '/m/connect/google', { identity: 'nova' });
    const code = new URL(callback, ORIGIN).searchParams.get('code')!;
    const exchange = (body: Record<string, string>) =>
      browser.fetch('/_/dev/identity/google/token', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body).toString() });
    const base = { grant_type: 'authorization_code', code, redirect_uri: `${ORIGIN}/m/callback/google`, client_id: 'vellum-local-google' };
    const wrongSecret = await exchange({ ...base, client_secret: 'guess', code_verifier: 'x' });
    expect(wrongSecret.status).toBe(401);
    expect(((await wrongSecret.json()) as any).error).toBe('invalid_client');
    const wrongVerifier = await exchange({ ...base, client_secret: 'vellum-local-identity-secret', code_verifier: 'not-the-verifier' });
    expect(((await wrongVerifier.json()) as any).error).toBe('invalid_grant');
    // The code was spent by that attempt: a replay of it is refused too.
    const replay = await exchange({ ...base, client_secret: 'vellum-local-identity-secret', code_verifier: 'not-the-verifier' });
    expect(((await replay.json()) as any).error_description).toBe('The code is unknown or was already used.');
  });
});

describe('signing up and in with the local Google', () => {
  it('signs a new person up through the registration form, then signs them in again with the same identity', async () => {
    const browser = new LocalBrowser();
    const callback = await throughProvider(browser, '/m/connect/google?operation=register&redirect=/tag/poetry', {
      identity: 'custom',
      name: 'Lin Newcomer',
      email: 'lin.newcomer@example.test',
    });
    expect(callback).toMatch(/^http:\/\/localhost:8787\/m\/callback\/google\?code=.+&state=.+$/);
    const finished = await browser.fetch(callback);
    expect(finished.status).toBe(303);
    expect(finished.headers.get('location')).toBe('/registration-form');
    const pending = await browser.graphql({ query: '{ pendingRegistration { email fullName } }' });
    expect(pending.body.data.pendingRegistration).toEqual({ email: 'lin.newcomer@example.test', fullName: 'Lin Newcomer' });
    const created = await browser.graphql({ query: CREATE, variables: { name: 'Lin Newcomer', username: 'lin_newcomer' } });
    expect(created.body.data.createAccount.__typename).toBe('User');
    const userId = created.body.data.createAccount.id;
    expect(await count("SELECT count(*) AS n FROM social_identities WHERE provider = 'google' AND user_id = ?", userId)).toBe(1);

    // Another day, another browser: the same Google identity signs straight in.
    const again = new LocalBrowser();
    const back = await again.fetch(await throughProvider(again, '/m/connect/google?redirect=/tag/poetry', { identity: 'custom', name: 'Lin Newcomer', email: 'lin.newcomer@example.test' }));
    expect(back.headers.get('location')).toBe('/tag/poetry');
    expect(again.cookies.has('sid')).toBe(true);
    expect((await again.graphql({ query: VIEWER })).body.data.viewer).toMatchObject({ id: userId, username: 'lin_newcomer' });

    // With two-factor authentication on, the provider is the first factor only (docs/adr/0162-two-factor-authentication.md).
    await testDb.prepare("INSERT INTO two_factor_methods (user_id, method, secret, confirmed_at, created_at) VALUES (?, 'AUTH_APP', 'JBSWY3DPEHPK3PXP', ?, ?)").bind(userId, Date.now(), Date.now()).run();
    const guarded = new LocalBrowser();
    const held = await guarded.fetch(await throughProvider(guarded, '/m/connect/google?redirect=/tag/poetry', { identity: 'custom', name: 'Lin Newcomer', email: 'lin.newcomer@example.test' }));
    expect(held.headers.get('location')).toBe('/m/two-factor');
    expect(guarded.cookies.has('sid')).toBe(false);
    expect((await guarded.graphql({ query: VIEWER })).body.data.viewer).toBeNull();
  });

  it("signs in the account of a verified email and links the identity (Apple's form_post too)", async () => {
    const browser = new LocalBrowser();
    const finished = await browser.fetch(await throughProvider(browser, '/m/connect/google?redirect=/me/settings', { identity: 'reader' }));
    expect(finished.headers.get('location')).toBe('/me/settings');
    expect((await browser.graphql({ query: VIEWER })).body.data.viewer.id).toBe(USERS.reader);

    // Apple answers with a page that POSTs the code back (response_mode=form_post).
    const apple = new LocalBrowser();
    const started = await apple.fetch('/m/start-auth/apple?redirect=/tag/poetry');
    const authorize = new URL(started.headers.get('location')!);
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    const form = new URLSearchParams(authorize.searchParams);
    form.set('identity', 'reader');
    const page = await apple.fetch(authorize.pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN }, body: form.toString() });
    const html = await page.text();
    expect(html).toContain(`action="${ORIGIN}/m/callback/apple"`);
    const fields = new URLSearchParams([...html.matchAll(/name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&quot;/g, '"')]));
    const posted = await apple.fetch('/m/callback/apple', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' }, body: fields.toString() });
    expect(posted.headers.get('location')).toBe('/tag/poetry');
    expect((await apple.graphql({ query: VIEWER })).body.data.viewer.id).toBe(USERS.reader);
  });
});

describe('hostile callbacks', () => {
  const stored = async () => ({
    identities: await count('SELECT count(*) AS n FROM social_identities'),
    sessions: await count('SELECT count(*) AS n FROM sessions'),
    tickets: await count('SELECT count(*) AS n FROM registration_tickets'),
  });

  it.each([
    ['wrong_audience', 'a token for another client'],
    ['wrong_issuer', 'a token from another issuer'],
    ['expired', 'an expired token'],
    ['bad_signature', 'a token with a bad signature'],
    ['wrong_nonce', 'a token carrying another nonce'],
  ])('refuses %s (%s): a clear message, nobody signed in, nothing stored', async (fault) => {
    const browser = new LocalBrowser();
    const callback = await throughProvider(browser, '/m/connect/google?operation=register', { fault });
    const before = await stored();
    const finished = await browser.fetch(callback);
    expect(finished.status).toBe(303);
    expect(finished.headers.get('location')).toBe('/m/signin?operation=register&socialError=INVALID_TOKEN&provider=google');
    expect(browser.cookies.has('sid')).toBe(false);
    expect(browser.cookies.has('susi_reg')).toBe(false);
    expect(await stored()).toEqual(before);
    const page = await browser.fetch(finished.headers.get('location')!);
    expect(await page.text()).toContain('We could not confirm your Google account, so nobody was signed in. Please try again.');
  });

  it('refuses a forged state and a replayed callback', async () => {
    const browser = new LocalBrowser();
    const callback = await throughProvider(browser, '/m/connect/google?redirect=/tag/poetry', { identity: 'reader' });
    const forged = new URL(callback);
    forged.searchParams.set('state', 'forged-state-value');
    const before = await stored();
    // The forgery arrives with the reader's own cookie (a login CSRF attempt).
    const forger = new LocalBrowser();
    forger.cookies.set('susi_oauth', browser.cookies.get('susi_oauth')!);
    const answer = await forger.fetch(forged.href);
    expect(answer.headers.get('location')).toBe('/m/signin?operation=login&socialError=EXPIRED_STATE&provider=google');
    expect(forger.cookies.has('sid')).toBe(false);
    expect(await stored()).toEqual(before);

    // The genuine callback works once (its state was not spent by the forgery)…
    const attacker = new LocalBrowser();
    const fine = await browser.fetch(callback);
    expect(fine.headers.get('location')).toBe('/tag/poetry');
    // …and replayed, in the same browser or another, it signs nobody in.
    const afterFirst = await stored();
    const replayed = await browser.fetch(callback);
    expect(replayed.headers.get('location')).toContain('socialError=EXPIRED_STATE');
    const elsewhere = await attacker.fetch(callback);
    expect(elsewhere.headers.get('location')).toContain('socialError=EXPIRED_STATE');
    expect(attacker.cookies.has('sid')).toBe(false);
    expect(await stored()).toEqual(afterFirst);
    const page = await attacker.fetch('/m/signin?operation=login&socialError=EXPIRED_STATE&provider=google');
    expect(await page.text()).toContain('That sign-in took too long or was already used. Please start again.');
  });

  it('tells a cancelled sign-in apart', async () => {
    const browser = new LocalBrowser();
    const started = await browser.fetch('/m/connect/facebook');
    const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
    const cancelled = await browser.fetch(`/m/callback/v2/facebook?error=access_denied&state=${state}`);
    expect(cancelled.headers.get('location')).toBe('/m/signin?operation=login&socialError=PROVIDER_REFUSED&provider=facebook');
  });
});

describe('connecting a provider in settings', () => {
  async function signedInBrowser(userId: string): Promise<LocalBrowser> {
    const browser = new LocalBrowser();
    const session = await createSession(testDb, userId);
    browser.cookies.set('sid', session.token);
    return browser;
  }

  it('connects, then answers ALREADY_CONNECTED and ACCOUNT_TAKEN, and disconnects', async () => {
    const friend = await signedInBrowser(USERS.friend);
    const connected = await friend.fetch(await throughProvider(friend, '/m/connect/facebook?operation=connect', { identity: 'custom', name: 'Fran', email: 'fran.fb@example.test' }));
    expect(connected.headers.get('location')).toBe('/me/settings/security?connected=facebook#connectedAccounts');
    expect(await count("SELECT count(*) AS n FROM social_identities WHERE user_id = ? AND provider = 'facebook'", USERS.friend)).toBe(1);
    const settings = await friend.fetch('/me/settings/security?connected=facebook');
    expect(await settings.text()).toContain('Facebook is connected. You can sign in with it now.');

    // A second Facebook account for the same reader.
    const again = await friend.fetch(await throughProvider(friend, '/m/connect/facebook?operation=connect', { identity: 'nova' }));
    expect(again.headers.get('location')).toBe('/me/settings/security?connectError=ALREADY_CONNECTED&provider=facebook#connectedAccounts');

    // The same Facebook account from another reader's settings.
    const member = await signedInBrowser(USERS.member);
    const before = await count('SELECT count(*) AS n FROM social_identities');
    const taken = await member.fetch(await throughProvider(member, '/m/connect/facebook?operation=connect', { identity: 'custom', name: 'Fran', email: 'fran.fb@example.test' }));
    expect(taken.headers.get('location')).toBe('/me/settings/security?connectError=ACCOUNT_TAKEN&provider=facebook#connectedAccounts');
    expect(await count('SELECT count(*) AS n FROM social_identities')).toBe(before);
    const page = await member.fetch('/me/settings/security?connectError=ACCOUNT_TAKEN&provider=facebook');
    expect(await page.text()).toContain('That Facebook account already signs in to another account.');

    // Connecting needs a signed-in reader.
    const stranger = new LocalBrowser();
    const refused = await stranger.fetch('/m/connect/facebook?operation=connect');
    expect(refused.headers.get('location')).toBe('/m/signin?operation=login&redirect=%2Fme%2Fsettings%2Fsecurity');
  });
});

describe('one-tap (docs/adr/0156-one-tap-prompt-card.md)', () => {
  let visit = 0;
  const home = async (env: Partial<Env>) => {
    visit += 1;
    const response = await app.fetch(new Request(`${ORIGIN}/?visit=${visit}`), { ...LOCAL_ENV, ...env } as Env, EXECUTION as never);
    const html = await response.text();
    const state = /window\.__PRELOADED_STATE__=(\{.*?\});window\.__GRAPHQL_URI__/s.exec(html);
    return JSON.parse(state![1]!).config as { googleOneTapClientId?: string | null; googleOneTapLocal?: boolean };
  };

  it('offers the local Google prompt card only with enable_google_one_tap on and disable_sign_in_google off', async () => {
    const flags = testEnv.FLAGS;
    expect(await home({ FLAGS: `${flags},enable_google_one_tap` })).toMatchObject({ googleOneTapClientId: 'vellum-local-google', googleOneTapLocal: true });
    expect(await home({ FLAGS: flags })).toMatchObject({ googleOneTapClientId: null, googleOneTapLocal: false });
    expect(await home({ FLAGS: `${flags},enable_google_one_tap,disable_sign_in_google` })).toMatchObject({ googleOneTapClientId: null, googleOneTapLocal: false });
    // With Google's own client id it is Google's prompt, not ours (another flag set: the edge
    // cache keys a page by its flags, not by the deployment's secrets).
    expect(await home({ FLAGS: `${flags},enable_google_one_tap,enable_google_one_tap_on_subdomains`, GOOGLE_CLIENT_ID: 'g-client', GOOGLE_CLIENT_SECRET: 'g-secret' })).toMatchObject({ googleOneTapClientId: 'g-client', googleOneTapLocal: false });
  });
});
