// Two-factor authentication, the authenticator-app method (the spec's AUTH_APP; its lockouts and
// texts: docs/product/2-sign-in-notices-cache-routing.md §4.3, §8, shared/auth/lockout-text.ts;
// docs/adr/0162-two-factor-authentication.md).
//
// Enrolment: a new shared secret (20 random bytes) and its otpauth URI, shown once as a QR code;
// confirmed by a code from the app, which turns the method on and hands out ten recovery codes
// (kept as SHA-256 hashes, each good once). From then on a sign-in, however its first factor was
// proven, stops at a challenge (an HttpOnly cookie whose token's hash is stored) until a code or
// a recovery code answers it. A code is good once (its time step must be newer than the last
// accepted one). Wrong answers count: after PASSWORD_ATTEMPTS the account is locked for
// SOFT_LOCKOUT_MS; after MAX_SOFT_LOCKOUTS soft lockouts in a row it is locked for good (the
// spec's permanent lockout: the account is recovered through support).
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { orm } from '../db/orm.ts';
import { twoFactorChallenges, twoFactorMethods, twoFactorRecoveryCodes, users } from '../db/schema.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { isSealed, openTwoFactorSecret, sealTwoFactorSecret } from './two-factor-secret.ts';
import { authSecret } from './secrets.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { PASSWORD_ATTEMPTS, SOFT_LOCKOUT_MS, lockoutMessage, type LockoutErrorType } from '../../shared/auth/lockout-text.ts';

/** Where a sign-in waiting for its second factor asks for the code (worker/endpoints/two-factor.ts). */
export const TWO_FACTOR_PATH = '/m/two-factor';
/** Soft lockouts in a row before the permanent one. */
export const MAX_SOFT_LOCKOUTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** How long a sign-in waits for its second factor. */
export const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;
/** A code of the step before or after is accepted too (clocks drift). */
const WINDOW = 1;
const PERIOD_S = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export type SecondFactorFailure = { __typename: Exclude<LockoutErrorType, 'InvalidPassword' | 'PasswordSoftLockout' | 'PasswordPermanentLockout' | 'IpAuthLockout'>; message: string; lockoutInfo: { failCount: number | null; lockedOutUntil: number | null } };
export type SecondFactorResult = { ok: true } | { ok: false; failure: SecondFactorFailure };

function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });
}

function failure(type: SecondFactorFailure['__typename'], info: { failCount?: number; lockedOutUntil?: number }, now: number): SecondFactorResult {
  return {
    ok: false,
    failure: { __typename: type, message: lockoutMessage(type, info, now), lockoutInfo: { failCount: info.failCount ?? null, lockedOutUntil: info.lockedOutUntil ?? null } },
  };
}

async function methodOf(db: D1Database, userId: string) {
  const [row] = await orm(db).select().from(twoFactorMethods).where(eq(twoFactorMethods.userId, userId));
  return row;
}

/** Whether a sign-in of this account needs its second factor. */
export async function needsSecondFactor(db: D1Database, userId: string): Promise<boolean> {
  const row = await methodOf(db, userId);
  return Boolean(row?.confirmedAt);
}

export interface TwoFactorStatus {
  enabled: boolean;
  method: 'AUTH_APP' | 'SMS_TEXT' | 'VOICE_CALL' | null;
  recoveryCodesLeft: number;
}

export async function twoFactorStatus(db: D1Database, userId: string): Promise<TwoFactorStatus> {
  const row = await methodOf(db, userId);
  if (!row?.confirmedAt) return { enabled: false, method: null, recoveryCodesLeft: 0 };
  const left = await orm(db)
    .select({ hash: twoFactorRecoveryCodes.codeHash })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled: true, method: row.method, recoveryCodesLeft: left.length };
}

/**
 * Where the methods are kept and the key their secrets are sealed with (AUTH_SECRET;
 * worker/auth/two-factor-secret.ts).
 */
export interface TwoFactorStore {
  db: D1Database;
  key: string;
}

export function twoFactorStore(env: Parameters<typeof authSecret>[0] & { DB: D1Database }): TwoFactorStore {
  return { db: env.DB, key: authSecret(env) };
}

