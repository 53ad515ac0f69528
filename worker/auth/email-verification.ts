// Verifying an account's email (docs/product/2-sign-in-notices-cache-routing.md §3
// Viewer.unverifiedEmail, §4.4 VERIFY_EMAIL and SENT_VERIFICATION_EMAIL toasts):
// SendVerificationEmail mails a link to the pending email; following it shows a confirm button
// (mail scanners follow links), whose POST makes the pending email the account's email.
import { mainOrigin } from '../env.ts';
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, gt, ne } from 'drizzle-orm';
import { emailVerifications, users } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { verificationMail } from '../mail/templates.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import type { AuthCall } from './email-sign-in.ts';
import { hit, LIMITS } from './rate-limit.ts';
import { tooManyAttemptsMessage } from '../../shared/auth/lockout-text.ts';

export const VERIFICATION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

export type SendVerificationOutcome =
  | { __typename: 'VerificationEmailSent'; email: string }
  | { __typename: 'BadRequest'; message: string; signUpErrorCode: null }
  | { __typename: 'NotFound'; message: string }
  | { __typename: 'TooManyRequests'; message: string; lockoutInfo: { failCount: null; lockedOutUntil: number } };

/** The email waiting to be verified for a user, or null. */
export async function unverifiedEmailOf(db: D1Database, userId: string): Promise<string | null> {
  const [row] = await orm(db).select({ email: emailVerifications.email }).from(emailVerifications).where(eq(emailVerifications.userId, userId));
  return row?.email ?? null;
}

export async function sendVerificationEmail(call: AuthCall): Promise<SendVerificationOutcome> {
  const user = call.viewer.user;
  if (!user) return { __typename: 'BadRequest', message: 'Sign in to verify your email.', signUpErrorCode: null };
  const email = await unverifiedEmailOf(call.db, user.id);
  if (!email) return { __typename: 'NotFound', message: 'There is no email waiting to be verified.' };
  const limit = await hit(call.db, LIMITS.verificationMailPerUser, user.id, call.now);
  if (!limit.allowed) {
    return {
      __typename: 'TooManyRequests',
      message: tooManyAttemptsMessage(limit.retryAfterMs),
      lockoutInfo: { failCount: null, lockedOutUntil: limit.resetsAt },
    };
  }
  const key = randomToken(32);
  await orm(call.db)
    .update(emailVerifications)
    .set({ keyHash: await sha256Hex(key), sentAt: call.now, expiresAt: call.now + VERIFICATION_LINK_LIFETIME_MS })
    .where(eq(emailVerifications.userId, user.id));
  await call.mailer.send(
    await verificationMail({
      productName: call.env.PRODUCT_NAME,
      to: email,
      link: `${mainOrigin(call.env)}/m/account/confirm/${encodeURIComponent(key)}`,
      lifetimeHours: VERIFICATION_LINK_LIFETIME_MS / 3_600_000,
    }),
  );
  return { __typename: 'VerificationEmailSent', email };
}

/** The pending verification behind a link key, if it is still valid. */
export async function findVerification(db: D1Database, key: string, now: number) {
  if (!key) return null;
  const [row] = await orm(db)
    .select()
    .from(emailVerifications)
    .where(and(eq(emailVerifications.keyHash, await sha256Hex(key)), gt(emailVerifications.expiresAt, now)));
  return row ?? null;
}

/** Makes the pending email the account's email. */
export async function confirmVerification(db: D1Database, key: string, now: number): Promise<'verified' | 'invalid' | 'taken'> {
  const row = await findVerification(db, key, now);
  if (!row) return 'invalid';
  const [other] = await orm(db)
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, row.email), ne(users.id, row.userId)));
  if (other) return 'taken';
  const database = orm(db);
  await database.batch([
    database.update(users).set({ email: row.email }).where(eq(users.id, row.userId)),
    database.delete(emailVerifications).where(eq(emailVerifications.userId, row.userId)),
  ]);
  return 'verified';
}

