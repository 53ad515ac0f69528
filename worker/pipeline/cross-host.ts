// Signed in on every host (docs/product/3-routes-data-calls-constants.md §2.9;
// docs/adr/0078-signed-in-on-every-host.md): a reader signed in on the main host is signed in on writers'
// custom domains, username subdomains and publications' domains too. Cookies cannot cross
// hosts, so each host gets its own session, handed over by a one-use token:
//
//   custom host page, a browser navigation without a session cookie or a recent check
//     ─302─▶ main host  /m/token?redirectUrl=<the page>
//              signed in: a token (60 s, one use, bound to the target host) is minted
//     ─302─▶ target host /m/callback/authenticate?token=…&redirectUrl=<path>
//              token consumed → a session for this host only, child of the main session
//              no token (signed out on the main host) → "checked" cookie, stay signed out
//     ─302─▶ the page
//
// /m/login-redirect?redirectUrl=… is the entry any host can link to (the sign-in return to a
// custom domain goes through it). No open redirect: a target must be one of our hosts (a live
// custom domain or subdomain), and the callback only redirects within its own host.
import type { Context, Hono } from 'hono';
import { generateCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { isMainHost, type HostContext } from '../host/resolve-host.ts';
import { crossHostTarget, LOGIN_REDIRECT_PATH, REDIRECT_URL_LENGTH_MAX } from '../host/cross-host-target.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { createSession, findSession, SESSION_COOKIE } from '../session/session-store.ts';
import { isBotAgent, readCookie, requestHost, resolveViewer, sessionToken } from '../session/viewer.ts';
import type { PageEnv } from './page-pipeline.ts';
import { AUTH_PAGE_HEADERS, messagePage } from '../auth/pages.ts';

type AppContext = Context<{ Bindings: Env }>;

export const TOKEN_PATH = '/m/token';
export const AUTHENTICATE_CALLBACK_PATH = '/m/callback/authenticate';
/** A token is used within the redirect that carries it: a minute is generous. */
export const CROSS_HOST_TOKEN_TTL_MS = 60_000;
/**
 * Set on a custom host when the main host answered "signed out": that host stops asking for
 * this long. It bounds both the cost (one redirect per reader per host per half hour, and a
 * cached page is served in between) and how long a sign-in on the main host goes unseen there
 * (signing in from the host itself is seen at once).
 */
export const CROSS_HOST_CHECKED_COOKIE = 'sid_checked';
export const CROSS_HOST_CHECK_MS = 30 * 60 * 1000;

/** The origin a request was sent to, by its Host header (the URL's host may be rewritten locally). */
export function requestOrigin(request: Request): string {
  return `${new URL(request.url).protocol}//${requestHost(request)}`;
}

/** A path on the request's own host, or "/" (the callback never sends a visitor elsewhere). */
function sameHostPath(request: Request, raw: string | null): string {
  if (!raw) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\\]/.test(raw) || !raw.startsWith('/') || raw.startsWith('//')) return '/';
  const origin = requestOrigin(request);
  try {
    const url = new URL(raw, origin + '/');
    return url.origin === new URL(origin).origin ? (url.pathname + url.search + url.hash).slice(0, REDIRECT_URL_LENGTH_MAX) : '/';
  } catch {
    return '/';
  }
}

function redirect(location: string, cookies: string[] = []): Response {
  // The location may carry a token: never cached, never sent on as a referrer.
  const headers = new Headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 302, headers });
}

/** A cookie for the request's own host only (no Domain attribute). Secure unless plain http in development. */
function hostCookie(env: Env, request: Request, name: string, value: string, maxAgeMs: number): string {
  const secure = new URL(request.url).protocol === 'https:' || !isDevelopment(env);
  return generateCookie(name, value, { path: '/', httpOnly: true, sameSite: 'Lax', secure, maxAge: Math.max(0, Math.floor(maxAgeMs / 1000)) });
}

