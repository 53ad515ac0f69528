// One-tap sign-in's callback (worker/auth/social/google-one-tap.ts; docs/sign-in.md, "One-tap
// sign-in") on the real local D1, with tokens signed by a local key set standing in for Google's:
// a verified email of an account signs that account in (identity linked), an unknown account goes
// on to the sign-up form, a forged post (double-submit mismatch) and a bad token sign nobody in,
// and without GOOGLE_CLIENT_ID the endpoint does not exist — nor does the prompt.
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { handleOneTapCallback, type GoogleKeySource } from '../../worker/auth/social/google-one-tap.ts';
import { REGISTRATION_FORM_PATH } from '../../worker/auth/email-sign-in.ts';
import type { Env } from '../../worker/env.ts';

const CLIENT_ID = 'vellum-test.apps.googleusercontent.com';
const env = { ...testEnv, GOOGLE_CLIENT_ID: CLIENT_ID } as Env;
let source: GoogleKeySource;
let privateKey: CryptoKey;

function token(claims: Record<string, unknown>): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat, exp: iat + 600, ...claims }).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(privateKey);
}

function post(fields: Record<string, string>, cookie = 'g_csrf_token=csrf123', redirect = '/@writer') {
  return new Request(`http://localhost:8787/m/callback/google-one-tap?redirect=${encodeURIComponent(redirect)}`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'one-tap test' },
    body: new URLSearchParams(fields).toString(),
  });
}

beforeAll(async () => {
  await seedWorld(testDb);
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  const keys = createLocalJWKSet({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] });
  source = { keys: () => keys };
});

describe('POST /m/callback/google-one-tap', () => {
  it("signs in the account of a verified email, links the identity, and returns to the page", async () => {
    const email = (await testDb.prepare('SELECT email FROM users WHERE id = ?').bind(USERS.reader).first<{ email: string }>())!.email;
    const credential = await token({ sub: 'google-reader-1', email, email_verified: true, name: 'Reader' });
    const response = (await handleOneTapCallback(post({ credential, g_csrf_token: 'csrf123' }), env, new Set(['enable_google_one_tap']), source))!;
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/@writer');
    const sid = /(?:^|, )sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
    expect(sid).toBeTruthy();
    const me = await workerFetch('http://localhost:8787/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', cookie: `sid=${sid}` },
      body: JSON.stringify({ query: '{ accountSettings { id } }' }),
    });
    expect(((await me.json()) as { data: { accountSettings: { id: string } } }).data.accountSettings.id).toBe(USERS.reader);
    expect(await testDb.prepare("SELECT user_id FROM social_identities WHERE provider = 'google' AND subject = 'google-reader-1'").first()).toEqual({ user_id: USERS.reader });
  });

  it('sends a new Google account to the sign-up form, signing nobody in', async () => {
    const credential = await token({ sub: 'google-new-1', email: 'brand-new@example.com', email_verified: true, name: 'New Person' });
    const response = (await handleOneTapCallback(post({ credential, g_csrf_token: 'csrf123' }), env, new Set(['enable_google_one_tap']), source))!;
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(REGISTRATION_FORM_PATH);
    expect(response.headers.get('set-cookie') ?? '').not.toMatch(/(^|, )sid=/);
  });

  it('refuses a forged post (the double-submit values missing or different) with 403', async () => {
    const credential = await token({ sub: 'google-reader-1', email: 'x@example.com', email_verified: true });
    for (const [fields, cookie] of [
      [{ credential, g_csrf_token: 'csrf123' }, ''],
      [{ credential }, 'g_csrf_token=csrf123'],
      [{ credential, g_csrf_token: 'other' }, 'g_csrf_token=csrf123'],
    ] as const) {
      const response = (await handleOneTapCallback(post(fields, cookie), env, new Set(['enable_google_one_tap']), source))!;
      expect(response.status).toBe(403);
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('sends a token that does not verify back to sign-in, signing nobody in', async () => {
    const wrongAudience = await new SignJWT({ iss: 'https://accounts.google.com', aud: 'someone-else', sub: 'x', iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 600 })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .sign(privateKey);
    for (const credential of [wrongAudience, 'garbage', '']) {
      const response = (await handleOneTapCallback(post({ credential, g_csrf_token: 'csrf123' }), env, new Set(['enable_google_one_tap']), source))!;
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/m/signin?operation=login');
      expect(response.headers.get('set-cookie')).toBeNull();
    }
  });

  it('does not exist without GOOGLE_CLIENT_ID or with Google sign-in switched off', async () => {
    expect(await handleOneTapCallback(post({ credential: 'x', g_csrf_token: 'csrf123' }), { ...testEnv, GOOGLE_CLIENT_ID: '' } as Env, new Set(['enable_google_one_tap']), source)).toBeNull();
    expect(await handleOneTapCallback(post({ credential: 'x', g_csrf_token: 'csrf123' }), env, new Set(['enable_google_one_tap', 'disable_sign_in_google']), source)).toBeNull();
    // Off unless its flag is on (docs/product/2-sign-in-notices-cache-routing.md §4.2).
    expect(await handleOneTapCallback(post({ credential: 'x', g_csrf_token: 'csrf123' }), env, new Set(), source)).toBeNull();
    // Through the worker (its configuration has no client id): 404, and pages carry no client id.
    const response = await workerFetch('http://localhost:8787/m/callback/google-one-tap', { method: 'POST', body: new URLSearchParams({ credential: 'x' }) });
    expect(response.status).toBe(404);
    const home = await (await workerFetch('http://localhost:8787/')).text();
    expect(home).not.toContain('accounts.google.com');
  });
});
