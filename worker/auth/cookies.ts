// The cookies of sign-in, with the attributes of worker/session/cookie-attributes.ts.
import { httpOnlyCookie } from '../session/cookie-attributes.ts';
import { readCookie } from '../session/viewer.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from '../session/session-store.ts';

/** Binds a sign-in request to the browser that asked: codes are accepted only from it. */
export const SIGN_IN_REQUEST_COOKIE = 'susi';
/** The registration ticket between a proven email (or provider identity) and the form. */
export const REGISTRATION_COOKIE = 'susi_reg';
/** Set with a fresh session: the next page shows the sign-in confirmation toast, once. */
export const SIGN_IN_CONFIRMATION_COOKIE = 'susi_done';
/** The confirmation cookie's value for a brand-new account: its first page welcomes, not "Welcome back." (issue 29 point 8). */
export const NEW_ACCOUNT_CONFIRMATION = 'new';
/** A sign-in waiting for its second factor (worker/auth/two-factor.ts): the challenge's token. */
export const TWO_FACTOR_COOKIE = 'susi_2fa';
/** Binds an OAuth redirect to the browser that started it. */
export const OAUTH_BROWSER_COOKIE = 'susi_oauth';

/** A Set-Cookie value that removes a cookie. */
export function clearedCookie(url: URL, name: string): string {
  return httpOnlyCookie(url, name, '', { maxAgeMs: 0 });
}

export function sessionCookie(url: URL, token: string): string {
  return httpOnlyCookie(url, SESSION_COOKIE, token, { maxAgeMs: SESSION_LIFETIME_MS });
}

export function requestCookie(request: Request | undefined, name: string): string | null {
  return request ? readCookie(request.headers.get('cookie'), name) : null;
}
