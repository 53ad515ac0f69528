import type { D1Database } from '@cloudflare/workers-types';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { forgetHeldSignIns } from './held-sign-ins.ts';

/** Name of the HttpOnly session cookie. */
export const SESSION_COOKIE = 'sid';
/** Sessions last 30 days from sign-in. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface SessionRow {
  user_id: string;
  /** Set on a cross-host session: the only host it is valid on (docs/adr/0078-signed-in-on-every-host.md). */
  host: string | null;
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
  options: {
    spoofedByUserId?: string;
    now?: number;
    /** A cross-host session: the main-host session it derives from, and the one host it serves. */
    parent?: { idHash: string; host: string; expiresAt: number };
    userAgent?: string;
  } = {},
): Promise<CreatedSession> {
  const now = options.now ?? Date.now();
  const token = randomToken();
  const xsrf = randomToken(16);
  // A derived session never outlives the session it came from.
  const expiresAt = Math.min(now + SESSION_LIFETIME_MS, options.parent?.expiresAt ?? Infinity);
  await db
    .prepare(
      'INSERT INTO sessions (id_hash, user_id, xsrf, spoofed_by_user_id, created_at, expires_at, parent_id_hash, host, user_agent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      await sha256Hex(token),
      userId,
      xsrf,
      options.spoofedByUserId ?? null,
      now,
      expiresAt,
      options.parent?.idHash ?? null,
      options.parent?.host ?? null,
      (options.userAgent ?? '').slice(0, 300),
    )
    .run();
  return { token, xsrf };
}

/** The live session behind a cookie token, or null (unknown, expired or signed out). */
export async function findSession(db: D1Database, token: string, now = Date.now()): Promise<(SessionRow & { id_hash: string }) | null> {
  const idHash = await sha256Hex(token);
  const row = await db
    .prepare('SELECT id_hash, user_id, xsrf, spoofed_by_user_id, expires_at, revoked_at, host FROM sessions WHERE id_hash = ?')
    .bind(idHash)
    .first<SessionRow & { id_hash: string }>();
  if (!row || row.revoked_at !== null || row.expires_at <= now) return null;
  return row;
}

/**
 * Signs a session out for good: the cookie that carried it is worthless afterwards. A session
 * and the cross-host sessions made from it are one sign-in (docs/adr/0078-signed-in-on-every-host.md): ending
 * any of them, on any host, ends the whole family.
 */
export async function revokeSession(db: D1Database, idHash: string, now = Date.now()): Promise<void> {
  const row = await db.prepare('SELECT parent_id_hash FROM sessions WHERE id_hash = ?').bind(idHash).first<{ parent_id_hash: string | null }>();
  const root = row?.parent_id_hash ?? idHash;
  await db
    .prepare('UPDATE sessions SET revoked_at = ? WHERE (id_hash = ? OR parent_id_hash = ?) AND revoked_at IS NULL')
    .bind(now, root, root)
    .run();
  forgetHeldSignIns();
}

/** Every session of a user but one sign-in (its family): "Sign out of all other sessions". */
export async function revokeOtherSessions(db: D1Database, userId: string, keepIdHash: string, now = Date.now()): Promise<number> {
  const row = await db.prepare('SELECT parent_id_hash FROM sessions WHERE id_hash = ?').bind(keepIdHash).first<{ parent_id_hash: string | null }>();
  const root = row?.parent_id_hash ?? keepIdHash;
  const result = await db
    .prepare(
      'UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND id_hash <> ? AND (parent_id_hash IS NULL OR parent_id_hash <> ?)',
    )
    .bind(now, userId, root, root)
    .run();
  forgetHeldSignIns();
  return result.meta.changes ?? 0;
}

/** Every session of a user (account deletion, suspension). */
export async function revokeAllSessions(db: D1Database, userId: string, now = Date.now()): Promise<void> {
  await db.prepare('UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').bind(now, userId).run();
  forgetHeldSignIns();
}
