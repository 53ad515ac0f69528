// The local stand-in Mastodon instance (development only; docs/adr/0180-mastodon-for-members.md),
// served by the worker under /_/dev/mastodon as the local identity provider is under
// /_/dev/identity (docs/adr/0155-social-sign-in-local-identity-provider.md). It answers the calls
// Mastodon for members makes, with Mastodon's shapes and errors:
//   POST /api/v1/apps                          register an app → client_id, client_secret
//   GET  /oauth/authorize, POST                the page where you allow the app (pick a test account)
//   POST /oauth/token                          authorization_code (one-use code) | client_credentials
//   GET  /api/v1/accounts/verify_credentials   the token's account
//   POST /api/v1/accounts                      create an account (app token with write:accounts);
//                                              422 { error, details } on a taken or invalid username
//   GET  /@{username}                          the account's profile (where "Go to …" leads)
// The worker's own calls reach it in-process (localMastodonFetch), so no network is needed.
import { html } from 'hono/html';
import { standInPage } from '../lib/stand-in-page.ts';
import { isDevelopment, type Env } from '../env.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { isSameOriginPost } from '../auth/pages.ts';
import { authOrigin } from '../auth/social/oauth-helpers.ts';
import type { MastodonFetch } from './mastodon-client.ts';

export const LOCAL_MASTODON_PATH = '/_/dev/mastodon';
/** The name a member types to connect an account on the stand-in (never a public name). */
export const LOCAL_MASTODON_DOMAIN = 'mastodon.localhost';
const CODE_LIFETIME_MS = 10 * 60 * 1000;

/** Accounts the stand-in starts with (README's demo table): `mel` is the demo member's connected one. */
export const LOCAL_MASTODON_ACCOUNTS = [
  { id: '110000000000000001', username: 'mel', email: 'member@vellum.test', displayName: 'Mel Member' },
  { id: '110000000000000002', username: 'rae', email: 'reader@vellum.test', displayName: 'Rae Reader' },
] as const;

/** Usernames a real instance keeps for itself (Mastodon's reserved_usernames). */
const RESERVED = new Set(['admin', 'support', 'help', 'root', 'webmaster', 'administrator', 'mod', 'moderator']);

/** The stand-in runs in development only, where the other local stand-ins run. */
export function usesLocalMastodon(env: Pick<Env, 'ENVIRONMENT' | 'MASTODON_INSTANCE'>): boolean {
  return isDevelopment(env) && env.MASTODON_INSTANCE === 'local';
}

export function localMastodonOrigin(env: Pick<Env, 'AUTH_DOMAIN'>): string {
  return `${authOrigin(env)}${LOCAL_MASTODON_PATH}`;
}

/** Our side's fetch to the stand-in: answered in-process. */
export function localMastodonFetch(env: Env): MastodonFetch {
  return async (input, init) => (await handleLocalMastodonRequest(new Request(input, init), env)) ?? json({ error: 'Record not found' }, 404);
}

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex',
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' } });
}

/** Mastodon reads parameters from a form, JSON or the query alike. */
async function params(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams(new URL(request.url).search);
  if (request.method !== 'POST') return fields;
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      for (const [name, value] of Object.entries((await request.json()) as Record<string, unknown>)) if (typeof value === 'string') fields.set(name, value);
    } else {
      for (const [name, value] of await request.formData()) if (typeof value === 'string') fields.set(name, value);
    }
  } catch {
    // no body
  }
  return fields;
}

interface LocalAccountRow {
  id: string;
  username: string;
  email: string;
  display_name: string;
  created_at: number;
}

async function seedAccounts(env: Env): Promise<void> {
  await env.DB.batch(
    LOCAL_MASTODON_ACCOUNTS.map((a) =>
      env.DB.prepare('INSERT OR IGNORE INTO local_mastodon_accounts (id, username, email, display_name, created_at) VALUES (?, ?, ?, ?, ?)').bind(a.id, a.username, a.email, a.displayName, 0),
    ),
  );
}

function accountJson(env: Env, row: LocalAccountRow) {
  return {
    id: row.id,
    username: row.username,
    acct: row.username,
    display_name: row.display_name,
    locked: false,
    bot: false,
    created_at: new Date(row.created_at).toISOString(),
    note: '',
    url: `${localMastodonOrigin(env)}/@${row.username}`,
    avatar: '',
    header: '',
    followers_count: 0,
    following_count: 0,
    statuses_count: 0,
    source: { privacy: 'public', sensitive: false, language: 'en', note: '', fields: [] },
  };
}