/** A new secret for the account (replacing an unconfirmed one); null when the method is already on. */
export async function startEnrolment(store: TwoFactorStore, user: { id: string; username: string }, issuer: string, now: number): Promise<{ secret: string; uri: string } | null> {
  const existing = await methodOf(store.db, user.id);
  if (existing?.confirmedAt) return null;
  const secret = new Secret({ size: 20 }).base32;
  // Only the sealed value is written: the plain secret is shown this once (the QR code).
  const sealed = await sealTwoFactorSecret(store.key, user.id, secret);
  await orm(store.db)
    .insert(twoFactorMethods)
    .values({ userId: user.id, method: 'AUTH_APP', secret: sealed, createdAt: now })
    .onConflictDoUpdate({ target: twoFactorMethods.userId, set: { secret: sealed, confirmedAt: null, lastUsedStep: null, failCount: 0, lockedUntil: null, lockoutCount: 0, createdAt: now } });
  return { secret, uri: totpFor(secret, user.username, issuer).toString() };
}

function recoveryCode(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(10));
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

const normalizeRecovery = (code: string) => code.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * Checks a code (or, once the method is on, a recovery code) for the account, counting wrong
 * answers and applying the lockouts. `pending`: the enrolment's confirming code (method not on yet).
 */
export async function checkSecondFactor(store: TwoFactorStore, userId: string, code: string, now: number, options: { pending?: boolean } = {}): Promise<SecondFactorResult> {
  const { db } = store;
  const row = await methodOf(db, userId);
  if (!row || Boolean(row.confirmedAt) === Boolean(options.pending)) return failure('InvalidTwoFactorAuthCode', { failCount: PASSWORD_ATTEMPTS }, now);
  if (row.lockoutCount >= MAX_SOFT_LOCKOUTS) return failure('TwoFactorAuthPermanentLockout', {}, now);
  if (row.lockedUntil && row.lockedUntil > now) return failure('TwoFactorAuthSoftLockout', { lockedOutUntil: row.lockedUntil }, now);
  const q = orm(db);
  const token = code.replace(/\s/g, '');
  let accepted = false;
  if (/^\d{6}$/.test(token)) {
    const secret = await openTwoFactorSecret(store.key, userId, row.secret);
    // A secret kept before encryption is sealed on its first use (docs/adr/0183-two-factor-secret-at-rest.md).
    if (!isSealed(row.secret)) await q.update(twoFactorMethods).set({ secret: await sealTwoFactorSecret(store.key, userId, secret) }).where(eq(twoFactorMethods.userId, userId));
    const delta = totpFor(secret, userId, 'x').validate({ token, timestamp: now, window: WINDOW });
    const step = Math.floor(now / 1000 / PERIOD_S) + (delta ?? 0);
    // A code is good once: a code of a step already used (the same code replayed) is refused.
    if (delta !== null && (row.lastUsedStep === null || step > row.lastUsedStep)) {
      accepted = true;
      await q.update(twoFactorMethods).set({ lastUsedStep: step, failCount: 0, lockedUntil: null, lockoutCount: 0 }).where(eq(twoFactorMethods.userId, userId));
    }
  } else if (row.confirmedAt && normalizeRecovery(token).length === 10) {
    const hash = await sha256Hex(normalizeRecovery(token));
    const used = await q
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hash), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ hash: twoFactorRecoveryCodes.codeHash });
    if (used.length > 0) {
      accepted = true;
      await q.update(twoFactorMethods).set({ failCount: 0, lockedUntil: null, lockoutCount: 0 }).where(eq(twoFactorMethods.userId, userId));
    }
  }
  if (accepted) return { ok: true };
  const failCount = row.failCount + 1;
  if (failCount < PASSWORD_ATTEMPTS) {
    await q.update(twoFactorMethods).set({ failCount }).where(eq(twoFactorMethods.userId, userId));
    return failure('InvalidTwoFactorAuthCode', { failCount }, now);
  }
  const lockoutCount = row.lockoutCount + 1;
  const lockedUntil = now + SOFT_LOCKOUT_MS;
  await q.update(twoFactorMethods).set({ failCount: 0, lockedUntil, lockoutCount }).where(eq(twoFactorMethods.userId, userId));
  if (lockoutCount >= MAX_SOFT_LOCKOUTS) return failure('TwoFactorAuthPermanentLockout', {}, now);
  return failure('TwoFactorAuthSoftLockout', { lockedOutUntil: lockedUntil }, now);
}

