// The local identity provider (development only; docs/adr/0155-social-sign-in-local-identity-provider.md):
// the stand-in for Google, Facebook, Apple and X that the worker itself serves, as the local
// payment provider stands in for the card processor. It speaks OpenID Connect the way the real
// providers do, one issuer per provider under /_/dev/identity/{provider}:
//   GET  /.well-known/openid-configuration   the discovery document
//   GET  /authorize   the page where you pick a test identity (or a test failure)
//   POST /authorize   issues a one-use code bound to client, redirect URI, PKCE challenge and
//                     nonce, and sends the browser back (a redirect, or Apple's form_post)
//   POST /token       code + client secret + code_verifier → an RS256 ID token
//   GET  /jwks        the public key that signs them
// Our side talks to it through the same OAuthProvider as the real ones (./openid-provider.ts);
// its token and key requests are answered in-process (a Fetch that calls this handler), so it
// needs no network and no second server. The "test failures" are what tests and curious people
// use to see the ID token checks refuse a token, like the payment provider's test cards.
import type { D1Database } from '@cloudflare/workers-types';
import { html } from 'hono/html';
import { standInPage } from '../../lib/stand-in-page.ts';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { isDevelopment, type Env } from '../../env.ts';
import { base64url, randomToken, sha256Hex } from '../../lib/crypto.ts';
import { isSameOriginPost } from '../pages.ts';
import { authOrigin, type Fetch } from './oauth-helpers.ts';
import { openIdProvider, remoteKeys } from './openid-provider.ts';
import { isSocialProviderId, PROVIDER_PATHS, type SocialProviderId } from './provider-ids.ts';
import type { OAuthProvider } from './provider.ts';

export const LOCAL_IDENTITY_PATH = '/_/dev/identity';
/** The client secret every local client uses (a documented development value, never a deployment's). */
export const LOCAL_CLIENT_SECRET = 'vellum-local-identity-secret';
export const LOCAL_CODE_LIFETIME_MS = 5 * 60 * 1000;
export const LOCAL_TOKEN_LIFETIME_S = 60 * 60;

const PROVIDER_TITLES: Record<SocialProviderId, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple', twitter: 'X' };

/** Whether providers without keys are the local stand-in: development with SIGN_IN_PROVIDERS=local. */
export function usesLocalIdentityProvider(env: Pick<Env, 'ENVIRONMENT' | 'SIGN_IN_PROVIDERS'>): boolean {
  return isDevelopment(env) && env.SIGN_IN_PROVIDERS === 'local';
}

export function localIssuer(env: Pick<Env, 'AUTH_DOMAIN'>, provider: SocialProviderId): string {
  return `${authOrigin(env)}${LOCAL_IDENTITY_PATH}/${provider}`;
}

export function localClientId(provider: SocialProviderId): string {
  return `vellum-local-${provider}`;
}

export interface LocalIdentity {
  key: string;
  name: string;
  email: string;
  /** What picking it shows. */
  note: string;
}

/**
 * The test identities the authorize page offers (the README's demo table names them). `member`
 * is the identity the demo world connected to the member account (scripts/demo-world/).
 */
export const LOCAL_TEST_IDENTITIES: readonly LocalIdentity[] = [
  { key: 'nova', name: 'Nova Reader', email: 'nova.reader@example.test', note: 'a new person: signs up' },
  { key: 'reader', name: 'Rae Reader', email: 'reader@vellum.test', note: "the demo reader's email: signs in and connects" },
  { key: 'member', name: 'Mel Member', email: 'member@vellum.test', note: "connected to the demo member's account" },
];

/** Tokens the checks must refuse (docs/adr/0155-social-sign-in-local-identity-provider.md). */
export const LOCAL_TOKEN_FAULTS = {
  wrong_audience: 'ID token for another app (wrong audience)',
  wrong_issuer: 'ID token from another issuer',
  expired: 'Expired ID token',
  bad_signature: 'ID token with a bad signature',
  wrong_nonce: 'ID token with another nonce',
} as const;
export type LocalTokenFault = keyof typeof LOCAL_TOKEN_FAULTS;