async function tokenOf(env: Env, request: Request): Promise<{ client_id: string; account_id: string | null; scopes: string } | null> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  if (!bearer) return null;
  return env.DB.prepare('SELECT client_id, account_id, scopes FROM local_mastodon_tokens WHERE token_hash = ?').bind(await sha256Hex(bearer)).first();
}

async function issueToken(env: Env, clientId: string, accountId: string | null, scopes: string): Promise<Response> {
  const token = randomToken(32);
  const now = Date.now();
  await env.DB.prepare('INSERT INTO local_mastodon_tokens (token_hash, client_id, account_id, scopes, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(await sha256Hex(token), clientId, accountId, scopes, now)
    .run();
  return json({ access_token: token, token_type: 'Bearer', scope: scopes, created_at: Math.floor(now / 1000) });
}

async function registerApp(env: Env, request: Request): Promise<Response> {
  const form = await params(request);
  const name = (form.get('client_name') ?? '').trim();
  const redirectUris = (form.get('redirect_uris') ?? '').trim();
  if (!name) return json({ error: "Validation failed: Application name can't be blank" }, 422);
  if (!redirectUris) return json({ error: "Validation failed: Redirect URI can't be blank" }, 422);
  const app = { client_id: randomToken(24), client_secret: randomToken(32) };
  const scopes = (form.get('scopes') ?? 'read').trim();
  await env.DB.prepare('INSERT INTO local_mastodon_apps (client_id, client_secret, name, redirect_uris, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(app.client_id, app.client_secret, name, redirectUris, scopes, Date.now())
    .run();
  return json({ id: app.client_id.slice(0, 8), name, website: form.get('website'), redirect_uri: redirectUris, scopes: scopes.split(' '), ...app, vapid_key: '' });
}

interface AppRow {
  client_id: string;
  client_secret: string;
  name: string;
  redirect_uris: string;
  scopes: string;
}

const appOf = (env: Env, clientId: string) => env.DB.prepare('SELECT * FROM local_mastodon_apps WHERE client_id = ?').bind(clientId).first<AppRow>();

async function authorizePage(input: { app: AppRow; fields: URLSearchParams; accounts: LocalAccountRow[]; deny: string }): Promise<string> {
  const hidden = ['response_type', 'client_id', 'redirect_uri', 'scope', 'state'].map((name) => html`<input type="hidden" name="${name}" value="${input.fields.get(name) ?? ''}" />`);
  return String(
    await standInPage(
      `Authorize ${input.app.name} – local Mastodon instance`,
      `      body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #fff; background: #191b22; }
      main { max-width: 440px; margin: 6vh auto; padding: 28px; background: #282c37; border-radius: 8px; box-sizing: border-box; }
      h1 { font-size: 22px; margin: 16px 0 4px; }
      p { color: #c4c8d4; }
      .account { display: block; width: 100%; text-align: left; font: inherit; color: #fff; background: #313543; border: 1px solid #444b5d; border-radius: 6px; padding: 10px 14px; margin: 0 0 8px; cursor: pointer; }
      .account:hover, .account:focus-visible { background: #3a3f51; }
      .account span { color: #9ba1b5; font-size: 13px; }
      .deny { display: inline-block; margin-top: 8px; color: #8c8dff; }
      @media (max-width: 480px) { main { margin: 0; border-radius: 0; min-height: 100vh; } }`,
      html`    <main>
      <span class="test">LOCAL MASTODON INSTANCE</span>
      <h1>Authorization required</h1>
      <p><strong>${input.app.name}</strong> would like to read your account's name on ${LOCAL_MASTODON_DOMAIN}. Choose the account to allow it for.</p>
      <form method="post" action="authorize">
        ${hidden}
        ${input.accounts.map(
          (account) => html`<button type="submit" class="account" name="account" value="${account.id}"><strong>${account.display_name}</strong><br /><span>@${account.username}@${LOCAL_MASTODON_DOMAIN}</span></button>`,
        )}
      </form>
      <a class="deny" href="${input.deny}">Deny</a>
    </main>`,
    ),
  );
}

async function authorize(env: Env, request: Request): Promise<Response> {
  if (request.method === 'POST' && !isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
  const fields = await params(request);
  const app = await appOf(env, fields.get('client_id') ?? '');
  const redirectUri = fields.get('redirect_uri') ?? '';
  // As Doorkeeper does: an unknown client or an unregistered redirect URI is shown, never redirected to.
  const invalid = (text: string) => new Response(`The client is not authorized: ${text}`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  if (!app) return invalid('unknown client.');
  if (!app.redirect_uris.split(/\s+/).includes(redirectUri)) return invalid('the redirect URI is not registered for this client.');
  if (fields.get('response_type') !== 'code') return invalid('response_type must be code.');
  const back = new URL(redirectUri);
  const state = fields.get('state');
  if (state) back.searchParams.set('state', state);
  await seedAccounts(env);
  if (request.method !== 'POST') {
    const deny = new URL(back);
    deny.searchParams.set('error', 'access_denied');
    deny.searchParams.set('error_description', 'The resource owner or authorization server denied the request.');
    const { results } = await env.DB.prepare('SELECT * FROM local_mastodon_accounts ORDER BY created_at, username').all<LocalAccountRow>();
    return new Response(await authorizePage({ app, fields, accounts: results, deny: deny.href }), { headers: PAGE_HEADERS });
  }
  const account = await env.DB.prepare('SELECT id FROM local_mastodon_accounts WHERE id = ?').bind(fields.get('account') ?? '').first<{ id: string }>();
  if (!account) return invalid('choose an account.');
  const code = randomToken(32);
  await env.DB.prepare('INSERT INTO local_mastodon_codes (code_hash, client_id, redirect_uri, account_id, scopes, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(await sha256Hex(code), app.client_id, redirectUri, account.id, fields.get('scope') || 'read', Date.now() + CODE_LIFETIME_MS)
    .run();
  back.searchParams.set('code', code);
  return new Response(null, { status: 303, headers: { location: back.href, 'cache-control': 'no-store' } });
}

const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';

async function token(env: Env, request: Request): Promise<Response> {
  if (request.method !== 'POST') return json({ error: 'Record not found' }, 404);
  const form = await params(request);
  const app = await appOf(env, form.get('client_id') ?? '');
  if (!app || app.client_secret !== form.get('client_secret')) {
    return json({ error: 'invalid_client', error_description: 'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.' }, 401);
  }
  const grant = form.get('grant_type');
  if (grant === 'client_credentials') return issueToken(env, app.client_id, null, form.get('scope') || 'read');
  if (grant !== 'authorization_code') return json({ error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported by the authorization server.' }, 400);
  // One use: a replayed code finds it taken.
  const row = await env.DB.prepare('UPDATE local_mastodon_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL RETURNING *')
    .bind(Date.now(), await sha256Hex(form.get('code') ?? ''))
    .first<{ client_id: string; redirect_uri: string; account_id: string; scopes: string; expires_at: number }>();
  if (!row || row.client_id !== app.client_id || row.redirect_uri !== form.get('redirect_uri') || row.expires_at <= Date.now()) {
    return json({ error: 'invalid_grant', error_description: INVALID_GRANT }, 400);
  }
  return issueToken(env, app.client_id, row.account_id, row.scopes);
}

async function verifyCredentials(env: Env, request: Request): Promise<Response> {
  const found = await tokenOf(env, request);
  if (!found) return json({ error: 'The access token is invalid' }, 401);
  if (!found.account_id) return json({ error: 'This method requires an authenticated user' }, 422);
  const row = await env.DB.prepare('SELECT * FROM local_mastodon_accounts WHERE id = ?').bind(found.account_id).first<LocalAccountRow>();
  return row ? json(accountJson(env, row)) : json({ error: 'Record not found' }, 404);
}

type Problem = { error: string; description: string };

async function createAccount(env: Env, request: Request): Promise<Response> {
  const found = await tokenOf(env, request);
  if (!found) return json({ error: 'The access token is invalid' }, 401);
  if (!found.scopes.split(' ').some((s) => s === 'write' || s === 'write:accounts')) return json({ error: 'This action is outside the authorized scopes' }, 403);
  await seedAccounts(env);
  const form = await params(request);
  const username = (form.get('username') ?? '').trim();
  const email = (form.get('email') ?? '').trim().toLowerCase();
  const details: Record<string, Problem[]> = {};
  const add = (field: string, problem: Problem) => (details[field] ??= []).push(problem);
  if (!username) add('username', { error: 'ERR_BLANK', description: "can't be blank" });
  else if (!/^[a-z0-9_]+$/i.test(username)) add('username', { error: 'ERR_INVALID', description: 'must contain only letters, numbers and underscores' });
  else if (username.length > 30) add('username', { error: 'ERR_TOO_LONG', description: 'is too long (maximum is 30 characters)' });
  else if (RESERVED.has(username.toLowerCase())) add('username', { error: 'ERR_RESERVED', description: 'is reserved' });
  else if (await env.DB.prepare('SELECT 1 FROM local_mastodon_accounts WHERE username = ?').bind(username).first()) add('username', { error: 'ERR_TAKEN', description: 'is already taken' });
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) add('email', { error: 'ERR_INVALID', description: 'is invalid' });
  else if (await env.DB.prepare('SELECT 1 FROM local_mastodon_accounts WHERE email = ?').bind(email).first()) add('email', { error: 'ERR_TAKEN', description: 'is already taken' });
  if ((form.get('password') ?? '').length < 8) add('password', { error: 'ERR_TOO_SHORT', description: 'is too short (minimum is 8 characters)' });
  if (form.get('agreement') !== 'true' && form.get('agreement') !== '1') add('agreement', { error: 'ERR_ACCEPTED', description: 'must be accepted' });
  const fields = Object.keys(details);
  if (fields.length) {
    const summary = fields.map((field) => `${field[0]!.toUpperCase()}${field.slice(1)} ${details[field]![0]!.description}`).join(', ');
    return json({ error: `Validation failed: ${summary}`, details }, 422);
  }
  const id = String(110000000000000000n + BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000)));
  await env.DB.prepare('INSERT INTO local_mastodon_accounts (id, username, email, display_name, created_at) VALUES (?, ?, ?, ?, ?)').bind(id, username, email, username, Date.now()).run();
  return issueToken(env, found.client_id, id, 'read write follow');
}

const INSTANCE_STYLE = `      body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: #fff; background: #191b22; } main { max-width: 600px; margin: 6vh auto; padding: 28px; background: #282c37; border-radius: 8px; } p { color: #9ba1b5; } a { color: #8c8dff; }`;

/** The instance's about page, as a newcomer opening its address finds it: what it is and its accounts. */
async function aboutPage(env: Env): Promise<Response> {
  await seedAccounts(env);
  const { results } = await env.DB.prepare('SELECT * FROM local_mastodon_accounts ORDER BY created_at, username LIMIT 50').all<LocalAccountRow>();
  const body = await standInPage(
    `${LOCAL_MASTODON_DOMAIN} – local Mastodon instance`,
    INSTANCE_STYLE,
    html`    <main>
      <span class="test">LOCAL MASTODON INSTANCE</span>
      <h1>${LOCAL_MASTODON_DOMAIN}</h1>
      <p>Development only: it stands in for the members' Mastodon instance and answers Mastodon's own calls (apps, OAuth, verify_credentials, account creation). Members connect an account or claim one from the product's <code>/mastodon</code> page.</p>
      <h2>Accounts</h2>
      ${results.length === 0 ? html`<p>None yet.</p>` : html`<ul>${results.map((row) => html`<li><a href="${LOCAL_MASTODON_PATH}/@${row.username}">${row.display_name}</a> <span>@${row.username}@${LOCAL_MASTODON_DOMAIN}</span></li>`)}</ul>`}
    </main>`,
  );
  return new Response(String(body), { headers: PAGE_HEADERS });
}

async function profilePage(env: Env, username: string): Promise<Response | null> {
  const row = await env.DB.prepare('SELECT * FROM local_mastodon_accounts WHERE username = ?').bind(username).first<LocalAccountRow>();
  if (!row) return null;
  const body = await standInPage(
    `${row.display_name} (@${row.username}@${LOCAL_MASTODON_DOMAIN})`,
    INSTANCE_STYLE,
    html`    <main><span class="test">LOCAL MASTODON INSTANCE</span><h1>${row.display_name}</h1><p>@${row.username}@${LOCAL_MASTODON_DOMAIN}</p></main>`,
  );
  return new Response(String(body), { headers: PAGE_HEADERS });
}

/** Answers a request under /_/dev/mastodon/, or null (not development, not one of its addresses). */
export async function handleLocalMastodonRequest(request: Request, env: Env): Promise<Response | null> {
  if (!usesLocalMastodon(env)) return null;
  const path = new URL(request.url).pathname;
  if (path === LOCAL_MASTODON_PATH && request.method === 'GET') return aboutPage(env);
  if (!path.startsWith(`${LOCAL_MASTODON_PATH}/`)) return null;
  const rest = path.slice(LOCAL_MASTODON_PATH.length);
  if (rest === '/' && request.method === 'GET') return aboutPage(env);
  if (rest === '/api/v1/apps' && request.method === 'POST') return registerApp(env, request);
  if (rest === '/oauth/authorize') return authorize(env, request);
  if (rest === '/oauth/token') return token(env, request);
  if (rest === '/api/v1/accounts/verify_credentials' && request.method === 'GET') return verifyCredentials(env, request);
  if (rest === '/api/v1/accounts' && request.method === 'POST') return createAccount(env, request);
  const profile = /^\/@([A-Za-z0-9_]{1,30})$/.exec(rest);
  if (profile && request.method === 'GET') return profilePage(env, profile[1]!);
  return null;
}
