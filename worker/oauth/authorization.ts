// The OAuth 2.0 authorization code flow with PKCE (RFC 6749 §4.1, RFC 7636; docs/adr/0088-oauth-for-third-party-applications.md):
// what /m/oauth/authorize accepts, the code it issues, and the exchange at POST /v1/tokens
// that turns a code into a /v1 token (the same "vt_" tokens as integration tokens, scoped, bound
// to the application). Refusals use OAuth's error codes; the HTTP layer (./routes.ts) shapes them.
import type { D1Database } from '@cloudflare/workers-types';
import { API_SCOPES, TOKEN_PREFIX, type ApiScope } from '../integrations/integration-tokens.ts';
import { base64url, randomToken, sha256Hex } from '../lib/crypto.ts';
import { newId } from '../lib/ids.ts';
import { findApplication, isClientSecret, type OAuthApplication } from '../integrations/oauth-applications.ts';

/** A code is exchanged by the application's server right after the redirect: two minutes is plenty. */
export const CODE_LIFETIME_MS = 2 * 60 * 1000;
/** RFC 7636 §4.2: BASE64URL(SHA256(verifier)) is 43 characters; a verifier is 43–128 unreserved characters. */
const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
const MAX_STATE_LENGTH = 1000;

export interface AuthorizeRequest {
  application: OAuthApplication;
  redirectUri: string;
  scopes: ApiScope[];
  state: string | null;
  codeChallenge: string;
}

export type AuthorizeCheck =
  | { kind: 'ok'; request: AuthorizeRequest }
  /** The client or its redirect URI cannot be trusted: said on our page, never redirected (RFC 6749 §4.1.2.1). */
  | { kind: 'page-error'; message: string }
  /** Told to the application at its redirect URI. */
  | { kind: 'redirect-error'; location: string };

export const SCOPE_LABELS: Record<ApiScope, string> = {
  basicProfile: 'See your name, username and profile picture',
  listPublications: 'See the publications you write for and who else does',
  publishPost: 'Publish stories as you',
};

/** The redirect URI with OAuth's parameters added (its own query kept). */
export function redirectWith(redirectUri: string, params: Record<string, string | null>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.toString();
}

/** Scopes as sent: Medium's comma-separated list, or OAuth's space-separated one. */
export function parseRequestedScopes(text: string): ApiScope[] | null {
  const names = text.split(/[\s,]+/).filter(Boolean);
  if (names.length === 0 || !names.every((n) => (API_SCOPES as readonly string[]).includes(n))) return null;
  return API_SCOPES.filter((scope) => names.includes(scope));
}

export async function checkAuthorizeRequest(db: D1Database, params: URLSearchParams): Promise<AuthorizeCheck> {
  const application = await findApplication(db, params.get('client_id') ?? '');
  if (!application) return { kind: 'page-error', message: 'This application is not registered, or it was deleted.' };
  const redirectUri = params.get('redirect_uri');
  // Exact match, character for character: no prefix, no normalisation (RFC 6749 §3.1.2.3).
  if (redirectUri !== application.redirectUri) return { kind: 'page-error', message: 'The redirect URI does not match the one the application registered.' };
  const state = params.get('state');
  if (state !== null && state.length > MAX_STATE_LENGTH) return { kind: 'page-error', message: 'The request is too long.' };
  const refuse = (error: string, description: string): AuthorizeCheck => ({
    kind: 'redirect-error',
    location: redirectWith(redirectUri, { error, error_description: description, state }),
  });
  if (params.get('response_type') !== 'code') return refuse('unsupported_response_type', 'Only response_type=code is supported.');
  const scopes = parseRequestedScopes(params.get('scope') ?? '');
  if (!scopes) return refuse('invalid_scope', `Scopes are some of ${API_SCOPES.join(', ')}.`);
  const codeChallenge = params.get('code_challenge') ?? '';
  if (params.get('code_challenge_method') !== 'S256' || !PKCE_VALUE.test(codeChallenge)) {
    return refuse('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256.');
  }
  return { kind: 'ok', request: { application, redirectUri, scopes, state, codeChallenge } };
}

