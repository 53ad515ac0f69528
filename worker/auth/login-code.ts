// Sign-in email requests: one random token per request with two faces, a six-digit code
// (typed in the dialog on narrow screens) and a link (followed on wide screens).
//
// - Random: crypto.getRandomValues; the code is uniform over 000000–999999 (rejection
//   sampling), the link token is 256 bits.
// - Stored hashed: the link token as SHA-256 (its entropy makes a salt pointless); the code
//   as HMAC-SHA-256 under AUTH_SECRET with the row id as salt, so a copy of the database
//   alone cannot be brute-forced back to codes (a million candidates would be nothing).
// - Bound: to the email it was sent to (the row holds it), and a code to the browser that
//   asked (the SIGN_IN_REQUEST_COOKIE's hash); the link works on any device.
// - Single use: using the code or the link sets used_at, which kills both; a newer request
//   for the same email kills older unused ones.
// - Short-lived: LOGIN_TOKEN_LIFETIME_MS (15 minutes).
// - Attempt-limited: MAX_WRONG_LOGIN_CODES wrong codes kill the request. Comparisons are
//   constant-time.

import type { D1Database } from '@cloudflare/workers-types';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { LOGIN_TOKEN_LIFETIME_MS, MAX_WRONG_LOGIN_CODES, type AuthOperation } from '../../shared/auth/sign-in-rules.ts';
import { loginTokens } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { orm } from '../db/orm.ts';
import { timingSafeEqual } from 'hono/utils/buffer';
import { hmacSha256Hex, randomToken, sha256Hex } from '../lib/crypto.ts';
import { authSecret } from './secrets.ts';

export type LoginTokenRow = typeof loginTokens.$inferSelect;

/** A uniformly random six-digit code (leading zeros kept). */
export function generateLoginCode(): string {
  const buffer = new Uint32Array(1);
  // 4,294,000,000 is the largest multiple of 10^6 below 2^32: values above it would bias the low codes.
  const limit = 4_294_000_000;
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return String(value % 1_000_000).padStart(6, '0');
  }
}

export async function hashLoginCode(env: Pick<Env, 'AUTH_SECRET' | 'ENVIRONMENT'>, tokenId: string, code: string): Promise<string> {
  return hmacSha256Hex(authSecret(env), `login-code:${tokenId}:${code}`);
}

export interface IssuedLoginToken {
  id: string;
  /** The six-digit code for the mail. */
  code: string;
  /** The link token for the mail (/m/callback/email?token=…). */
  linkToken: string;
  /** Value of the SIGN_IN_REQUEST_COOKIE for the browser that asked. */
  browserKey: string;
  expiresAt: number;
}

export interface LoginTokenRequest {
  email: string;
  operation: AuthOperation;
  redirect: string;
  fullName: string;
  now: number;
}

/** A request's values before they are stored: what the mail carries and the hashes stored. */
export interface PreparedLoginToken extends IssuedLoginToken {
  row: typeof loginTokens.$inferInsert;
}

/**
 * Makes a request's values without writing anything: the sender mails them first and
 * stores them only once the mail was accepted, so a mail provider that fails leaves no
 * request behind and the email's earlier code alive (docs/adr/0055-writes-are-whole.md).
 */
export async function prepareLoginToken(env: Pick<Env, 'AUTH_SECRET' | 'ENVIRONMENT'>, request: LoginTokenRequest): Promise<PreparedLoginToken> {
  const id = randomToken(16);
  const code = generateLoginCode();
  const linkToken = randomToken(32);
  const browserKey = randomToken(32);
  const expiresAt = request.now + LOGIN_TOKEN_LIFETIME_MS;
  const [codeHash, linkHash, browserHash] = await Promise.all([hashLoginCode(env, id, code), sha256Hex(linkToken), sha256Hex(browserKey)]);
  const row = {
    id,
    email: request.email,
    operation: request.operation,
    redirect: request.redirect,
    fullName: request.fullName,
    codeHash,
    linkHash,
    browserHash,
    createdAt: request.now,
    expiresAt,
    usedAt: null,
    failedAttempts: 0,
  };
  return { id, code, linkToken, browserKey, expiresAt, row };
}

/** Stores a prepared request and kills the email's older unused ones, in one transaction. */
export async function storeLoginToken(db: D1Database, prepared: PreparedLoginToken): Promise<void> {
  const database = orm(db);
  await database.batch([
    database
      .update(loginTokens)
      .set({ usedAt: prepared.row.createdAt })
      .where(and(eq(loginTokens.email, prepared.row.email), isNull(loginTokens.usedAt))),
    database.insert(loginTokens).values(prepared.row),
  ]);
}

