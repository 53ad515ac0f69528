// OAuth applications (docs/adr/0088-oauth-for-third-party-applications.md): a developer registers an application under
// /me/applications with a name and one redirect URI; the application's id is its client_id and
// its client secret ("vcs_" + 43 base64url characters) is shown once and stored as SHA-256.
// Deleting an application ends every token it was given.
import type { D1Database } from '@cloudflare/workers-types';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { newId } from '../lib/ids.ts';

export const CLIENT_SECRET_PREFIX = 'vcs_';
export const MAX_APPLICATIONS_PER_USER = 10;
export const APPLICATION_NAME_MAX_LENGTH = 50;
export const REDIRECT_URI_MAX_LENGTH = 500;

export interface OAuthApplication {
  id: string;
  ownerId: string;
  name: string;
  redirectUri: string;
  createdAt: number;
}

/**
 * Why a redirect URI cannot be registered, or null. https only, except http on a loopback host
 * (a native or local tool, RFC 8252 §7.3); no fragment (RFC 6749 §3.1.2), no credentials.
 */
export function redirectUriProblem(text: string): string | null {
  if (text.length > REDIRECT_URI_MAX_LENGTH) return `A redirect URI is at most ${REDIRECT_URI_MAX_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'The redirect URI must be an absolute address, like https://example.com/callback.';
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return 'The redirect URI must use https (http only for localhost).';
  if (url.hash || text.includes('#')) return 'The redirect URI cannot have a fragment (#…).';
  if (url.username || url.password) return 'The redirect URI cannot hold a user name or password.';
  return null;
}

export type RegisterOutcome = { kind: 'created'; application: OAuthApplication; clientSecret: string } | { kind: 'refused'; message: string };

/** The viewer, managing their own applications (a staff member acting as someone may not). */
function applicationOwner(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id || ctx.viewer.isSpoofed) throw new CallerError('Sign in to manage your applications.', { code: 'UNAUTHENTICATED' });
  return id;
}

/** Registers an application of the viewer's. */
export async function registerApplication(ctx: RequestContext, input: { name: string; redirectUri: string }): Promise<RegisterOutcome> {
  const ownerId = applicationOwner(ctx);
  const { db, now } = ctx;
  const name = input.name.trim().replace(/\s+/g, ' ');
  if (!name) return { kind: 'refused', message: 'Give the application a name.' };
  if (name.length > APPLICATION_NAME_MAX_LENGTH) return { kind: 'refused', message: `A name is at most ${APPLICATION_NAME_MAX_LENGTH} characters.` };
  const redirectUri = input.redirectUri.trim();
  const problem = redirectUriProblem(redirectUri);
  if (problem) return { kind: 'refused', message: problem };
  const live = await db.prepare('SELECT count(*) AS n FROM oauth_applications WHERE owner_id = ? AND revoked_at IS NULL').bind(ownerId).first<{ n: number }>();
  if ((live?.n ?? 0) >= MAX_APPLICATIONS_PER_USER) return { kind: 'refused', message: `You can have at most ${MAX_APPLICATIONS_PER_USER} applications. Delete one first.` };
  const id = newId();
  const clientSecret = CLIENT_SECRET_PREFIX + randomToken(32);
  await db
    .prepare('INSERT INTO oauth_applications (id, owner_id, name, redirect_uri, secret_hash, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(id, ownerId, name, redirectUri, await sha256Hex(clientSecret), now)
    .run();
  return { kind: 'created', application: { id, ownerId, name, redirectUri, createdAt: now }, clientSecret };
}

type Row = { id: string; owner_id: string; name: string; redirect_uri: string; created_at: number };
const fromRow = (r: Row): OAuthApplication => ({ id: r.id, ownerId: r.owner_id, name: r.name, redirectUri: r.redirect_uri, createdAt: r.created_at });

/** The viewer's live applications, newest first; none when logged out. */
export async function listApplications(ctx: RequestContext): Promise<OAuthApplication[]> {
  const ownerId = ctx.viewer.user?.id;
  if (!ownerId) return [];
  const { results } = await ctx.db
    .prepare('SELECT id, owner_id, name, redirect_uri, created_at FROM oauth_applications WHERE owner_id = ? AND revoked_at IS NULL ORDER BY created_at DESC')
    .bind(ownerId)
    .all<Row>();
  return results.map(fromRow);
}

/** A live application by client_id, its owner's account live too. */
export async function findApplication(db: D1Database, clientId: string): Promise<OAuthApplication | null> {
  if (!clientId || clientId.length > 64) return null;
  const row = await db
    .prepare(
      'SELECT a.id, a.owner_id, a.name, a.redirect_uri, a.created_at FROM oauth_applications a JOIN users u ON u.id = a.owner_id WHERE a.id = ? AND a.revoked_at IS NULL AND u.deleted_at IS NULL AND u.is_suspended = 0',
    )
    .bind(clientId)
    .first<Row>();
  return row ? fromRow(row) : null;
}

/** Whether the secret is this application's (compared as digests: equal length, no early exit on content). */
export async function isClientSecret(db: D1Database, clientId: string, secret: string): Promise<boolean> {
  if (!secret.startsWith(CLIENT_SECRET_PREFIX) || secret.length > 100) return false;
  const row = await db.prepare('SELECT 1 AS ok FROM oauth_applications WHERE id = ? AND secret_hash = ? AND revoked_at IS NULL').bind(clientId, await sha256Hex(secret)).first();
  return row !== null;
}

/** Deletes one of the viewer's applications and ends every token it was given; false when there is none. */
export async function revokeApplication(ctx: RequestContext, id: string): Promise<boolean> {
  const ownerId = applicationOwner(ctx);
  const { db, now } = ctx;
  const [app] = await db.batch([
    db.prepare('UPDATE oauth_applications SET revoked_at = ? WHERE id = ? AND owner_id = ? AND revoked_at IS NULL').bind(now, id, ownerId),
    db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE oauth_application_id = ? AND revoked_at IS NULL AND EXISTS (SELECT 1 FROM oauth_applications WHERE id = ? AND owner_id = ?)').bind(now, id, id, ownerId),
    db.prepare('DELETE FROM oauth_codes WHERE application_id = ? AND EXISTS (SELECT 1 FROM oauth_applications WHERE id = ? AND owner_id = ?)').bind(id, id, ownerId),
  ]);
  return (app?.meta.changes ?? 0) > 0;
}