/** The reader allowed it: a one-use code for the application's redirect. */
export async function issueCode(db: D1Database, request: AuthorizeRequest, userId: string, now: number): Promise<string> {
  const code = randomToken(32);
  await db
    .prepare('INSERT INTO oauth_codes (code_hash, application_id, user_id, redirect_uri, scopes, code_challenge, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    .bind(await sha256Hex(code), request.application.id, userId, request.redirectUri, request.scopes.join(','), request.codeChallenge, now, now + CODE_LIFETIME_MS)
    .run();
  return code;
}

export interface TokenRequest {
  grantType: string | null;
  code: string | null;
  redirectUri: string | null;
  codeVerifier: string | null;
  clientId: string | null;
  clientSecret: string | null;
}

export type ExchangeOutcome =
  | { kind: 'issued'; accessToken: string; scopes: ApiScope[] }
  | { kind: 'refused'; status: 400 | 401; error: string; description: string; outcome?: OAuthOutcomeKind };

/**
 * The outcome kinds of docs/product/2-sign-in-notices-cache-routing.md §8 a token exchange can meet,
 * sent beside RFC 6749's error code (docs/outcomes.md): the client's tokens missing from the
 * request, or the code no longer good (expired, used, or its reader gone) — connect again.
 */
export type OAuthOutcomeKind = 'MissingOAuthTokens' | 'ExpiredCredentials';

const refused = (status: 400 | 401, error: string, description: string, outcome?: OAuthOutcomeKind): ExchangeOutcome => ({ kind: 'refused', status, error, description, ...(outcome ? { outcome } : {}) });

/** PKCE S256: BASE64URL(SHA-256(verifier)). */
async function s256(verifier: string): Promise<string> {
  return base64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
}

export async function exchangeCode(db: D1Database, input: TokenRequest, now: number): Promise<ExchangeOutcome> {
  if (input.grantType !== 'authorization_code') return refused(400, 'unsupported_grant_type', 'Only grant_type=authorization_code is supported.');
  const application = input.clientId ? await findApplication(db, input.clientId) : null;
  if (!application || !input.clientSecret || !(await isClientSecret(db, application.id, input.clientSecret))) {
    return refused(401, 'invalid_client', 'The client id or secret is not valid.');
  }
  if (!input.code || !input.redirectUri || !input.codeVerifier) return refused(400, 'invalid_request', 'code, redirect_uri and code_verifier are required.', 'MissingOAuthTokens');
  const codeHash = await sha256Hex(input.code);
  // Claimed atomically: the first exchange uses the code up, whatever it finds after.
  const claimed = await db
    .prepare('UPDATE oauth_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL RETURNING application_id, user_id, redirect_uri, scopes, code_challenge, expires_at')
    .bind(now, codeHash)
    .first<{ application_id: string; user_id: string; redirect_uri: string; scopes: string; code_challenge: string; expires_at: number }>();
  const invalid = refused(400, 'invalid_grant', 'The code is invalid, expired or already used.', 'ExpiredCredentials');
  if (!claimed) {
    // A code used twice was likely stolen: the token it gave is ended (RFC 6749 §4.1.2).
    await db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE revoked_at IS NULL AND id = (SELECT token_id FROM oauth_codes WHERE code_hash = ?)').bind(now, codeHash).run();
    return invalid;
  }
  if (claimed.application_id !== application.id || claimed.expires_at <= now || claimed.redirect_uri !== input.redirectUri) return invalid;
  if (!PKCE_VALUE.test(input.codeVerifier) || (await s256(input.codeVerifier)) !== claimed.code_challenge) return invalid;
  const live = await db.prepare('SELECT 1 AS ok FROM users WHERE id = ? AND deleted_at IS NULL AND is_suspended = 0').bind(claimed.user_id).first();
  if (!live) return invalid;

  const accessToken = TOKEN_PREFIX + randomToken(32);
  const tokenId = newId();
  const scopes = API_SCOPES.filter((s) => claimed.scopes.split(',').includes(s));
  await db.batch([
    // One live token per application and reader: authorizing again replaces the older one.
    db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND oauth_application_id = ? AND revoked_at IS NULL').bind(now, claimed.user_id, application.id),
    db
      .prepare('INSERT INTO api_tokens (id, user_id, description, token_hash, scopes, created_at, oauth_application_id) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(tokenId, claimed.user_id, application.name, await sha256Hex(accessToken), scopes.join(','), now, application.id),
    db.prepare('UPDATE oauth_codes SET token_id = ? WHERE code_hash = ?').bind(tokenId, codeHash),
  ]);
  return { kind: 'issued', accessToken, scopes };
}

/** Codes are kept a day past expiry (a replay within it still ends the token), then deleted by the daily job. */
export const CODE_RETENTION_MS = 24 * 60 * 60 * 1000;

export async function deleteOldCodes(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare('DELETE FROM oauth_codes WHERE expires_at <= ?').bind(now - CODE_RETENTION_MS).run();
  return result.meta.changes ?? 0;
}