/** The subject of a listed identity, or of one typed on the page (stable per email). */
export async function localSubject(provider: SocialProviderId, identity: { key: string; email: string }): Promise<string> {
  if (identity.key !== 'custom') return `local-${provider}-${identity.key}`;
  return `local-${provider}-${(await sha256Hex(identity.email.toLowerCase())).slice(0, 20)}`;
}

/** Our side's adapter for the stand-in of `provider`: the same OpenID Connect client as Google's. */
export function localProvider(env: Env, provider: SocialProviderId): OAuthProvider {
  const issuer = localIssuer(env, provider);
  // The stand-in answers in-process: no network, no second server.
  const fetcher: Fetch = async (input, init) => (await handleLocalIdentityRequest(new Request(input, init), env)) ?? new Response('Not found', { status: 404 });
  return openIdProvider(
    {
      id: provider,
      // The spec offers sign-up with Facebook and Google only (docs/product/2-sign-in-notices-cache-routing.md §2.1).
      allowsSignUp: provider === 'google' || provider === 'facebook',
      responseMode: provider === 'apple' ? 'form_post' : 'query',
      issuers: [issuer],
      authorizationEndpoint: `${issuer}/authorize`,
      tokenEndpoint: `${issuer}/token`,
      clientId: localClientId(provider),
      clientSecret: LOCAL_CLIENT_SECRET,
      scope: 'openid email profile',
      keys: remoteKeys(`${issuer}/jwks`, fetcher),
    },
    fetcher,
  );
}

// ---- The signing key ----

interface SigningKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

async function signingKey(db: D1Database): Promise<SigningKey> {
  const read = async () => {
    const row = await db.prepare('SELECT kid, private_jwk, public_jwk FROM local_identity_keys ORDER BY created_at LIMIT 1').first<{ kid: string; private_jwk: string; public_jwk: string }>();
    return row ? { kid: row.kid, privateJwk: JSON.parse(row.private_jwk) as JWK, publicJwk: JSON.parse(row.public_jwk) as JWK } : null;
  };
  const existing = await read();
  if (existing) return existing;
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomToken(8);
  await db
    .prepare('INSERT OR IGNORE INTO local_identity_keys (kid, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)')
    .bind(kid, JSON.stringify(await exportJWK(privateKey)), JSON.stringify({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }), Date.now())
    .run();
  // Two first requests at once: both read the oldest key.
  return (await read())!;
}

// ---- Pages and endpoints ----

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex',
};

/** A form body's fields (an empty set for anything else). */
async function formFields(request: Request): Promise<URLSearchParams> {
  const fields = new URLSearchParams();
  try {
    for (const [name, value] of await request.formData()) if (typeof value === 'string') fields.append(name, value);
  } catch {
    // not a form
  }
  return fields;
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}

function oauthError(error: string, description: string, status = 400): Response {
  return json({ error, error_description: description }, status);
}

/** The authorization request's parameters, checked as a real provider checks them. */
interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
  responseMode: 'query' | 'form_post';
}

function authorizationRequest(env: Env, provider: SocialProviderId, params: URLSearchParams): AuthorizationRequest | string {
  const clientId = params.get('client_id') ?? '';
  const redirectUri = params.get('redirect_uri') ?? '';
  if (clientId !== localClientId(provider)) return 'Unknown client_id.';
  // Like a real provider: only the registered callback address.
  if (redirectUri !== authOrigin(env) + PROVIDER_PATHS[provider].callback) return 'redirect_uri is not registered for this client.';
  if (params.get('response_type') !== 'code') return 'response_type must be code.';
  if (!params.get('code_challenge') || params.get('code_challenge_method') !== 'S256') return 'A PKCE code_challenge (S256) is required.';
  if (!params.get('nonce')) return 'A nonce is required.';
  if (!params.get('state')) return 'A state is required.';
  return {
    clientId,
    redirectUri,
    state: params.get('state')!,
    nonce: params.get('nonce')!,
    codeChallenge: params.get('code_challenge')!,
    responseMode: params.get('response_mode') === 'form_post' ? 'form_post' : 'query',
  };
}