function tokenUrl(env: Env, target: string): string {
  return `${mainOrigin(env)}${TOKEN_PATH}?redirectUrl=${encodeURIComponent(target)}`;
}

/** GET /m/token on the main host: mints the hand-over token (or says "signed out") for the target host. */
async function tokenGet(c: AppContext): Promise<Response> {
  if (!isMainHost(c.env, requestHost(c.req.raw))) return c.notFound();
  const target = await crossHostTarget(c.env, c.req.query('redirectUrl'));
  if (!target) return redirect('/');
  if (target.kind === 'main') return redirect(target.path);
  const callback = new URL(AUTHENTICATE_CALLBACK_PATH, target.url.origin);
  callback.searchParams.set('redirectUrl', target.url.pathname + target.url.search + target.url.hash);
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  // A staff member acting as someone (a spoofed session) stays on the main host.
  if (viewer.user && viewer.sessionIdHash && !viewer.isSpoofed) {
    const token = randomToken(32);
    const now = Date.now();
    await c.env.DB.prepare(
      'INSERT INTO cross_host_tokens (token_hash, session_id_hash, user_id, target_host, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
      .bind(await sha256Hex(token), viewer.sessionIdHash, viewer.user.id, target.url.host.toLowerCase(), now, now + CROSS_HOST_TOKEN_TTL_MS)
      .run();
    callback.searchParams.set('token', token);
  }
  return redirect(callback.href);
}

/** GET /m/login-redirect: "be signed in there as here, then go there" — from any host. */
async function loginRedirectGet(c: AppContext): Promise<Response> {
  const raw = c.req.query('redirectUrl') ?? c.req.query('redirect') ?? null;
  if (isMainHost(c.env, requestHost(c.req.raw))) {
    const target = await crossHostTarget(c.env, raw);
    if (!target) return redirect('/');
    return target.kind === 'main' ? redirect(target.path) : redirect(tokenUrl(c.env, target.url.href));
  }
  // On a custom host: ask the main host about this host's own page.
  return redirect(tokenUrl(c.env, requestOrigin(c.req.raw) + sameHostPath(c.req.raw, raw)));
}

interface ConsumedToken {
  session_id_hash: string;
  user_id: string;
  target_host: string;
  expires_at: number;
}

/** GET /m/callback/authenticate on the target host: the token becomes this host's session. */
async function authenticateCallbackGet(c: AppContext): Promise<Response> {
  const request = c.req.raw;
  const host = requestHost(request);
  if (isMainHost(c.env, host)) return redirect('/');
  const next = sameHostPath(request, c.req.query('redirectUrl') ?? null);
  const checked = hostCookie(c.env, request, CROSS_HOST_CHECKED_COOKIE, '1', CROSS_HOST_CHECK_MS);
  const token = c.req.query('token');
  if (!token) return redirect(next, [checked]);

  const now = Date.now();
  // One use: the UPDATE claims the token; a second request finds it used.
  const row = await c.env.DB.prepare(
    'UPDATE cross_host_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL RETURNING session_id_hash, user_id, target_host, expires_at',
  )
    .bind(now, await sha256Hex(token))
    .first<ConsumedToken>();
  const parent = row && row.target_host === host && row.expires_at > now ? await findParent(c.env, row) : null;
  if (!row || !parent) {
    const body = await messagePage(c.env.PRODUCT_NAME, 'This sign-in link can no longer be used', 'Sign in again to continue.', {
      href: next,
      text: 'Continue',
    });
    const headers = new Headers(AUTH_PAGE_HEADERS);
    headers.append('set-cookie', checked);
    return new Response(body, { status: 400, headers });
  }
  const previous = sessionToken(request);
  if (previous) {
    // A stale session of this host is replaced; only that row ends (not its family).
    await c.env.DB.prepare('UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL').bind(now, await sha256Hex(previous)).run();
  }
  const session = await createSession(c.env.DB, row.user_id, {
    now,
    parent: { idHash: row.session_id_hash, host, expiresAt: parent.expires_at },
    userAgent: request.headers.get('user-agent') ?? '',
  });
  return redirect(next, [
    hostCookie(c.env, request, SESSION_COOKIE, session.token, parent.expires_at - now),
    hostCookie(c.env, request, CROSS_HOST_CHECKED_COOKIE, '', 0),
  ]);
}

/** The main-host session a token came from, if it is still live and still the token's user's. */
async function findParent(env: Env, row: ConsumedToken): Promise<{ expires_at: number } | null> {
  const session = await env.DB.prepare('SELECT user_id, expires_at, revoked_at, host FROM sessions WHERE id_hash = ?')
    .bind(row.session_id_hash)
    .first<{ user_id: string; expires_at: number; revoked_at: number | null; host: string | null }>();
  if (!session || session.revoked_at !== null || session.expires_at <= Date.now() || session.host !== null || session.user_id !== row.user_id) return null;
  return session;
}

export function mountCrossHostSignIn(app: Hono<{ Bindings: Env }>): void {
  app.get(TOKEN_PATH, tokenGet);
  app.get(LOGIN_REDIRECT_PATH, loginRedirectGet);
  app.get(AUTHENTICATE_CALLBACK_PATH, authenticateCallbackGet);
}

// ---- In the page pipeline (worker/pipeline/page-pipeline.ts) ----------------------------

/**
 * A top-level browser navigation: Fetch Metadata says so, or — where browsers send no Fetch
 * Metadata (plain-http origins, e.g. a custom domain in development) — the headers every
 * browser sends on a navigation (Upgrade-Insecure-Requests, an HTML Accept). Crawlers, feed
 * readers and scripts send neither: they are never sent round the main host, and simply see
 * the host signed out.
 */
function isBrowserNavigation(request: Request): boolean {
  if (request.method !== 'GET' || isBotAgent(request.headers.get('user-agent') ?? '')) return false;
  const mode = request.headers.get('sec-fetch-mode');
  if (mode !== null) return mode === 'navigate' && (request.headers.get('sec-fetch-dest') ?? 'document') === 'document';
  return request.headers.get('upgrade-insecure-requests') === '1' && (request.headers.get('accept') ?? '').includes('text/html');
}

/** Whether a navigation on this host asks the main host who is signed in (also read by the edge cache's fast path, page-pipeline.ts). */
export function asksMainHost(host: HostContext, request: Request): boolean {
  return host.kind !== 'default' && isBrowserNavigation(request) && readCookie(request.headers.get('cookie'), CROSS_HOST_CHECKED_COOKIE) === null;
}

function needsCheck(c: Context<PageEnv>): boolean {
  return asksMainHost(c.get('host'), c.req.raw);
}

/**
 * Before the edge-cache lookup: a custom-host navigation without a session cookie asks the main
 * host first, so a signed-in reader is never served the cached logged-out copy. Reads only
 * headers (no D1), so a HIT after the check costs what it did.
 */
export const askMainHostBeforeCache = createMiddleware<PageEnv>(async (c, next) => {
  if (sessionToken(c.req.raw) === null && needsCheck(c)) {
    return redirect(tokenUrl(c.env, requestOrigin(c.req.raw) + c.get('url').pathname + c.get('url').search));
  }
  await next();
});

/**
 * After the viewer: a custom host's session that ended (signed out on another host, expired)
 * is dropped and the main host asked again, so signing in again there is seen here.
 */
export const askMainHostForEndedSession = createMiddleware<PageEnv>(async (c, next) => {
  const viewer = c.get('viewer');
  if (viewer.sentSessionCookie && !viewer.user && needsCheck(c)) {
    const target = requestOrigin(c.req.raw) + c.get('url').pathname + c.get('url').search;
    return redirect(tokenUrl(c.env, target), [hostCookie(c.env, c.req.raw, SESSION_COOKIE, '', 0)]);
  }
  await next();
});
