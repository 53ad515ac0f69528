// Integration tokens of the /v1 API (/me/applications; docs/adr/0082-integration-tokens-and-v1.md): made by
// their user, shown once, stored as SHA-256, scoped, revocable. A token is "vt_" and 43
// base64url characters (256 random bits): the prefix lets secret scanners recognise a leaked one.
import type { D1Database } from '@cloudflare/workers-types';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { newId } from '../lib/ids.ts';

export const TOKEN_PREFIX = 'vt_';
export const API_SCOPES = ['basicProfile', 'listPublications', 'publishPost'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const MAX_TOKENS_PER_USER = 20;
export const TOKEN_DESCRIPTION_MAX_LENGTH = 100;

export interface IntegrationToken {
  id: string;
  description: string;
  scopes: ApiScope[];
  createdAt: number;
  lastUsedAt: number | null;
}

export interface TokenHolder {
  tokenId: string;
  userId: string;
  scopes: ReadonlySet<ApiScope>;
}

const parseScopes = (text: string): ApiScope[] => text.split(',').filter((s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s));

export type CreateTokenOutcome = { kind: 'created'; token: string; record: IntegrationToken } | { kind: 'refused'; message: string };

/** The viewer, managing their own tokens (a staff member acting as someone may not). */
function tokenOwner(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id || ctx.viewer.isSpoofed) throw new CallerError('Sign in to manage your integration tokens.', { code: 'UNAUTHENTICATED' });
  return id;
}

/** A new token of the viewer's; its scopes default to all. */
export async function createIntegrationToken(ctx: RequestContext, input: { description: string; scopes?: readonly string[] | null }): Promise<CreateTokenOutcome> {
  const userId = tokenOwner(ctx);
  const { db, now } = ctx;
  const requested = input.scopes ?? API_SCOPES;
  const description = input.description.trim().replace(/\s+/g, ' ');
  if (!description) return { kind: 'refused', message: 'Describe what the token is for.' };
  if (description.length > TOKEN_DESCRIPTION_MAX_LENGTH) return { kind: 'refused', message: `A description is at most ${TOKEN_DESCRIPTION_MAX_LENGTH} characters.` };
  const scopes = parseScopes(requested.join(','));
  if (scopes.length === 0 || scopes.length !== new Set(requested).size) return { kind: 'refused', message: `Scopes are some of ${API_SCOPES.join(', ')}.` };
  const live = await db.prepare('SELECT count(*) AS n FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL AND oauth_application_id IS NULL').bind(userId).first<{ n: number }>();
  if ((live?.n ?? 0) >= MAX_TOKENS_PER_USER) return { kind: 'refused', message: `You can have at most ${MAX_TOKENS_PER_USER} tokens. Revoke one first.` };
  const token = TOKEN_PREFIX + randomToken(32);
  const id = newId();
  await db
    .prepare('INSERT INTO api_tokens (id, user_id, description, token_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(id, userId, description, await sha256Hex(token), scopes.join(','), now)
    .run();
  return { kind: 'created', token, record: { id, description, scopes, createdAt: now, lastUsedAt: null } };
}

/** The viewer's live tokens, newest first; none when logged out. */
export async function listIntegrationTokens(ctx: RequestContext): Promise<IntegrationToken[]> {
  const userId = ctx.viewer.user?.id;
  if (!userId) return [];
  const { results } = await ctx.db
    .prepare('SELECT id, description, scopes, created_at, last_used_at FROM api_tokens WHERE user_id = ? AND revoked_at IS NULL ORDER BY created_at DESC')
    .bind(userId)
    .all<{ id: string; description: string; scopes: string; created_at: number; last_used_at: number | null }>();
  return results.map((r) => ({ id: r.id, description: r.description, scopes: parseScopes(r.scopes), createdAt: r.created_at, lastUsedAt: r.last_used_at }));
}

/** Revokes one of the viewer's own tokens; false when there is no such live token of theirs. */
export async function revokeIntegrationToken(ctx: RequestContext, tokenId: string): Promise<boolean> {
  const userId = tokenOwner(ctx);
  const result = await ctx.db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND user_id = ? AND revoked_at IS NULL').bind(ctx.now, tokenId, userId).run();
  return (result.meta.changes ?? 0) > 0;
}

/**
 * Who a bearer token speaks for: a live token of a live, unsuspended account — and for a token
 * given to an OAuth application (docs/adr/0088-oauth-for-third-party-applications.md), the application still registered
 * and its developer's account live and unsuspended (a suspended developer's app stops at once).
 */
/** Shaped like a token of ours (the prefix, a sane length): anything else was never one. */
export function isWellFormedToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX) && token.length <= 100;
}

export async function tokenHolder(db: D1Database, token: string, now: number): Promise<TokenHolder | null> {
  if (!isWellFormedToken(token)) return null;
  const row = await db
    .prepare(
      `SELECT t.id, t.user_id, t.scopes FROM api_tokens t JOIN users u ON u.id = t.user_id
        WHERE t.token_hash = ? AND t.revoked_at IS NULL AND u.deleted_at IS NULL AND u.is_suspended = 0
          AND (t.oauth_application_id IS NULL OR EXISTS (
            SELECT 1 FROM oauth_applications a JOIN users o ON o.id = a.owner_id
             WHERE a.id = t.oauth_application_id AND a.revoked_at IS NULL AND o.deleted_at IS NULL AND o.is_suspended = 0))`,
    )
    .bind(await sha256Hex(token))
    .first<{ id: string; user_id: string; scopes: string }>();
  if (!row) return null;
  await db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').bind(now, row.id).run();
  return { tokenId: row.id, userId: row.user_id, scopes: new Set(parseScopes(row.scopes)) };
}
