// The cookies of sign-in. All are HttpOnly, Path=/, SameSite=Lax and Secure except on
// localhost (http://localhost is how the site runs locally; browsers treat it as secure
// but tests and tools reach it over plain http too).
import { generateCookie } from 'hono/cookie';
import { readCookie } from '../session/viewer.ts';
import { SESSION_COOKIE, SESSION_LIFETIME_MS } from '../session/session-store.ts';

/** Binds a sign-in request to the browser that asked: codes are accepted only from it. */
export const SIGN_IN_REQUEST_COOKIE = 'susi';
/** The registration ticket between a proven email (or provider identity) and the form. */
export const REGISTRATION_COOKIE = 'susi_reg';
/** Set with a fresh session: the next page shows the sign-in confirmation toast, once. */
export const SIGN_IN_CONFIRMATION_COOKIE = 'susi_done';
/** Binds an OAuth redirect to the browser that started it. */
export const OAUTH_BROWSER_COOKIE = 'susi_oauth';

export function isLocalHost(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

export interface CookieOptions {
  maxAgeMs: number;
  /** Lax by default; None only for a provider that returns with a cross-site POST (Apple). */
  sameSite?: 'Lax' | 'None';
}

/** A Set-Cookie value for `url`'s host. */
export function authCookie(url: URL, name: string, value: string, options: CookieOptions): string {
  const sameSite = options.sameSite ?? 'Lax';
  return generateCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite,
    // SameSite=None needs Secure; browsers accept Secure cookies from http://localhost.
    secure: sameSite === 'None' || !isLocalHost(url),
    maxAge: Math.floor(options.maxAgeMs / 1000),
  });
}

/** A Set-Cookie value that removes a cookie. */
export function clearedCookie(url: URL, name: string): string {
  return generateCookie(name, '', { path: '/', httpOnly: true, sameSite: 'Lax', secure: !isLocalHost(url), maxAge: 0 });
}

export function sessionCookie(url: URL, token: string): string {
  return authCookie(url, SESSION_COOKIE, token, { maxAgeMs: SESSION_LIFETIME_MS });
}

export function requestCookie(request: Request | undefined, name: string): string | null {
  return request ? readCookie(request.headers.get('cookie'), name) : null;
}
