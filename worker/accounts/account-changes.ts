// The changes a reader makes to their own account from Settings
// (docs/product/1-product-screens-membership-header-search.md §2.4; docs/adr/0079-account-settings.md):
// name and bio, username (the old address keeps working), email (applies once the new address
// confirms), preferences, time zone, sessions, sign-in providers, and deleting the account.
// Only the viewer's own account: every change works on ctx.viewer, never on an id the client
// sends, and answers the settings after it (or why it was refused).
import type { D1Database } from '@cloudflare/workers-types';
import { NAME_MAX_LENGTH, SIGN_UP_MESSAGES, usernameProblem, type SignUpErrorCode } from '../../shared/auth/sign-in-rules.ts';
import { BIO_MAX_LENGTH, PREFERENCES } from '../../shared/accounts/settings.ts';
import { isValidEmail, normalizeEmail } from '../../shared/auth/sign-in-rules.ts';
import { canonicalTimeZone } from '../../shared/time-zone.ts';
import { mainOrigin } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';
import { CallerError } from '../context/errors.ts';
import { refusals, type AlreadyExists } from '../context/outcomes.ts';
import { clearedCookie } from '../auth/cookies.ts';
import { authCall } from '../auth/email-sign-in.ts';
import { sendVerificationEmail, type SendVerificationOutcome } from '../auth/email-verification.ts';
import { clearHostCache } from '../host/resolve-host.ts';
import { revokeAllSessions, revokeOtherSessions, SESSION_COOKIE } from '../session/session-store.ts';
import type { AccountSettingsSource } from './account-settings.ts';
import { oneLine } from '../../shared/user-text.ts';

export type Refusal = { __typename: 'BadRequest'; message: string; signUpErrorCode: SignUpErrorCode | null };

const refusal = (message: string, signUpErrorCode: SignUpErrorCode | null = null): Refusal => ({ __typename: 'BadRequest', message, signUpErrorCode });

/** The viewer, changing their own account. */
function settingsOwner(ctx: RequestContext): string {
  const id = ctx.viewer.user?.id;
  if (!id) throw new CallerError('Sign in to change your settings.', { code: 'UNAUTHENTICATED' });
  // A staff member acting as someone may look, not change their account.
  if (ctx.viewer.isSpoofed) throw new CallerError('A spoofed session cannot change settings.', { code: 'FORBIDDEN' });
  return id;
}

/** The settings after a change (the request's copy of the user row is dropped: it changed). */
function changedSettings(ctx: RequestContext, userId: string): AccountSettingsSource {
  ctx.loaders.userById.clear(userId);
  return { userId };
}

export async function updateProfile(ctx: RequestContext, input: { name: string; bio: string }): Promise<Refusal | AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  const name = oneLine(input.name);
  const bio = oneLine(input.bio);
  if (!name) return refusal('Please enter your name.');
  if (name.length > NAME_MAX_LENGTH) return refusal(`Names can be at most ${NAME_MAX_LENGTH} characters.`);
  if (bio.length > BIO_MAX_LENGTH) return refusal(`Bios can be at most ${BIO_MAX_LENGTH} characters.`);
  await ctx.db.prepare('UPDATE users SET name = ?, bio = ? WHERE id = ? AND deleted_at IS NULL').bind(name, bio, userId).run();
  // The profile, the bylines of every story and the user's own host show the name; search
  // records carry it too (the person and every story's byline).
  await ctx.changes.record({ pages: [{ kind: 'profile', id: userId }], records: [{ kind: 'profile', id: userId }] });
  return changedSettings(ctx, userId);
}

/**
 * The profile photo: an image the user uploaded themselves (POST /_/upload → uploaded_images), or
 * null to go back to the initial. Another person's upload is refused: an image id is not a secret
 * (it is in every page that shows the image), so owning the row is what makes it one's own.
 */
export async function setProfilePhoto(ctx: RequestContext, imageId: string | null): Promise<Refusal | AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  const { db } = ctx;
  if (imageId !== null) {
    const upload = await db.prepare('SELECT 1 FROM uploaded_images WHERE id = ? AND uploader_id = ?').bind(imageId, userId).first();
    if (!upload) return refusal('Upload the photo first: only an image you uploaded can be your photo.');
  }
  await db.prepare('UPDATE users SET image_id = ? WHERE id = ? AND deleted_at IS NULL').bind(imageId, userId).run();
  // The profile, bylines, avatars in lists and the search records all show the photo.
  await ctx.changes.record({ pages: [{ kind: 'profile', id: userId }], records: [{ kind: 'profile', id: userId }] });
  return changedSettings(ctx, userId);
}

/**
 * A new username, refused with the sign-up error codes (docs/product/3-routes-data-calls-constants.md §8).
 * The old one is kept in username_redirects: /@old (and the old subdomain's profile) lead to the
 * user, and nobody else can take it while it does.
 */
