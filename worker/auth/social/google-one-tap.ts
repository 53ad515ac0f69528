// One-tap sign-in (docs/product/2-sign-in-notices-cache-routing.md §4.2; docs/sign-in.md,
// "One-tap sign-in"): Google Identity Services shows its prompt on the page and POSTs the chosen
// account's ID token (a JWT, `credential`) here, with the double-submit value `g_csrf_token` in
// both the body and a cookie. The token is trusted only after its signature checks against
// Google's published keys, its audience is our GOOGLE_CLIENT_ID, its issuer Google's and it has
// not expired; then the account signs in exactly as through the Google button (linked identity, or
// the account of a verified email), or goes on to the sign-up form.
//
//   POST /m/callback/google-one-tap   credential, g_csrf_token[, redirect]  → 303
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { Env } from '../../env.ts';
import { resolveViewer } from '../../session/viewer.ts';
import { requestCookie } from '../cookies.ts';
import { signInReturnPath } from '../redirect.ts';
import { completeSocialSignIn, signInPage } from './oauth-flow.ts';
import { DISABLE_SIGN_IN_FLAGS, type ProviderProfile } from './provider.ts';
import { ONE_TAP_FLAG } from '../../../shared/auth/one-tap.ts';
import { localClientId, usesLocalIdentityProvider } from './local-identity-provider.ts';

export const ONE_TAP_CALLBACK_PATH = '/m/callback/google-one-tap';
/** Where Google publishes the keys that sign its ID tokens (a JWK set). */
export const GOOGLE_JWKS_URL = 'https://www.googleapis.com/oauth2/v3/certs';
export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];
/** The cookie (and form field) Google Identity Services sets for its double-submit check. */
export const GOOGLE_CSRF_FIELD = 'g_csrf_token';

/** Where the verifying keys come from: Google's key set in a deployment, a local key set in tests. */
export interface GoogleKeySource {
  keys(): JWTVerifyGetKey;
}

/** Google's published keys, fetched and cached by jose (it honours the response's caching and refetches on an unknown key id). */
let remoteKeys: JWTVerifyGetKey | null = null;
export const googleKeySource: GoogleKeySource = {
  keys() {
    remoteKeys ??= createRemoteJWKSet(new URL(GOOGLE_JWKS_URL));
    return remoteKeys;
  },
};

export class InvalidGoogleCredential extends Error {}

/** The profile a one-tap credential vouches for, or InvalidGoogleCredential. */
export async function verifyGoogleCredential(credential: string, clientId: string, source: GoogleKeySource, now = Date.now()): Promise<ProviderProfile> {
  if (!credential || credential.length > 8192) throw new InvalidGoogleCredential('no credential');
  try {
    const { payload } = await jwtVerify(credential, source.keys(), {
      issuer: GOOGLE_ISSUERS,
      audience: clientId,
      algorithms: ['RS256'],
      currentDate: new Date(now),
      // Google's clock and ours: a minute of leeway.
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const email = typeof payload.email === 'string' ? payload.email : null;
    return {
      subject: String(payload.sub),
      email,
      emailVerified: email !== null && (payload.email_verified === true || payload.email_verified === 'true'),
      name: typeof payload.name === 'string' ? payload.name : '',
    };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) throw new InvalidGoogleCredential(error.code);
    throw error;
  }
}

/** Whether one-tap is offered at all: only with Google's client id configured. */
export function oneTapClientId(env: Pick<Env, 'GOOGLE_CLIENT_ID'>): string | null {
  return env.GOOGLE_CLIENT_ID || null;
}

/**
 * What the pages tell the browser about one-tap (both flags are read here and again in the
 * browser, shared/auth/one-tap.ts): Google's client id, or — in development without one — the
 * local identity provider's Google, whose prompt is our own card.
 */
export function oneTapPrompt(env: Env, flags: ReadonlySet<string>): { googleOneTapClientId: string | null; googleOneTapLocal: boolean } {
  if (!flags.has(ONE_TAP_FLAG) || flags.has(DISABLE_SIGN_IN_FLAGS.google)) return { googleOneTapClientId: null, googleOneTapLocal: false };
  const clientId = oneTapClientId(env);
  if (clientId) return { googleOneTapClientId: clientId, googleOneTapLocal: false };
  if (usesLocalIdentityProvider(env)) return { googleOneTapClientId: localClientId('google'), googleOneTapLocal: true };
  return { googleOneTapClientId: null, googleOneTapLocal: false };
}

/** Constant-time comparison of the two double-submit values. */
function sameValue(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * POST /m/callback/google-one-tap. 404 when one-tap is not configured (no GOOGLE_CLIENT_ID, its
 * flag enable_google_one_tap off, or Google sign-in switched off by its flag); 403 when the double-submit check fails (a forged
 * cross-site post); a credential that does not verify goes back to the sign-in page.
 */
export async function handleOneTapCallback(request: Request, env: Env, flags: ReadonlySet<string>, source: GoogleKeySource = googleKeySource, now = Date.now()): Promise<Response | null> {
  const clientId = oneTapClientId(env);
  if (!clientId || !flags.has(ONE_TAP_FLAG) || flags.has(DISABLE_SIGN_IN_FLAGS.google)) return null;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return new Response('Bad request', { status: 400, headers: { 'cache-control': 'no-store' } });
  }
  const bodyToken = form.get(GOOGLE_CSRF_FIELD);
  const cookieToken = requestCookie(request, GOOGLE_CSRF_FIELD);
  if (typeof bodyToken !== 'string' || !bodyToken || !cookieToken || !sameValue(bodyToken, cookieToken)) {
    return new Response('Failed to verify double submit cookie.', { status: 403, headers: { 'cache-control': 'no-store' } });
  }
  const credential = form.get('credential');
  let profile: ProviderProfile;
  try {
    profile = await verifyGoogleCredential(typeof credential === 'string' ? credential : '', clientId, source, now);
  } catch (error) {
    if (!(error instanceof InvalidGoogleCredential)) throw error;
    return new Response(null, { status: 303, headers: { location: signInPage({ operation: 'login' }), 'cache-control': 'no-store' } });
  }
  const redirect = await signInReturnPath(new URL(request.url).searchParams.get('redirect'), env);
  const viewer = await resolveViewer(env.DB, request);
  return completeSocialSignIn({ env, request, viewer, provider: { id: 'google', allowsSignUp: true }, profile, redirect, now });
}