const REQUEST_FIELDS = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'response_mode'];

async function authorizePage(input: { provider: SocialProviderId; params: URLSearchParams; request: AuthorizationRequest; error: string | null; productName: string }): Promise<string> {
  const title = PROVIDER_TITLES[input.provider];
  const hidden = REQUEST_FIELDS.filter((name) => input.params.has(name)).map((name) => html`<input type="hidden" name="${name}" value="${input.params.get(name)}" />`);
  const cancel = new URL(input.request.redirectUri);
  cancel.searchParams.set('error', 'access_denied');
  cancel.searchParams.set('state', input.request.state);
  return String(
    await standInPage(
      `Sign in with ${title} – local identity provider`,
      `      body { margin: 0; font: 15px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #1f1f1f; background: #f0f4f9; }
      main { max-width: 480px; margin: 6vh auto; padding: 32px 28px; background: #fff; border-radius: 24px; box-sizing: border-box; }
      h1 { font-size: 24px; font-weight: 400; margin: 16px 0 4px; }
      .lead { color: #444; margin: 0 0 24px; }
      .identity { display: flex; flex-direction: column; align-items: flex-start; width: 100%; text-align: left; font: inherit; background: #fff; border: 1px solid #dadce0; border-radius: 12px; padding: 12px 16px; margin: 0 0 8px; cursor: pointer; }
      .identity:hover, .identity:focus-visible { background: #f6f8fc; }
      .identity strong { font-weight: 600; }
      .identity span { color: #5f6368; font-size: 13px; }
      fieldset { border: 1px solid #dadce0; border-radius: 12px; padding: 12px 16px 16px; margin: 16px 0; }
      legend { color: #5f6368; font-size: 13px; padding: 0 4px; }
      label { display: block; font-size: 13px; color: #5f6368; margin: 8px 0 4px; }
      input[type='text'], input[type='email'] { box-sizing: border-box; width: 100%; font: inherit; padding: 8px 10px; border: 1px solid #dadce0; border-radius: 8px; }
      .small { font: inherit; font-size: 13px; background: none; border: 1px solid #dadce0; border-radius: 16px; padding: 4px 12px; margin: 4px 4px 0 0; cursor: pointer; }
      .primary { margin-top: 12px; font: 600 14px system-ui, sans-serif; color: #fff; background: #0b57d0; border: 0; border-radius: 20px; padding: 8px 20px; cursor: pointer; }
      .error { color: #b3261e; }
      .cancel { display: inline-block; margin-top: 8px; color: #0b57d0; }
      @media (max-width: 520px) { main { margin: 0; border-radius: 0; min-height: 100vh; } }`,
      html`    <main>
      <span class="test">LOCAL IDENTITY PROVIDER</span>
      <h1>Sign in with ${title}</h1>
      <p class="lead">Choose a test account to continue to ${input.productName}.</p>
      ${input.error ? html`<p class="error" role="alert">${input.error}</p>` : ''}
      <form method="post" action="authorize">
        ${hidden}
        ${LOCAL_TEST_IDENTITIES.map(
          (identity) =>
            html`<button type="submit" class="identity" name="identity" value="${identity.key}" formnovalidate>
              <strong>${identity.name}</strong><span>${input.provider === 'twitter' ? `@${identity.key}` : identity.email} · ${identity.note}</span>
            </button>`,
        )}
        <fieldset>
          <legend>Another account</legend>
          <label for="name">Name</label>
          <input type="text" id="name" name="name" maxlength="80" autocomplete="off" />
          <label for="email">Email</label>
          <input type="email" id="email" name="email" maxlength="120" autocomplete="off" />
          <button type="submit" class="primary" name="identity" value="custom">Continue</button>
        </fieldset>
        <fieldset>
          <legend>Test failures (signed in as Nova Reader): our side must refuse each</legend>
          ${Object.entries(LOCAL_TOKEN_FAULTS).map(([fault, label]) => html`<button type="submit" class="small" name="fault" value="${fault}" formnovalidate>${label}</button>`)}
        </fieldset>
      </form>
      <a class="cancel" href="${cancel.href}">Cancel</a>
    </main>`,
    ),
  );
}

