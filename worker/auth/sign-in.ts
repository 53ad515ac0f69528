// Completing a sign-in, whichever way it was proven (code, link, registration, provider):
// a new session row and cookie (the session id rotates: the session the request carried,
// if any, is revoked), and the one-shot cookie that makes the next page show the sign-in
// confirmation toast.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { memberships, users } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { isMembershipActive } from '../membership/active-membership.ts';
import { createSession, revokeSession } from '../session/session-store.ts';
import type { RequestViewer } from '../session/viewer.ts';
import {
  authCookie,
  clearedCookie,
  REGISTRATION_COOKIE,
  requestCookie,
  sessionCookie,
  SIGN_IN_CONFIRMATION_COOKIE,
  SIGN_IN_REQUEST_COOKIE,
} from './cookies.ts';

/** The confirmation cookie outlives a slow redirect, not a visit. */
const CONFIRMATION_COOKIE_MS = 10 * 60 * 1000;

/** Starts a session for `userId`; returns the Set-Cookie values of the response. */
export async function startSession(db: D1Database, args: { userId: string; url: URL; viewer: RequestViewer; now: number; userAgent?: string }): Promise<string[]> {
  if (args.viewer.sessionIdHash) await revokeSession(db, args.viewer.sessionIdHash, args.now);
  const session = await createSession(db, args.userId, { now: args.now, userAgent: args.userAgent ?? '' });
  return [
    sessionCookie(args.url, session.token),
    authCookie(args.url, SIGN_IN_CONFIRMATION_COOKIE, '1', { maxAgeMs: CONFIRMATION_COOKIE_MS }),
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

export interface SignInConfirmation {
  email: string;
  isMember: boolean;
}

/**
 * The sign-in confirmation for the page a sign-in returns to
 * (docs/product/2-sign-in-notices-cache-routing.md §4.1 step 6, §4.4): present once, on the first
 * page a fresh session renders. `clearCookie` must go out with that page so the toast does not come
 * back.
 */
export async function readSignInConfirmation(
  db: D1Database,
  request: Request,
  viewer: RequestViewer,
  now: number,
): Promise<{ confirmation: SignInConfirmation; clearCookie: string } | null> {
  if (!viewer.user || requestCookie(request, SIGN_IN_CONFIRMATION_COOKIE) === null) return null;
  const [membership] = await orm(db).select().from(memberships).where(eq(memberships.userId, viewer.user.id));
  return {
    confirmation: { email: viewer.user.email ?? '', isMember: isMembershipActive(membership, now) },
    clearCookie: clearedCookie(new URL(request.url), SIGN_IN_CONFIRMATION_COOKIE),
  };
}