export async function changeUsername(ctx: RequestContext, requested: string): Promise<Refusal | AlreadyExists | AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  const { db, now } = ctx;
  const username = requested.trim().replace(/^@/, '');
  const problem = usernameProblem(username);
  if (problem) return refusal(SIGN_UP_MESSAGES[problem], problem);
  const current = await db.prepare('SELECT username FROM users WHERE id = ?').bind(userId).first<{ username: string }>();
  if (!current) return refusal('This account does not exist.');
  if (current.username === username) return changedSettings(ctx, userId);
  const sameIgnoringCase = current.username.toLowerCase() === username.toLowerCase();
  if (!sameIgnoringCase) {
    const taken = await db
      .prepare('SELECT 1 FROM users WHERE username = ? UNION ALL SELECT 1 FROM username_redirects WHERE old_username = ? AND user_id <> ?')
      .bind(username, username, userId)
      .first();
    // Someone else's name (or old name): AlreadyExists (docs/outcomes.md); sign-up keeps the spec's BadRequest code.
    if (taken) return refusals.alreadyExists(SIGN_UP_MESSAGES.USERNAME_TAKEN);
  }
  const statements = [
    db.prepare('UPDATE users SET username = ? WHERE id = ?').bind(username, userId),
    // Reclaiming one of one's own old names: it is a username again, not a redirect.
    db.prepare('DELETE FROM username_redirects WHERE old_username = ?').bind(username),
  ];
  if (!sameIgnoringCase) {
    statements.push(
      db
        .prepare('INSERT INTO username_redirects (old_username, user_id, created_at) VALUES (?, ?, ?) ON CONFLICT (old_username) DO UPDATE SET user_id = excluded.user_id')
        .bind(current.username, userId, now),
    );
  }
  await db.batch(statements);
  clearHostCache();
  await ctx.changes.record({ pages: [{ kind: 'profile', id: userId }] });
  return changedSettings(ctx, userId);
}

/** The user an old username now leads to (their current username), or null. */
export async function renamedUsername(db: D1Database, oldUsername: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT u.username FROM username_redirects r JOIN users u ON u.id = r.user_id WHERE r.old_username = ? AND u.deleted_at IS NULL')
    .bind(oldUsername)
    .first<{ username: string }>();
  return row?.username ?? null;
}

/**
 * Starts an email change: the new address waits in email_verifications until the link mailed to
 * it is followed (/m/account/confirm/{key}); the account keeps its email until then.
 */
export async function changeEmail(ctx: RequestContext, requested: string): Promise<Refusal | SendVerificationOutcome> {
  const userId = settingsOwner(ctx);
  const refused = await requestEmailChange(ctx.db, userId, requested, ctx.now);
  return refused ?? sendVerificationEmail(authCall(ctx));
}

async function requestEmailChange(db: D1Database, userId: string, requested: string, now: number): Promise<Refusal | null> {
  if (!isValidEmail(requested)) return refusal('Please enter a valid email address.');
  const email = normalizeEmail(requested);
  const owner = await db.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: string }>();
  if (owner?.id === userId) return refusal('This is already your email address.');
  if (owner) return refusal(SIGN_UP_MESSAGES.EMAIL_TAKEN, 'EMAIL_TAKEN');
  await db
    .prepare(
      'INSERT INTO email_verifications (user_id, email, key_hash, created_at) VALUES (?, ?, NULL, ?) ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, key_hash = NULL, created_at = excluded.created_at, sent_at = NULL, expires_at = NULL',
    )
    .bind(userId, email, now)
    .run();
  return null;
}

export interface PreferenceValue {
  key: string;
  label: string;
  enabled: boolean;
}

export async function preferencesOf(ctx: RequestContext, source: AccountSettingsSource): Promise<PreferenceValue[]> {
  const { results } = await ctx.db.prepare('SELECT key, enabled FROM user_preferences WHERE user_id = ?').bind(source.userId).all<{ key: string; enabled: number }>();
  const chosen = new Map(results.map((row) => [row.key, row.enabled === 1]));
  return PREFERENCES.map((p) => ({ key: p.key, label: p.label, enabled: chosen.get(p.key) ?? p.enabled }));
}

export async function setPreference(ctx: RequestContext, key: string, enabled: boolean): Promise<({ __typename: 'Preference' } & PreferenceValue) | Refusal> {
  const userId = settingsOwner(ctx);
  const definition = PREFERENCES.find((p) => p.key === key);
  if (!definition) return refusal('There is no such preference.');
  await ctx.db
    .prepare('INSERT INTO user_preferences (user_id, key, enabled, updated_at) VALUES (?, ?, ?, ?) ON CONFLICT (user_id, key) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at')
    .bind(userId, key, enabled ? 1 : 0, ctx.now)
    .run();
  return { __typename: 'Preference', key, label: definition.label, enabled };
}

