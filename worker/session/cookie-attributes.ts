// The attributes every cookie of ours carries: HttpOnly, Path=/, SameSite=Lax (None only where a
// provider returns with a cross-site POST) and Secure except on localhost (http://localhost is how
// the site runs locally; browsers treat it as secure but tests and tools reach it over plain http
// too). The session's own cookies (worker/session/request-database.ts) and those of sign-in
// (worker/auth/cookies.ts) are all made here.
import { generateCookie } from 'hono/cookie';

export function isLocalHost(url: URL): boolean {
  return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
}

export interface CookieOptions {
  maxAgeMs: number;
  /** Lax by default; None only for a provider that returns with a cross-site POST (Apple). */
  sameSite?: 'Lax' | 'None';
}

/** A Set-Cookie value for `url`'s host. */
export function httpOnlyCookie(url: URL, name: string, value: string, options: CookieOptions): string {
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
