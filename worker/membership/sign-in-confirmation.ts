// The sign-in confirmation toast's data: the email signed in with and whether the account is
// a member (docs/product/2-sign-in-notices-cache-routing.md §4.1 step 6, §4.4). The one-shot
// cookie that asks for it is set by the sign-in (worker/auth/sign-in.ts).
import type { D1Database } from '@cloudflare/workers-types';
import { eq } from 'drizzle-orm';
import { memberships } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { clearedCookie, NEW_ACCOUNT_CONFIRMATION, requestCookie, SIGN_IN_CONFIRMATION_COOKIE } from '../auth/cookies.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { isMembershipActive } from './active-membership.ts';

export interface SignInConfirmation {
  email: string;
  isMember: boolean;
  /** The account was just made: the toast welcomes rather than "Welcome back." */
  newAccount?: true;
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
  const asked = requestCookie(request, SIGN_IN_CONFIRMATION_COOKIE);
  if (!viewer.user || asked === null) return null;
  const [membership] = await orm(db).select().from(memberships).where(eq(memberships.userId, viewer.user.id));
  return {
    confirmation: {
      email: viewer.user.email ?? '',
      isMember: isMembershipActive(membership, now),
      ...(asked === NEW_ACCOUNT_CONFIRMATION ? { newAccount: true as const } : {}),
    },
    clearCookie: clearedCookie(new URL(request.url), SIGN_IN_CONFIRMATION_COOKIE),
  };
}