/** Confirms the enrolment with a code from the app: the method is on; answers the recovery codes (shown once). */
export async function confirmEnrolment(store: TwoFactorStore, userId: string, code: string, now: number): Promise<{ ok: true; recoveryCodes: string[] } | { ok: false; failure: SecondFactorFailure }> {
  const { db } = store;
  const checked = await checkSecondFactor(store, userId, code, now, { pending: true });
  if (!checked.ok) return checked;
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  const hashes = await Promise.all(codes.map((c) => sha256Hex(normalizeRecovery(c))));
  const q = orm(db);
  await q.batch([
    q.update(twoFactorMethods).set({ confirmedAt: now }).where(eq(twoFactorMethods.userId, userId)),
    q.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)),
    ...hashes.map((codeHash) => q.insert(twoFactorRecoveryCodes).values({ userId, codeHash })),
  ]);
  return { ok: true, recoveryCodes: codes };
}

/** Turns the method off, with a code (or a recovery code) as proof. */
export async function disableSecondFactor(store: TwoFactorStore, userId: string, code: string, now: number): Promise<SecondFactorResult> {
  const { db } = store;
  const checked = await checkSecondFactor(store, userId, code, now);
  if (!checked.ok) return checked;
  const q = orm(db);
  await q.batch([q.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId)), q.delete(twoFactorMethods).where(eq(twoFactorMethods.userId, userId))]);
  return { ok: true };
}

/** A sign-in whose first factor is proven waits here: the cookie's token (its hash stored). */
export async function issueChallenge(db: D1Database, userId: string, redirect: string, now: number): Promise<string> {
  const token = randomToken();
  await orm(db).insert(twoFactorChallenges).values({ tokenHash: await sha256Hex(token), userId, redirect, expiresAt: now + CHALLENGE_LIFETIME_MS });
  return token;
}

/** The waiting sign-in of a challenge token, or null (unknown or expired). */
export async function challengeOf(db: D1Database, token: string | null | undefined, now: number): Promise<{ userId: string; redirect: string; tokenHash: string; name: string } | null> {
  if (!token) return null;
  const tokenHash = await sha256Hex(token);
  const [row] = await orm(db)
    .select({ userId: twoFactorChallenges.userId, redirect: twoFactorChallenges.redirect, expiresAt: twoFactorChallenges.expiresAt, name: users.name })
    .from(twoFactorChallenges)
    .innerJoin(users, eq(users.id, twoFactorChallenges.userId))
    .where(eq(twoFactorChallenges.tokenHash, tokenHash));
  if (!row || row.expiresAt <= now) return null;
  return { userId: row.userId, redirect: row.redirect, tokenHash, name: row.name };
}

/** The challenge is answered: it cannot be used again. */
export async function endChallenge(db: D1Database, tokenHash: string): Promise<void> {
  await orm(db).delete(twoFactorChallenges).where(eq(twoFactorChallenges.tokenHash, tokenHash));
}

// ---------------------------------------------------------------------------------------------
// The viewer's own method, for the settings (worker/graphql/modules/two-factor.ts).

function viewerOf(ctx: RequestContext) {
  const user = ctx.viewer.user;
  if (!user) throw signInRequired('change two-factor authentication');
  return user;
}

export async function viewerTwoFactorStatus(ctx: RequestContext): Promise<TwoFactorStatus | null> {
  return ctx.viewer.user ? twoFactorStatus(ctx.db, ctx.viewer.user.id) : null;
}

/** A new secret and its otpauth URI (for the QR code); BadRequest when the method is already on. */
export async function enrolTwoFactor(ctx: RequestContext): Promise<{ secret: string; uri: string } | { __typename: 'BadRequest'; message: string }> {
  const user = viewerOf(ctx);
  const started = await startEnrolment({ db: ctx.db, key: authSecret(ctx.env) }, user, ctx.env.PRODUCT_NAME, ctx.now);
  return started ?? { __typename: 'BadRequest', message: 'Two-factor authentication is already on. Turn it off first to use another app.' };
}

export async function confirmTwoFactor(ctx: RequestContext, code: string) {
  return confirmEnrolment({ db: ctx.db, key: authSecret(ctx.env) }, viewerOf(ctx).id, code, ctx.now);
}

export async function disableTwoFactor(ctx: RequestContext, code: string) {
  return disableSecondFactor({ db: ctx.db, key: authSecret(ctx.env) }, viewerOf(ctx).id, code, ctx.now);
}
