// Rate limits and network lockouts of sign-in
// (docs/product/2-sign-in-notices-cache-routing.md §4.3, §8;
// docs/sign-in.md#rate-limits-and-lockouts: every operation in a batch counts against rate limits).
//
// Counters are fixed windows in D1 (rate_limits), one row per bucket and window, bumped
// with one atomic upsert. Resolvers call hit() once per field they resolve, so every
// operation of a batched request and every alias of one operation counts on its own —
// six aliased verifyLoginCode fields are six attempts, whatever the HTTP request looks like.
// Subjects (emails, client addresses) are stored as SHA-256 prefixes, never in clear.

import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { authLockouts, rateLimits } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { sha256Hex } from '../lib/crypto.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface Limit {
  /** Bucket name prefix; part of the stored key. */
  name: string;
  /** Allowed hits per window; the next one is refused until the window ends. */
  max: number;
  windowMs: number;
}

/** The limits (see docs/sign-in.md for the reasoning behind each number). */
export const LIMITS = {
  /** Sign-in emails to one address. */
  sendPerEmail: { name: 'send:email', max: 5, windowMs: 15 * MINUTE },
  /** Sign-in emails asked from one client address. */
  sendPerAddress: { name: 'send:address', max: 30, windowMs: HOUR },
  /**
   * Questions that reveal whether an email has an account, per client address: the
   * login-only "we didn't recognize that email" answer and EmailAvailability.
   */
  lookupPerAddress: { name: 'lookup:address', max: 30, windowMs: HOUR },
  /** Code verifications (right or wrong) from one client address. */
  verifyPerAddress: { name: 'verify:address', max: 30, windowMs: 15 * MINUTE },
  /** Wrong codes for one email, across all its requests. */
  wrongCodesPerEmail: { name: 'wrong:email', max: 10, windowMs: HOUR },
  /** Wrong codes from one client address per day; past it the network is locked out. */
  wrongCodesPerAddress: { name: 'wrong:address', max: 50, windowMs: DAY },
  /**
   * Accounts created from one client address (docs/outcomes.md UserCreationRateLimited): counted
   * when an account is made, so a form refused for its username costs nothing.
   */
  accountsPerAddress: { name: 'create:address', max: 20, windowMs: DAY },
  /** Verification emails per user. */
  verificationMailPerUser: { name: 'verify-mail:user', max: 3, windowMs: HOUR },
  /**
   * Account-finishing links opened or sent from one client address (worker/accounts/account-convert.ts):
   * a token is 32 random bytes, so this only stops a guessing run, like the code checks above.
   */
  convertPerAddress: { name: 'convert:address', max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

/**
 * How long a network lockout lasts (docs/product/2-sign-in-notices-cache-routing.md §8
 * IpAuthLockout counts it in days).
 */
export const NETWORK_LOCKOUT_MS = DAY;

export interface LimitState {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Until the window ends. */
  retryAfterMs: number;
  /** When the window ends (ms since the epoch). */
  resetsAt: number;
}

async function bucketKey(limit: Limit, subject: string): Promise<string> {
  return `${limit.name}:${(await sha256Hex(subject.toLowerCase())).slice(0, 32)}`;
}

function windowOf(limit: Limit, now: number): { start: number; end: number } {
  const start = Math.floor(now / limit.windowMs) * limit.windowMs;
  return { start, end: start + limit.windowMs };
}

/** Counts one hit and says whether it is within the limit. */
export async function hit(db: D1Database, limit: Limit, subject: string, now: number): Promise<LimitState> {
  const bucket = await bucketKey(limit, subject);
  const { start, end } = windowOf(limit, now);
  const [row] = await orm(db)
    .insert(rateLimits)
    .values({ bucket, windowStart: start, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return { allowed: count <= limit.max, count, retryAfterMs: end - now, resetsAt: end };
}

/**
 * Takes back hits counted by requests that then failed through no fault of the client (the
 * mail provider was down): a retry must not find its limit used up. One transaction.
 */
export async function refundHits(db: D1Database, hits: readonly { limit: Limit; subject: string }[], now: number): Promise<void> {
  if (hits.length === 0) return;
  const database = orm(db);
  // Keys first: a drizzle query is a thenable, so it must not be returned from an async callback (that would run it).
  const buckets = await Promise.all(hits.map(({ limit, subject }) => bucketKey(limit, subject)));
  const [first, ...rest] = hits.map(({ limit }, i) =>
    database
      .update(rateLimits)
      .set({ count: sql`max(${rateLimits.count} - 1, 0)` })
      .where(and(eq(rateLimits.bucket, buckets[i]!), eq(rateLimits.windowStart, windowOf(limit, now).start))),
  );
  await database.batch([first!, ...rest]);
}

/** The current window's state without counting a hit (allowed: one more hit would pass). */
export async function peek(db: D1Database, limit: Limit, subject: string, now: number): Promise<LimitState> {
  const bucket = await bucketKey(limit, subject);
  const { start, end } = windowOf(limit, now);
  const [row] = await orm(db)
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStart, start)));
  const count = row?.count ?? 0;
  return { allowed: count < limit.max, count, retryAfterMs: end - now, resetsAt: end };
}

async function addressSubject(address: string): Promise<string> {
  return `address:${(await sha256Hex(address)).slice(0, 32)}`;
}

/** The end of a network lockout of this client address, or null. */
export async function networkLockedUntil(db: D1Database, address: string, now: number): Promise<number | null> {
  const [row] = await orm(db)
    .select({ lockedUntil: authLockouts.lockedUntil })
    .from(authLockouts)
    .where(and(eq(authLockouts.subject, await addressSubject(address)), gt(authLockouts.lockedUntil, now)));
  return row?.lockedUntil ?? null;
}

/**
 * Records a wrong code: per email (limits guessing across fresh requests) and per client
 * address (past its daily limit the address is locked out for NETWORK_LOCKOUT_MS).
 */
export async function recordWrongCode(db: D1Database, email: string, address: string, now: number): Promise<void> {
  await hit(db, LIMITS.wrongCodesPerEmail, email, now);
  const perAddress = await hit(db, LIMITS.wrongCodesPerAddress, address, now);
  if (!perAddress.allowed) {
    const lockedUntil = now + NETWORK_LOCKOUT_MS;
    await orm(db)
      .insert(authLockouts)
      .values({ subject: await addressSubject(address), kind: 'NETWORK', lockedUntil, createdAt: now })
      .onConflictDoUpdate({ target: authLockouts.subject, set: { lockedUntil, createdAt: now } });
  }
}

/** Drops windows and lockouts that ended more than a day ago (called now and then by senders). */
export async function pruneRateLimits(db: D1Database, now: number): Promise<void> {
  await orm(db).delete(rateLimits).where(lt(rateLimits.windowStart, now - 2 * DAY));
  await orm(db).delete(authLockouts).where(lt(authLockouts.lockedUntil, now - DAY));
}
