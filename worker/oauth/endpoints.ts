// OAuth for third-party applications (docs/product/3-routes-data-calls-constants.md §2.9
// /m/oauth/authorize; docs/adr/0088-oauth-for-third-party-applications.md):
//   GET  /m/oauth/authorize   the consent screen: the application, its owner, the scopes; signed
//                             out → the sign-in page, back here after
//   POST /m/oauth/authorize   Allow / Cancel (same-origin form, the session's anti-forgery value)
//                             → 302 to the redirect URI with ?code=…&state=… or ?error=access_denied&state=…
//   POST /v1/tokens           the code exchange (form or JSON body; client secret in the body or
//                             HTTP Basic) → { token_type, access_token, scope } or OAuth's errors
// The consent screen is server-rendered HTML of its own (no client bundle, no script), never
// cached, never framed (a framed consent button could be clicked by a hidden hand).
import type { Context, Hono, Next } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { html } from 'hono/html';
import { timingSafeEqual } from 'hono/utils/buffer';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { type Env } from '../env.ts';
import { isMainHost } from '../host/resolve-host.ts';
import { requestHost, resolveViewer, type RequestViewer } from '../session/viewer.ts';
import { checkAuthorizeRequest, exchangeCode, issueCode, redirectWith, SCOPE_LABELS, type AuthorizeRequest } from './authorization.ts';

type AppContext = Context<{ Bindings: Env }>;

export const AUTHORIZE_PATH = '/m/oauth/authorize';
export const TOKEN_PATH = '/v1/tokens';
/** A consent form or a token request is a few hundred bytes. */
export const OAUTH_BODY_LIMIT_BYTES = 16 * 1024;
/** Code exchanges per application per minute. */
export const TOKEN_EXCHANGE_LIMIT: Limit = { name: 'oauth:token', max: 60, windowMs: 60 * 1000 };

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-store',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-robots-tag': 'noindex',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
} as const;
const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', pragma: 'no-cache' } as const;

const AUTHORIZE_PARAMS = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state', 'code_challenge', 'code_challenge_method'] as const;

