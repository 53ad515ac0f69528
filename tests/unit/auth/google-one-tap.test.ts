// One-tap sign-in's credential check (worker/auth/social/google-one-tap.ts) with a locally made
// key set standing in for Google's: a token signed by the key set's key, for our client id, from
// Google's issuer and unexpired is accepted; anything else is refused.
import { exportJWK, generateKeyPair, SignJWT, createLocalJWKSet, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidGoogleCredential, verifyGoogleCredential, type GoogleKeySource } from '../../../worker/auth/social/google-one-tap.ts';
import { oneTapEligible } from '../../../shared/auth/one-tap.ts';

const CLIENT_ID = 'vellum-test.apps.googleusercontent.com';
const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
let source: GoogleKeySource;
let sign: (claims: Record<string, unknown>, options?: { kid?: string; expiresInSeconds?: number; key?: CryptoKey; alg?: string }) => Promise<string>;
let otherKey: CryptoKey;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'local-1', alg: 'RS256', use: 'sig' };
  const keys = createLocalJWKSet({ keys: [jwk] });
  source = { keys: () => keys };
  sign = (claims, options = {}) => {
    const iat = Math.floor(NOW / 1000) - 10;
    return new SignJWT({ iss: 'https://accounts.google.com', aud: CLIENT_ID, iat, exp: iat + (options.expiresInSeconds ?? 3600), ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: options.kid ?? 'local-1', typ: 'JWT' })
      .sign(options.key ?? privateKey);
  };
});

describe('verifyGoogleCredential', () => {
  it("answers the token's account: subject, verified email and name", async () => {
    const token = await sign({ sub: '1234567890', email: 'ada@example.com', email_verified: true, name: 'Ada Lindqvist' });
    expect(await verifyGoogleCredential(token, CLIENT_ID, source, NOW)).toEqual({ subject: '1234567890', email: 'ada@example.com', emailVerified: true, name: 'Ada Lindqvist' });
  });

  it('does not vouch for an email Google marks unverified', async () => {
    const token = await sign({ sub: '1', email: 'x@example.com', email_verified: false });
    expect((await verifyGoogleCredential(token, CLIENT_ID, source, NOW)).emailVerified).toBe(false);
  });

  it.each([
    ['another client id', { sub: '1', aud: 'someone-else.apps.googleusercontent.com' }, {}],
    ['another issuer', { sub: '1', iss: 'https://evil.example' }, {}],
    ['an expired token', { sub: '1' }, { expiresInSeconds: -3600 }],
    ['no subject', {}, {}],
  ])('refuses %s', async (_what, claims, options) => {
    const token = await sign(claims, options);
    await expect(verifyGoogleCredential(token, CLIENT_ID, source, NOW)).rejects.toBeInstanceOf(InvalidGoogleCredential);
  });

  it('refuses a token signed by a key not in the set, a tampered token, alg none and garbage', async () => {
    await expect(verifyGoogleCredential(await sign({ sub: '1' }, { key: otherKey }), CLIENT_ID, source, NOW)).rejects.toBeInstanceOf(InvalidGoogleCredential);
    const [header, payload, signature] = (await sign({ sub: '1', email: 'a@example.com' })).split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), email: 'staff@vellum.test' })).toString('base64url');
    await expect(verifyGoogleCredential(`${header}.${forged}.${signature}`, CLIENT_ID, source, NOW)).rejects.toBeInstanceOf(InvalidGoogleCredential);
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'local-1' })).toString('base64url')}.${payload}.`;
    await expect(verifyGoogleCredential(none, CLIENT_ID, source, NOW)).rejects.toBeInstanceOf(InvalidGoogleCredential);
    for (const junk of ['', 'not-a-jwt', 'a'.repeat(9000)]) {
      await expect(verifyGoogleCredential(junk, CLIENT_ID, source, NOW)).rejects.toBeInstanceOf(InvalidGoogleCredential);
    }
  });
});

describe('oneTapEligible (docs/product/2-sign-in-notices-cache-routing.md §4.2)', () => {
  const base = { clientId: CLIENT_ID, isLoggedIn: false, routeName: 'ShowHome', hostKind: 'default', flags: ['enable_google_one_tap'] as string[] };
  it('shows to a signed-out reader on an eligible route of the main host', () => {
    expect(oneTapEligible(base)).toBe(true);
    expect(oneTapEligible({ ...base, routeName: 'ShowPostUnderUser' })).toBe(true);
  });
  it('is hidden without a client id, when signed in, on other routes, and on own hosts without the subdomains flag', () => {
    expect(oneTapEligible({ ...base, clientId: null })).toBe(false);
    expect(oneTapEligible({ ...base, clientId: '' })).toBe(false);
    expect(oneTapEligible({ ...base, isLoggedIn: true })).toBe(false);
    expect(oneTapEligible({ ...base, routeName: 'ShowSettings' })).toBe(false);
    expect(oneTapEligible({ ...base, routeName: null })).toBe(false);
    expect(oneTapEligible({ ...base, hostKind: 'user' })).toBe(false);
    expect(oneTapEligible({ ...base, hostKind: 'user', flags: ['enable_google_one_tap', 'enable_google_one_tap_on_subdomains'] })).toBe(true);
    // Both flags are read here too: off without enable_google_one_tap, or with disable_sign_in_google.
    expect(oneTapEligible({ ...base, flags: [] })).toBe(false);
    expect(oneTapEligible({ ...base, flags: ['enable_google_one_tap', 'disable_sign_in_google'] })).toBe(false);
  });
});