/** The IANA time zone the writer's stats days are cut in, or null for UTC. */
export async function setTimeZone(ctx: RequestContext, timeZone: string | null): Promise<Refusal | AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  const zone = timeZone == null ? null : canonicalTimeZone(timeZone);
  if (timeZone != null && !zone) return refusal('Choose a time zone from the list.');
  await ctx.db.prepare('UPDATE users SET time_zone = ? WHERE id = ?').bind(zone, userId).run();
  return changedSettings(ctx, userId);
}

/**
 * Gives up the writer's subdomain ({username}.{main host}): their profile and stories are served
 * from the main host again (docs/product/2-sign-in-notices-cache-routing.md §4.4: a failure is the
 * UNCLAIM_SUBDOMAIN_ERROR toast, client/pages/SettingsPage.tsx). Idempotent.
 */
export async function unclaimSubdomain(ctx: RequestContext): Promise<AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  await ctx.db.prepare('UPDATE users SET has_subdomain = 0 WHERE id = ? AND deleted_at IS NULL').bind(userId).run();
  clearHostCache();
  // Every address of the writer's changes host: the profile's pages and the search records.
  await ctx.changes.record({ pages: [{ kind: 'profile', id: userId }], records: [{ kind: 'profile', id: userId }] });
  return changedSettings(ctx, userId);
}

/** Ends every session of the viewer's but this one (and its other hosts). */
export async function signOutOtherSessions(ctx: RequestContext): Promise<AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  if (ctx.viewer.sessionIdHash) await revokeOtherSessions(ctx.db, userId, ctx.viewer.sessionIdHash, ctx.now);
  return { userId };
}

/**
 * Unlinks a sign-in provider's account. Sign-in without a provider is by email (there are no
 * passwords), so the last provider of an account without an email stays: removing it would lock
 * the owner out.
 */
export async function disconnectSignInProvider(ctx: RequestContext, provider: string): Promise<Refusal | AccountSettingsSource> {
  const userId = settingsOwner(ctx);
  const { db } = ctx;
  const row = await db
    .prepare('SELECT (SELECT email FROM users WHERE id = ?1) AS email, (SELECT count(*) FROM social_identities WHERE user_id = ?1) AS total, (SELECT count(*) FROM social_identities WHERE user_id = ?1 AND provider = ?2) AS linked')
    .bind(userId, provider)
    .first<{ email: string | null; total: number; linked: number }>();
  if (!row || row.linked === 0) return refusal('This sign-in method is not connected.');
  if (!row.email && row.total <= row.linked) return refusal('Add an email address first: it is the only other way to sign in.');
  await db.prepare('DELETE FROM social_identities WHERE user_id = ? AND provider = ?').bind(userId, provider).run();
  return changedSettings(ctx, userId);
}

/**
 * Deletes an account (docs/adr/0080-deleting-an-account.md): the user row stays as a
 * tombstone (deleted_at) so the username is never reissued to someone else and stories answer
 * "account deleted"; the email, custom domain and subdomain are released; every session and
 * developer token ends; a pending email change goes. Follow rows stay (lists and counts already
 * leave deleted accounts out). Confirmed by typing the username; the browser's session cookie
 * is cleared with the answer, which sends it to the goodbye page.
 */
export async function deleteAccount(ctx: RequestContext, typedUsername: string): Promise<Refusal | { __typename: 'AccountDeleted'; redirect: string }> {
  const userId = settingsOwner(ctx);
  const username = ctx.viewer.user?.username ?? '';
  if (typedUsername.trim().replace(/^@/, '').toLowerCase() !== username.toLowerCase()) return refusal('Type your username to confirm.');
  const { db, now } = ctx;
  await db.batch([
    db
      .prepare("UPDATE users SET deleted_at = ?, email = NULL, bio = '', image_id = NULL, custom_domain = NULL, custom_domain_state = 'NONE', has_subdomain = 0 WHERE id = ? AND deleted_at IS NULL")
      .bind(now, userId),
    db.prepare('UPDATE api_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL').bind(now, userId),
    db.prepare('DELETE FROM email_verifications WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM username_redirects WHERE user_id = ?').bind(userId),
  ]);
  await revokeAllSessions(db, userId, now);
  clearHostCache();
  await ctx.changes.record({ pages: [{ kind: 'profile', id: userId }] });
  const url = new URL(ctx.request?.url ?? mainOrigin(ctx.env));
  ctx.responseHeaders?.append('set-cookie', clearedCookie(url, SESSION_COOKIE));
  return { __typename: 'AccountDeleted', redirect: '/goodbye' };
}