function layout(title: string, productName: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} – ${productName}</title>
    <style>
      body { margin: 0; font: 16px/1.5 system-ui, sans-serif; color: #242424; background: #fff; }
      main { max-width: 460px; margin: 64px auto; padding: 0 24px; }
      h1 { font-size: 26px; line-height: 1.25; margin: 0 0 16px; }
      ul { padding-left: 20px; } .muted { color: #6b6b6b; font-size: 14px; }
      .actions { display: flex; gap: 12px; margin-top: 24px; }
      button { font: inherit; padding: 8px 20px; border-radius: 99em; border: 1px solid #242424; background: #fff; cursor: pointer; }
      button[value="allow"] { background: #242424; color: #fff; }
    </style>
  </head>
  <body><main>${body}</main></body>
</html>`;
}

/** `redirectOrigin`: where the consent form's answer redirects; browsers apply form-action to that redirect too. */
async function page(c: AppContext, status: 200 | 400, title: string, body: unknown, redirectOrigin?: string): Promise<Response> {
  const headers: Record<string, string> = { ...PAGE_HEADERS };
  if (redirectOrigin) headers['content-security-policy'] = headers['content-security-policy']!.replace("form-action 'self'", `form-action 'self' ${redirectOrigin}`);
  return new Response(String(await layout(title, c.env.PRODUCT_NAME, body)), { status, headers });
}

function errorPage(c: AppContext, message: string): Promise<Response> {
  return page(c, 400, 'Authorization failed', html`<h1>This application can’t be authorized</h1><p data-testid="oauth-error">${message}</p><p><a href="/">Go home</a></p>`);
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' } });
}

function consentPage(c: AppContext, request: AuthorizeRequest, viewer: RequestViewer, owner: { name: string; username: string } | null): Promise<Response> {
  const app = request.application;
  const fields = {
    response_type: 'code',
    client_id: app.id,
    redirect_uri: request.redirectUri,
    scope: request.scopes.join(','),
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: 'S256',
  };
  const body = html`<h1 data-testid="oauth-consent">${app.name} wants to use your ${c.env.PRODUCT_NAME} account</h1>
    <p class="muted">Signed in as @${viewer.user!.username}. ${owner ? html`Made by ${owner.name} (@${owner.username}).` : ''}</p>
    <p>It will be able to:</p>
    <ul data-testid="oauth-scopes">
      ${request.scopes.map((scope) => html`<li data-scope="${scope}">${SCOPE_LABELS[scope]}</li>`)}
    </ul>
    <p class="muted">You’ll be sent back to ${new URL(request.redirectUri).host}. You can take this access back at any time in Settings → Security and apps.</p>
    <form method="post" action="${AUTHORIZE_PATH}">
      ${Object.entries(fields).map(([name, value]) => (value === null ? '' : html`<input type="hidden" name="${name}" value="${value}" />`))}
      <input type="hidden" name="xsrf" value="${viewer.xsrf ?? ''}" />
      <div class="actions">
        <button type="submit" name="decision" value="allow">Allow</button>
        <button type="submit" name="decision" value="deny">Cancel</button>
      </div>
    </form>`;
  return page(c, 200, `Authorize ${app.name}`, body, new URL(request.redirectUri).origin);
}

async function authorizeGet(c: AppContext, next: Next): Promise<Response | void> {
  if (!isMainHost(c.env, requestHost(c.req.raw))) return next();
  const url = new URL(c.req.url);
  const check = await checkAuthorizeRequest(c.env.DB, url.searchParams);
  if (check.kind === 'page-error') return errorPage(c, check.message);
  if (check.kind === 'redirect-error') return redirect(check.location);
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  if (!viewer.user) return redirect(`/m/signin?${new URLSearchParams({ redirect: url.pathname + url.search })}`);
  if (viewer.isSpoofed) return errorPage(c, 'A staff member acting as this account cannot authorize applications for it.');
  const owner = await c.env.DB.prepare('SELECT name, username FROM users WHERE id = ?').bind(check.request.application.ownerId).first<{ name: string; username: string }>();
  return consentPage(c, check.request, viewer, owner);
}

async function authorizePost(c: AppContext, next: Next): Promise<Response | void> {
  if (!isMainHost(c.env, requestHost(c.req.raw))) return next();
  const form = await c.req.formData().catch(() => null);
  if (!form) return errorPage(c, 'The form could not be read.');
  const params = new URLSearchParams();
  for (const name of AUTHORIZE_PARAMS) {
    const value = form.get(name);
    if (typeof value === 'string') params.set(name, value);
  }
  const check = await checkAuthorizeRequest(c.env.DB, params);
  if (check.kind === 'page-error') return errorPage(c, check.message);
  if (check.kind === 'redirect-error') return redirect(check.location);
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const xsrf = form.get('xsrf');
  // A forged consent (another site's form, a missing or wrong anti-forgery value) grants nothing.
  if (!viewer.user || viewer.isSpoofed || !isSameOriginPost(c.req.raw) || typeof xsrf !== 'string' || !viewer.xsrf || !(await timingSafeEqual(xsrf, viewer.xsrf))) {
    return errorPage(c, 'This authorization request could not be verified. Please start again from the application.');
  }
  const { request } = check;
  if (form.get('decision') !== 'allow') {
    return redirect(redirectWith(request.redirectUri, { error: 'access_denied', error_description: 'The user did not allow access.', state: request.state }));
  }
  const code = await issueCode(c.env.DB, request, viewer.user.id, Date.now());
  return redirect(redirectWith(request.redirectUri, { code, state: request.state }));
}

/** RFC 6749 §5.2's error body, with the outcome kind (docs/outcomes.md) as "kind" when there is one. */
function oauthError(status: 400 | 401 | 429, error: string, description: string, headers: Record<string, string> = {}, kind?: string): Response {
  return new Response(JSON.stringify({ error, error_description: description, ...(kind ? { kind } : {}) }), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** The token request's fields: a form body (RFC 6749 §4.1.3) or JSON; client credentials in the body or HTTP Basic (§2.3.1). */
async function readTokenRequest(c: AppContext): Promise<Record<string, string> | null> {
  const type = c.req.header('content-type') ?? '';
  const fields: Record<string, string> = {};
  try {
    if (type.includes('application/json')) {
      const body = (await c.req.json()) as unknown;
      if (!body || typeof body !== 'object') return null;
      for (const [k, v] of Object.entries(body)) if (typeof v === 'string') fields[k] = v;
    } else {
      const form = await c.req.parseBody();
      for (const [k, v] of Object.entries(form)) if (typeof v === 'string') fields[k] = v;
    }
  } catch {
    return null;
  }
  const basic = /^Basic\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
  if (basic) {
    try {
      const [id, secret] = atob(basic[1]!).split(':').map((part) => decodeURIComponent(part));
      if (id && secret) Object.assign(fields, { client_id: id, client_secret: secret });
    } catch {
      return null;
    }
  }
  return fields;
}

async function tokenPost(c: AppContext): Promise<Response> {
  const fields = await readTokenRequest(c);
  if (!fields) return oauthError(400, 'invalid_request', 'The request body could not be read.');
  const now = Date.now();
  const clientId = fields.client_id ?? '';
  if (clientId) {
    const limit = await hit(c.env.DB, TOKEN_EXCHANGE_LIMIT, clientId.slice(0, 64), now);
    if (!limit.allowed) return oauthError(429, 'slow_down', 'Too many requests. Please try again later.', { 'retry-after': String(Math.ceil(limit.retryAfterMs / 1000)) });
  }
  const outcome = await exchangeCode(
    c.env.DB,
    {
      grantType: fields.grant_type ?? null,
      code: fields.code ?? null,
      redirectUri: fields.redirect_uri ?? null,
      codeVerifier: fields.code_verifier ?? null,
      clientId: clientId || null,
      clientSecret: fields.client_secret ?? null,
    },
    now,
  );
  if (outcome.kind === 'refused') return oauthError(outcome.status, outcome.error, outcome.description, {}, outcome.outcome);
  return new Response(JSON.stringify({ token_type: 'Bearer', access_token: outcome.accessToken, scope: outcome.scopes.join(' ') }), { status: 200, headers: JSON_HEADERS });
}

/** Mounted before the /v1 API (whose catch-all answers unknown /v1 paths). */
export function mountOAuth(app: Hono<{ Bindings: Env }>): void {
  app.get(AUTHORIZE_PATH, authorizeGet);
  app.post(AUTHORIZE_PATH, bodyLimit({ maxSize: OAUTH_BODY_LIMIT_BYTES, onError: (c) => errorPage(c, 'The request is too large.') }), authorizePost);
  app.post(TOKEN_PATH, bodyLimit({ maxSize: OAUTH_BODY_LIMIT_BYTES, onError: () => oauthError(400, 'invalid_request', 'The request body is too large.') }), tokenPost);
}