/** Creates a request (and kills the email's older unused ones). */
export async function issueLoginToken(db: D1Database, env: Pick<Env, 'AUTH_SECRET' | 'ENVIRONMENT'>, request: LoginTokenRequest): Promise<IssuedLoginToken> {
  const prepared = await prepareLoginToken(env, request);
  await storeLoginToken(db, prepared);
  const { row: _stored, ...issued } = prepared;
  return issued;
}

/** Why a code or link was not accepted. */
export type LoginTokenRefusal = 'none' | 'used' | 'expired' | 'dead';

export type CodeCheck =
  | { kind: 'ok'; token: LoginTokenRow }
  | { kind: 'wrong'; token: LoginTokenRow; attemptsLeft: number }
  | { kind: LoginTokenRefusal; token: LoginTokenRow | null };

function refusal(token: LoginTokenRow, now: number): LoginTokenRefusal | null {
  if (token.usedAt !== null) return 'used';
  if (token.failedAttempts >= MAX_WRONG_LOGIN_CODES) return 'dead';
  if (token.expiresAt <= now) return 'expired';
  return null;
}

/** Marks a request used if it still can be; false when another use (or death) came first. */
async function markUsed(db: D1Database, id: string, now: number): Promise<boolean> {
  const rows = await orm(db)
    .update(loginTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(loginTokens.id, id),
        isNull(loginTokens.usedAt),
        lt(loginTokens.failedAttempts, MAX_WRONG_LOGIN_CODES),
        sql`${loginTokens.expiresAt} > ${now}`,
      ),
    )
    .returning({ id: loginTokens.id });
  return rows.length === 1;
}

/** The newest request made by the browser holding `browserKey`. */
export async function findRequestOfBrowser(db: D1Database, browserKey: string): Promise<LoginTokenRow | null> {
  const [row] = await orm(db)
    .select()
    .from(loginTokens)
    .where(eq(loginTokens.browserHash, await sha256Hex(browserKey)))
    .orderBy(desc(loginTokens.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Checks a code against a request (the newest of the browser that typed it, see
 * findRequestOfBrowser). A right code uses the request; a wrong one counts an attempt
 * atomically, so concurrent guesses cannot get past the limit.
 */
export async function checkLoginCode(
  db: D1Database,
  env: Pick<Env, 'AUTH_SECRET' | 'ENVIRONMENT'>,
  token: LoginTokenRow | null,
  code: string,
  now: number,
): Promise<CodeCheck> {
  if (!token) return { kind: 'none', token: null };
  const refused = refusal(token, now);
  if (refused) return { kind: refused, token };
  const expected = await hashLoginCode(env, token.id, code);
  if (await timingSafeEqual(expected, token.codeHash)) {
    return (await markUsed(db, token.id, now)) ? { kind: 'ok', token } : { kind: 'used', token };
  }
  const [row] = await orm(db)
    .update(loginTokens)
    .set({ failedAttempts: sql`${loginTokens.failedAttempts} + 1` })
    .where(and(eq(loginTokens.id, token.id), isNull(loginTokens.usedAt)))
    .returning({ failedAttempts: loginTokens.failedAttempts });
  const failed = row?.failedAttempts ?? MAX_WRONG_LOGIN_CODES;
  const attemptsLeft = MAX_WRONG_LOGIN_CODES - failed;
  return attemptsLeft > 0 ? { kind: 'wrong', token, attemptsLeft } : { kind: 'dead', token };
}

/** The request behind a link token, without using it (the confirm page's GET). */
export async function peekLinkToken(db: D1Database, linkToken: string, now: number): Promise<{ kind: 'ok' | LoginTokenRefusal; token: LoginTokenRow | null }> {
  if (!linkToken) return { kind: 'none', token: null };
  const [token] = await orm(db)
    .select()
    .from(loginTokens)
    .where(eq(loginTokens.linkHash, await sha256Hex(linkToken)));
  if (!token) return { kind: 'none', token: null };
  return { kind: refusal(token, now) ?? 'ok', token };
}

/** Uses a link token (the confirm page's POST). */
export async function consumeLinkToken(db: D1Database, linkToken: string, now: number): Promise<{ kind: 'ok' | LoginTokenRefusal; token: LoginTokenRow | null }> {
  const peeked = await peekLinkToken(db, linkToken, now);
  if (peeked.kind !== 'ok' || !peeked.token) return peeked;
  return (await markUsed(db, peeked.token.id, now)) ? peeked : { kind: 'used', token: peeked.token };
}

/** Drops requests that ended more than a day ago. */
export async function pruneLoginTokens(db: D1Database, now: number): Promise<void> {
  await orm(db)
    .delete(loginTokens)
    .where(lt(loginTokens.expiresAt, now - 24 * 60 * 60 * 1000));
}
