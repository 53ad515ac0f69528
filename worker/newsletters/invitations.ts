// The invitations of a subscriber import (docs/newsletters.md "Importing subscribers").
//
// sendInvitationPage   the fan-out queue's `newsletter.invitations` message: mails one page of an
//                      import's invitations, then queues the next page. Each invitation is
//                      claimed before its email goes (its key's hash and sent_at set where
//                      sent_at was empty), so a retried page never mails anyone twice.
// invitationByKey      the invitation a link names, while it can still be confirmed.
// confirmInvitation    the owner of the address said yes: their account (made now when the
//                      address has none — the link proves the address) subscribes. A new,
//                      bare account gets a one-use link to choose its name and username
//                      (worker/accounts/account-convert.ts).
import type { D1Database } from '@cloudflare/workers-types';
import { mainOrigin, type Env } from '../env.ts';
import { randomToken, sha256Hex } from '../lib/crypto.ts';
import { issueConversion } from '../accounts/account-convert.ts';
import { newId } from '../lib/ids.ts';
import { mailerFor } from '../mail/mailer.ts';
import { newsletterInvitationMail } from '../mail/templates.ts';
import type { NewsletterInvitationsMessage } from '../queues/messages.ts';
import { enqueue } from '../queues/producer.ts';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH, suggestUsername, usernameProblem } from '../../shared/auth/sign-in-rules.ts';
import { oneLine } from '../../shared/user-text.ts';

/** Invitations one queue message mails. */
export const INVITATIONS_PER_PAGE = 50;
/** How long an invitation's link can be confirmed. */
export const INVITATION_LIFETIME_DAYS = 30;
const LIFETIME_MS = INVITATION_LIFETIME_DAYS * 86_400_000;

/** The address of an invitation's page. */
export const INVITATION_PATH = '/_/newsletter-invitation';

export interface NewsletterIdentity {
  /** "Ada Lindqvist's newsletter" or the publication newsletter's name. */
  name: string;
  /** Where the subscriber lands: the writer's profile or the publication. */
  path: string;
  kind: 'writer' | 'publication';
}

/** What a newsletter id names (a writer's user id, or a publication newsletter's id), or null. */
export async function newsletterIdentity(db: D1Database, newsletterId: string): Promise<NewsletterIdentity | null> {
  const writer = await db.prepare('SELECT name, username FROM users WHERE id = ? AND deleted_at IS NULL AND is_suspended = 0').bind(newsletterId).first<{ name: string; username: string }>();
  if (writer) return { name: `${writer.name}'s newsletter`, path: `/@${writer.username}`, kind: 'writer' };
  const publication = await db
    .prepare('SELECT n.name AS name, c.slug AS slug FROM publication_newsletters n JOIN collections c ON c.id = n.collection_id WHERE n.id = ?')
    .bind(newsletterId)
    .first<{ name: string; slug: string }>();
  return publication ? { name: publication.name, path: `/${publication.slug}`, kind: 'publication' } : null;
}

export async function sendInvitationPage(env: Env, message: NewsletterInvitationsMessage): Promise<void> {
  const db = env.DB;
  const batch = await db
    .prepare(
      `SELECT i.id, i.email, i.newsletter_id, u.name AS inviter FROM newsletter_invitations i
       JOIN newsletter_imports m ON m.id = i.import_id JOIN users u ON u.id = m.importer_id
       WHERE i.import_id = ? AND i.id > ? AND i.sent_at IS NULL ORDER BY i.id LIMIT ?`,
    )
    .bind(message.importId, message.after, INVITATIONS_PER_PAGE)
    .all<{ id: string; email: string; newsletter_id: string; inviter: string }>();
  const rows = batch.results;
  if (rows.length === 0) return;
  const newsletter = await newsletterIdentity(db, rows[0]!.newsletter_id);
  if (!newsletter) return;
  const mailer = mailerFor(env);
  for (const row of rows) {
    const key = randomToken(24);
    const claimed = await db
      .prepare('UPDATE newsletter_invitations SET key_hash = ?, sent_at = ? WHERE id = ? AND sent_at IS NULL')
      .bind(await sha256Hex(key), Date.now(), row.id)
      .run();
    // Another delivery of this page got here first.
    if ((claimed.meta.changes ?? 0) === 0) continue;
    await mailer.send(
      await newsletterInvitationMail({
        productName: env.PRODUCT_NAME,
        to: row.email,
        link: `${mainOrigin(env)}${INVITATION_PATH}/${key}`,
        newsletterName: newsletter.name,
        inviterName: row.inviter,
        lifetimeDays: INVITATION_LIFETIME_DAYS,
      }),
    );
  }
  if (rows.length === INVITATIONS_PER_PAGE) await enqueue(env, [{ kind: 'newsletter.invitations', importId: message.importId, after: rows.at(-1)!.id }]);
}