async function formPostPage(redirectUri: string, fields: Record<string, string>): Promise<string> {
  return String(
    await html`<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Continuing…</title></head>
  <body onload="document.forms[0].submit()">
    <form method="post" action="${redirectUri}">
      ${Object.entries(fields).map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
      <noscript><button type="submit">Continue</button></noscript>
    </form>
  </body>
</html>`,
  );
}

interface StoredIdentity {
  subject: string;
  name: string;
  email: string | null;
  fault: LocalTokenFault | null;
}

async function chosenIdentity(provider: SocialProviderId, form: URLSearchParams): Promise<StoredIdentity | string> {
  const faultName = form.get('fault');
  const fault = faultName && faultName in LOCAL_TOKEN_FAULTS ? (faultName as LocalTokenFault) : null;
  const key = fault ? 'nova' : (form.get('identity') ?? '');
  let identity: { key: string; name: string; email: string };
  if (key === 'custom') {
    const email = (form.get('email') ?? '').trim().toLowerCase();
    const name = (form.get('name') ?? '').trim().slice(0, 80);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 120) return 'Enter an email address for the other account.';
    identity = { key, name: name || email.split('@')[0]!, email };
  } else {
    const listed = LOCAL_TEST_IDENTITIES.find((i) => i.key === key);
    if (!listed) return 'Choose an account.';
    identity = listed;
  }
  // X gives no email address to sign-in clients.
  return { subject: await localSubject(provider, identity), name: identity.name, email: provider === 'twitter' ? null : identity.email, fault };
}

