// Completing a sign-in, whichever way it was proven (code, link, registration, provider):
// a new session row and cookie (the session id rotates: the session the request carried,
// if any, is revoked), and the one-shot cookie that makes the next page show the sign-in
// confirmation toast (read by worker/membership/sign-in-confirmation.ts: it says whether the
// account is a member).
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { createSession, revokeSession } from '../session/session-store.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { clearedCookie, NEW_ACCOUNT_CONFIRMATION, REGISTRATION_COOKIE, sessionCookie, SIGN_IN_CONFIRMATION_COOKIE, SIGN_IN_REQUEST_COOKIE } from './cookies.ts';
import { httpOnlyCookie } from '../session/cookie-attributes.ts';

/** The confirmation cookie outlives a slow redirect, not a visit. */
const CONFIRMATION_COOKIE_MS = 10 * 60 * 1000;

/** Starts a session for `userId`; returns the Set-Cookie values of the response. `newAccount`: the account was just made. */
export async function startSession(
  db: D1Database,
  args: { userId: string; url: URL; viewer: RequestViewer; now: number; userAgent?: string; newAccount?: boolean },
): Promise<string[]> {
  if (args.viewer.sessionIdHash) await revokeSession(db, args.viewer.sessionIdHash, args.now);
  const session = await createSession(db, args.userId, { now: args.now, userAgent: args.userAgent ?? '' });
  return [
    sessionCookie(args.url, session.token),
    httpOnlyCookie(args.url, SIGN_IN_CONFIRMATION_COOKIE, args.newAccount ? NEW_ACCOUNT_CONFIRMATION : '1', { maxAgeMs: CONFIRMATION_COOKIE_MS }),
    clearedCookie(args.url, SIGN_IN_REQUEST_COOKIE),
    clearedCookie(args.url, REGISTRATION_COOKIE),
  ];
}

/** A live (not deleted) user by email. */
export async function userByEmail(db: D1Database, email: string): Promise<{ id: string; email: string | null } | null> {
  const [row] = await orm(db)
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return row ?? null;
}
