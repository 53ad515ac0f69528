import type { D1Database } from '@cloudflare/workers-types';
import { randomToken, sha256Hex } from '../lib/crypto.ts';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'sid';
/** Sessions last 30 days from sign-in. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionRow {
  user_id: string;
  xsrf: string;
  spoofed_by_user_id: string | null;
  expires_at: number;
  revoked_at: number | null;
}

export interface CreatedSession {
  /** The cookie value; only its hash is stored. */
  token: string;
  xsrf: string;
}

/** Creates a session row for a user (sign-in, and tests that need a signed-in viewer). */
export async function createSession(
  db: D1Database,
  userId: string,
  options: { spoofedByUserId?: string; now?: number } = {},
): Promise<CreatedSession> {
  const now = options.now ?? Date.now();
  const token = randomToken();
  const xsrf = randomToken(16);
  await db
    .prepare(
      'INSERT INTO sessions (id_hash, user_id, xsrf, spoofed_by_user_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .bind(await sha256Hex(token), userId, xsrf, options.spoofedByUserId ?? null, now, now + SESSION_LIFETIME_MS)
    .run();
  return { token, xsrf };
}

/** The live session behind a cookie token, or null (unknown, expired or signed out). */
export async function findSession(db: D1Database, token: string, now = Date.now()): Promise<(SessionRow & { id_hash: string }) | null> {
  const idHash = await sha256Hex(token);
  const row = await db
    .prepare('SELECT id_hash, user_id, xsrf, spoofed_by_user_id, expires_at, revoked_at FROM sessions WHERE id_hash = ?')
    .bind(idHash)
    .first<SessionRow & { id_hash: string }>();
  if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
  return row;
}

/** Signs a session out for good: the cookie that carried it is worthless afterwards. */
export async function revokeSession(db: D1Database, idHash: string, now = Date.now()): Promise<void> {
  await db.prepare('UPDATE sessions SET revoked_at = ? WHERE id_hash = ? AND revoked_at IS NULL').bind(now, idHash).run();
}