async function authorize(request: Request, env: Env, provider: SocialProviderId): Promise<Response> {
  const url = new URL(request.url);
  const isPost = request.method === 'POST';
  if (isPost && !isSameOriginPost(request)) return new Response('Forbidden', { status: 403 });
  const params = isPost ? await formFields(request) : url.searchParams;
  const checked = authorizationRequest(env, provider, params);
  // A bad client or redirect URI is never redirected to (RFC 6749 §4.1.2.1): the page says so.
  if (typeof checked === 'string') return new Response(`invalid_request: ${checked}`, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const page = async (error: string | null, status = 200) =>
    new Response(await authorizePage({ provider, params, request: checked, error, productName: env.PRODUCT_NAME }), { status, headers: PAGE_HEADERS });
  if (!isPost) return page(null);
  const identity = await chosenIdentity(provider, params);
  if (typeof identity === 'string') return page(identity, 400);
  const code = randomToken(32);
  const now = Date.now();
  await env.DB.prepare(
    'INSERT INTO local_identity_codes (code_hash, provider, client_id, redirect_uri, code_challenge, nonce, identity, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  )
    .bind(await sha256Hex(code), provider, checked.clientId, checked.redirectUri, checked.codeChallenge, checked.nonce, JSON.stringify(identity), now, now + LOCAL_CODE_LIFETIME_MS)
    .run();
  if (checked.responseMode === 'form_post') {
    // Apple's way back: a cross-site POST, with the name once as `user`.
    const [firstName, ...rest] = identity.name.split(' ');
    const fields = { code, state: checked.state, user: JSON.stringify({ name: { firstName, lastName: rest.join(' ') }, email: identity.email }) };
    return new Response(await formPostPage(checked.redirectUri, fields), { headers: PAGE_HEADERS });
  }
  const back = new URL(checked.redirectUri);
  back.searchParams.set('code', code);
  back.searchParams.set('state', checked.state);
  return new Response(null, { status: 303, headers: { location: back.href, 'cache-control': 'no-store' } });
}

function clientCredentials(request: Request, form: URLSearchParams): { id: string; secret: string } {
  const basic = /^Basic\s+(.+)$/i.exec(request.headers.get('authorization') ?? '');
  if (basic) {
    try {
      const [id, secret] = atob(basic[1]!).split(':');
      return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
    } catch {
      return { id: '', secret: '' };
    }
  }
  return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
}

async function token(request: Request, env: Env, provider: SocialProviderId): Promise<Response> {
  if (request.method !== 'POST') return oauthError('invalid_request', 'POST only.', 405);
  const form = await formFields(request);
  if (form.get('grant_type') !== 'authorization_code') return oauthError('unsupported_grant_type', 'Only authorization_code.');
  const client = clientCredentials(request, form);
  if (client.id !== localClientId(provider) || client.secret !== LOCAL_CLIENT_SECRET) return oauthError('invalid_client', 'Unknown client or wrong secret.', 401);
  const now = Date.now();
  // One use: the first exchange takes the code, a replay finds it used.
  const row = await env.DB.prepare('UPDATE local_identity_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL RETURNING *')
    .bind(now, await sha256Hex(form.get('code') ?? ''))
    .first<{ provider: string; client_id: string; redirect_uri: string; code_challenge: string; nonce: string; identity: string; expires_at: number }>();
  if (!row || row.provider !== provider || row.client_id !== client.id) return oauthError('invalid_grant', 'The code is unknown or was already used.');
  if (row.expires_at <= now) return oauthError('invalid_grant', 'The code has expired.');
  if (row.redirect_uri !== form.get('redirect_uri')) return oauthError('invalid_grant', 'redirect_uri does not match the authorization request.');
  const verifier = form.get('code_verifier') ?? '';
  if (!verifier || base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))) !== row.code_challenge) {
    return oauthError('invalid_grant', 'code_verifier does not match the code_challenge.');
  }
  const identity = JSON.parse(row.identity) as StoredIdentity;
  const key = await signingKey(env.DB);
  const issuedAt = Math.floor(now / 1000) - (identity.fault === 'expired' ? 2 * LOCAL_TOKEN_LIFETIME_S : 0);
  const claims: Record<string, unknown> = { name: identity.name, nonce: identity.fault === 'wrong_nonce' ? randomToken(16) : row.nonce };
  if (identity.email) Object.assign(claims, { email: identity.email, email_verified: true });
  // A bad signature: the same key id, another key.
  const signWith = identity.fault === 'bad_signature' ? (await generateKeyPair('RS256')).privateKey : await importJWK(key.privateJwk, 'RS256');
  const idToken = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
    .setIssuer(identity.fault === 'wrong_issuer' ? 'https://issuer.invalid' : localIssuer(env, provider))
    .setAudience(identity.fault === 'wrong_audience' ? 'another-client' : client.id)
    .setSubject(identity.subject)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LOCAL_TOKEN_LIFETIME_S)
    .sign(signWith);
  return json({ access_token: randomToken(32), token_type: 'Bearer', expires_in: LOCAL_TOKEN_LIFETIME_S, scope: 'openid email profile', id_token: idToken });
}

function discovery(env: Env, provider: SocialProviderId): Response {
  const issuer = localIssuer(env, provider);
  return json({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    response_modes_supported: ['query', 'form_post'],
    grant_types_supported: ['authorization_code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'email', 'profile'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    claims_supported: ['iss', 'aud', 'sub', 'iat', 'exp', 'nonce', 'email', 'email_verified', 'name'],
  });
}

/** Answers a request under /_/dev/identity/, or null (not development, not a stand-in address). */
export async function handleLocalIdentityRequest(request: Request, env: Env): Promise<Response | null> {
  if (!usesLocalIdentityProvider(env)) return null;
  const url = new URL(request.url);
  const match = new RegExp(`^${LOCAL_IDENTITY_PATH}/([a-z]+)/(.+)$`).exec(url.pathname);
  if (!match || !isSocialProviderId(match[1]!)) return null;
  const provider = match[1];
  switch (match[2]) {
    case '.well-known/openid-configuration':
      return discovery(env, provider);
    case 'jwks': {
      const key = await signingKey(env.DB);
      return json({ keys: [key.publicJwk] });
    }
    case 'authorize':
      return authorize(request, env, provider);
    case 'token':
      return token(request, env, provider);
    default:
      return null;
  }
}
