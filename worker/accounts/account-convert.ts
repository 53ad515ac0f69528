// Finishing an account a newsletter invitation made (docs/newsletters.md "Finishing an invited
// account"; docs/adr/0198-finishing-an-invited-account.md). confirmInvitation
// (worker/newsletters/invitations.ts) makes a bare account — a name from the imported file, a
// username picked for the reader — and gives a one-use link /m/account/convert/{token}. The form
// behind it lets the reader choose their name and username (the sign-up rules and texts of
// shared/auth/sign-in-rules.ts); sending it uses the token, and the endpoint starts the session
// (worker/endpoints/account-convert.ts).
//
// Tokens are 32 random bytes, kept as their SHA-256 only, valid ACCOUNT_CONVERT_LIFETIME_DAYS and
// once: the form's answer sets used_at where it was empty and unexpired, in the same batch as
// the account's new name, so a replayed or raced token changes nothing.
import type { D1Database } from '@cloudflare/workers-types';
import { NAME_MAX_LENGTH, SIGN_UP_MESSAGES, usernameProblem } from '../../shared/auth/sign-in-rules.ts';
import { oneLine } from '../../shared/user-text.ts';
import type { RequestContext } from '../context/request-context.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';

/** How long the link of a confirmed invitation can finish the account. */
export const ACCOUNT_CONVERT_LIFETIME_DAYS = 7;
const LIFETIME_MS = ACCOUNT_CONVERT_LIFETIME_DAYS * 86_400_000;

/** The address of the account-finishing link (ShowAccountConvert, shared/routing/routes.ts). */
export const ACCOUNT_CONVERT_PATH = '/m/account/convert';

/** A new one-use token for `userId`'s bare account; the caller shows or mails the link. */
export async function issueConversion(db: D1Database, userId: string, now: number): Promise<string> {
  const token = randomToken(32);
  await db
    .prepare('INSERT INTO account_conversions (token_hash, user_id, created_at, expires_at) VALUES (?, ?, ?, ?)')
    .bind(await sha256Hex(token), userId, now, now + LIFETIME_MS)
    .run();
  return token;
}

export interface OpenConversion {
  tokenHash: string;
  userId: string;
  name: string;
  username: string;
  email: string | null;
}

/** The unused, unexpired conversion a token names (its account still live), or null. */
export async function openConversion(db: D1Database, token: string, now: number): Promise<OpenConversion | null> {
  if (!/^[\w-]{40,64}$/.test(token)) return null;
  const tokenHash = await sha256Hex(token);
  const row = await db
    .prepare(
      `SELECT c.user_id, u.name, u.username, u.email FROM account_conversions c JOIN users u ON u.id = c.user_id
       WHERE c.token_hash = ? AND c.used_at IS NULL AND c.expires_at > ? AND u.deleted_at IS NULL AND u.is_suspended = 0`,
    )
    .bind(tokenHash, now)
    .first<{ user_id: string; name: string; username: string; email: string | null }>();
  return row ? { tokenHash, userId: row.user_id, name: row.name, username: row.username, email: row.email } : null;
}

export type ConvertOutcome =
  | { kind: 'converted'; userId: string; username: string }
  /** The form's answer cannot be used: shown beside the field, the token stays usable. */
  | { kind: 'invalid'; field: 'name' | 'username'; message: string }
  /** Used, expired or unknown. */
  | { kind: 'gone' };

/**
 * Gives the bare account the name and username the reader chose and uses the token — one
 * batch, applied only while the token is still open. The token is the only authority: whoever
 * is signed in on this browser (if anyone) plays no part.
 */
export async function convertAccount(ctx: RequestContext, token: string, input: { name: string; username: string }): Promise<ConvertOutcome> {
  const { db, now } = ctx;
  const open = await openConversion(db, token, now);
  if (!open) return { kind: 'gone' };
  const name = oneLine(input.name);
  if (!name) return { kind: 'invalid', field: 'name', message: 'Please enter your name.' };
  if (name.length > NAME_MAX_LENGTH) return { kind: 'invalid', field: 'name', message: `Names can be at most ${NAME_MAX_LENGTH} characters.` };
  const username = input.username.trim().replace(/^@/, '');
  const problem = usernameProblem(username);
  if (problem) return { kind: 'invalid', field: 'username', message: SIGN_UP_MESSAGES[problem] };
  if (username.toLowerCase() !== open.username.toLowerCase()) {
    const taken = await db
      .prepare('SELECT 1 FROM users WHERE username = ? UNION ALL SELECT 1 FROM username_redirects WHERE old_username = ? AND user_id <> ?')
      .bind(username, username, open.userId)
      .first();
    if (taken) return { kind: 'invalid', field: 'username', message: SIGN_UP_MESSAGES.USERNAME_TAKEN };
  }
  let results;
  try {
    results = await db.batch([
      db.prepare('UPDATE account_conversions SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?').bind(now, open.tokenHash, now),
      // Applied only when the line above used the token (changes() is the batch's last write).
      db.prepare('UPDATE users SET name = ?, username = ? WHERE id = ? AND changes() = 1').bind(name, username, open.userId),
    ]);
  } catch (error) {
    // Another account took the username between the check and the write.
    if (/UNIQUE/i.test(String(error))) return { kind: 'invalid', field: 'username', message: SIGN_UP_MESSAGES.USERNAME_TAKEN };
    throw error;
  }
  if ((results[0]?.meta.changes ?? 0) === 0) return { kind: 'gone' };
  // The profile now shows the chosen name; search records carry it.
  await ctx.changes.record({ pages: [{ kind: 'profile', id: open.userId }], records: [{ kind: 'profile', id: open.userId }] });
  ctx.loaders.userById.clear(open.userId);
  return { kind: 'converted', userId: open.userId, username };
}