export interface OpenInvitation {
  id: string;
  email: string;
  name: string;
  newsletterId: string;
  confirmedAt: number | null;
}

/** The invitation a link's key names, unless it is unknown or past its lifetime. */
export async function invitationByKey(db: D1Database, key: string, now: number): Promise<OpenInvitation | null> {
  if (!/^[\w-]{16,64}$/.test(key)) return null;
  const row = await db
    .prepare('SELECT id, email, name, newsletter_id, sent_at, confirmed_at FROM newsletter_invitations WHERE key_hash = ?')
    .bind(await sha256Hex(key))
    .first<{ id: string; email: string; name: string; newsletter_id: string; sent_at: number; confirmed_at: number | null }>();
  if (!row || (row.confirmed_at === null && row.sent_at + LIFETIME_MS <= now)) return null;
  return { id: row.id, email: row.email, name: row.name, newsletterId: row.newsletter_id, confirmedAt: row.confirmed_at };
}

/**
 * A free username from the invitee's name or address ("rosa_park", else "rosa_park_4821" with a
 * random number): only names the sign-up rule accepts (usernameProblem: reserved names such as
 * "www" or "vellum" never), and none another account holds or still redirects from.
 */
async function freeUsername(db: D1Database, invitation: OpenInvitation): Promise<string> {
  const base = (suggestUsername(invitation.name || invitation.email) || 'reader').slice(0, USERNAME_MAX_LENGTH - 5);
  const candidates = [base, ...Array.from({ length: 8 }, () => `${base}_${Math.floor(1000 + Math.random() * 9000)}`)].filter((c) => usernameProblem(c) === null);
  const { results } = await db
    .prepare(
      'SELECT username FROM users WHERE username IN (SELECT value FROM json_each(?1)) UNION ALL SELECT old_username FROM username_redirects WHERE old_username IN (SELECT value FROM json_each(?1))',
    )
    .bind(JSON.stringify(candidates))
    .all<{ username: string }>();
  const taken = new Set(results.map((r) => r.username.toLowerCase()));
  return candidates.find((c) => !taken.has(c.toLowerCase())) ?? `reader_${newId()}`;
}

/**
 * Subscribes the invitation's address: the account with that email, or a new one (name from the
 * file or the address, a free username, the email verified by the link, a Reading list), and the
 * invitation marked confirmed — one batch. Confirming twice changes nothing. Answers the token
 * of the link that finishes the account when one was made now (docs/newsletters.md "Finishing
 * an invited account"), else null.
 */
export async function confirmInvitation(db: D1Database, invitation: OpenInvitation, now: number): Promise<{ convertToken: string | null }> {
  if (invitation.confirmedAt !== null) return { convertToken: null };
  const newsletter = await newsletterIdentity(db, invitation.newsletterId);
  if (!newsletter) return { convertToken: null };
  const existing = await db.prepare('SELECT id FROM users WHERE email = ? AND deleted_at IS NULL').bind(invitation.email).first<{ id: string }>();
  const statements = [];
  let userId = existing?.id;
  if (!userId) {
    userId = newId();
    const name = (oneLine(invitation.name) || invitation.email.replace(/@.*$/, '')).slice(0, NAME_MAX_LENGTH);
    statements.push(
      db.prepare('INSERT INTO users (id, username, name, email, created_at) VALUES (?, ?, ?, ?, ?)').bind(userId, await freeUsername(db, invitation), name, invitation.email, now),
      db
        .prepare(`INSERT INTO catalogs (id, creator_id, name, type, predefined, visibility, created_at, updated_at) VALUES (?, ?, 'Reading list', 'PREDEFINED_LIST', 'READING_LIST', 'PRIVATE', ?, ?)`)
        .bind(newId(), userId, now, now),
    );
  }
  statements.push(
    newsletter.kind === 'writer'
      ? db.prepare('INSERT OR IGNORE INTO newsletter_subscriptions (subscriber_id, writer_id, created_at) VALUES (?, ?, ?)').bind(userId, invitation.newsletterId, now)
      : db.prepare('INSERT OR IGNORE INTO publication_newsletter_subscriptions (newsletter_id, subscriber_id, created_at) VALUES (?, ?, ?)').bind(invitation.newsletterId, userId, now),
    db.prepare('UPDATE newsletter_invitations SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL').bind(now, invitation.id),
  );
  const results = await db.batch(statements);
  // Only the confirmation that made the account (its INSERT wrote a row) hands out the link.
  const made = !existing && (results[0]?.meta.changes ?? 0) === 1 && (results.at(-1)?.meta.changes ?? 0) === 1;
  return { convertToken: made ? await issueConversion(db, userId, now) : null };
}
