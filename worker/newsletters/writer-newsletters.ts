// Writers' newsletters (issue 12 item 8; docs/newsletters.md): a reader subscribes to a writer's
// newsletter (/@{username}/subscribe, the profile's subscribe button) and receives the writer's
// new stories by email (worker/newsletters/send-story.ts); the signed link of every such email
// (/me/email-settings/{userId}/{hash}) lists and ends the recipient's subscriptions without
// signing in. A tampered link is Forbidden and changes nothing.
import type { D1Database } from '@cloudflare/workers-types';
import { and, asc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { newsletterSubscriptions, newsletterUnsubscribes, publicationNewsletterSubscriptions, users, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { isValidEmailSettingsHash } from './signing.ts';
import { refused, type NewsletterRefusal } from './results.ts';

const SIGN_IN_TO_SUBSCRIBE = 'Sign in to subscribe to newsletters.';
export const INVALID_EMAIL_SETTINGS_LINK = 'This link is not valid. Open the link from your latest email, or sign in to manage your email settings.';

const notFound = (): NewsletterRefusal => ({ __typename: 'NotFound', message: 'This writer does not exist.' });
const forbidden = (): NewsletterRefusal => ({ __typename: 'Forbidden', message: INVALID_EMAIL_SETTINGS_LINK });

async function subscribable(ctx: RequestContext, writerId: string): Promise<UserRow | null> {
  const writer = await ctx.loaders.userById.load(writerId);
  return writer && writer.deletedAt === null && !writer.isSuspended ? writer : null;
}

/** Subscribes the viewer to the writer's newsletter; answers the writer. */
export async function subscribeToWriter(ctx: RequestContext, writerId: string): Promise<UserRow | NewsletterRefusal> {
  const viewer = ctx.viewer.user;
  if (!viewer) return refused(SIGN_IN_TO_SUBSCRIBE);
  const writer = await subscribable(ctx, writerId);
  if (!writer) return notFound();
  if (writer.id === viewer.id) return refused('You cannot subscribe to your own newsletter.');
  const [block] = await ctx.db
    .prepare('SELECT 1 AS blocked FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1)')
    .bind(writer.id, viewer.id)
    .raw();
  if (block) return notFound();
  await orm(ctx.db).insert(newsletterSubscriptions).values({ subscriberId: viewer.id, writerId: writer.id, createdAt: ctx.now }).onConflictDoNothing();
  return writer;
}

/** Ends the viewer's subscription to the writer's newsletter; answers the writer. */
export async function unsubscribeFromWriter(ctx: RequestContext, writerId: string): Promise<UserRow | NewsletterRefusal> {
  const viewer = ctx.viewer.user;
  if (!viewer) return refused(SIGN_IN_TO_SUBSCRIBE);
  const writer = await ctx.loaders.userById.load(writerId);
  if (!writer) return notFound();
  await unsubscribeUser(ctx.db, viewer.id, writer.id, ctx.now);
  return writer;
}

/** Whether the viewer subscribes to this writer's newsletter; null when signed out. */
export async function viewerSubscribesTo(ctx: RequestContext, writerId: string): Promise<boolean | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) return null;
  const [row] = await orm(ctx.db)
    .select({ writerId: newsletterSubscriptions.writerId })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.subscriberId, viewer.id), eq(newsletterSubscriptions.writerId, writerId)));
  return row !== undefined;
}

/** Whether the caller may manage userId's subscriptions: a valid signature, or being that user. */
async function mayManage(ctx: RequestContext, userId: string, hash: string | null | undefined): Promise<boolean> {
  if (hash) return isValidEmailSettingsHash(ctx.env, userId, hash);
  return ctx.viewer.user?.id === userId;
}

export interface NewsletterEmailSettings {
  userId: string;
  /** The writers' newsletters the user subscribes to, by the writer's name. */
  subscriptions: { writer: UserRow; createdAt: number }[];
}

async function settings(ctx: RequestContext, userId: string): Promise<NewsletterEmailSettings> {
  const rows = await orm(ctx.db)
    .select({ writer: users, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .innerJoin(users, eq(users.id, newsletterSubscriptions.writerId))
    .where(eq(newsletterSubscriptions.subscriberId, userId))
    .orderBy(asc(users.name))
    .limit(500);
  for (const row of rows) ctx.loaders.userById.prime(row.writer.id, row.writer);
  return { userId, subscriptions: rows };
}

/**
 * The subscriptions of the user a signed link names (/me/email-settings/{userId}/{hash});
 * without a hash, the signed-in viewer's own. Forbidden when the signature does not match.
 */
export async function emailSettings(ctx: RequestContext, userId: string, hash: string | null | undefined): Promise<NewsletterEmailSettings | NewsletterRefusal> {
  return (await mayManage(ctx, userId, hash)) ? settings(ctx, userId) : forbidden();
}

/**
 * Through a signed email-settings link, or for the signed-in viewer without a hash: ends the
 * subscription to one newsletter (a writer's id, or a publication newsletter's id), or to every
 * newsletter of both kinds when newsletterId is null; answers the settings left.
 */
export async function unsubscribeFromNewsletters(
  ctx: RequestContext,
  userId: string,
  hash: string | null | undefined,
  newsletterId: string | null,
): Promise<NewsletterEmailSettings | NewsletterRefusal> {
  if (!(await mayManage(ctx, userId, hash))) return forbidden();
  await unsubscribeUser(ctx.db, userId, newsletterId, ctx.now);
  return settings(ctx, userId);
}

/**
 * Ends userId's subscription to one newsletter — `newsletterId` is a writer's id or a publication
 * newsletter's id (ids never collide) — or to every newsletter of both kinds (null). The leaving
 * is remembered (newsletter_unsubscribes, '*' for all): a subscriber import never invites them
 * back (docs/newsletters.md "Importing subscribers").
 */
export async function unsubscribeUser(db: D1Database, userId: string, newsletterId: string | null, now: number): Promise<void> {
  const mine = eq(newsletterSubscriptions.subscriberId, userId);
  const minePublications = eq(publicationNewsletterSubscriptions.subscriberId, userId);
  const q = orm(db);
  await q.batch([
    q
      .insert(newsletterUnsubscribes)
      .values({ userId, newsletterId: newsletterId ?? '*', createdAt: now })
      .onConflictDoUpdate({ target: [newsletterUnsubscribes.userId, newsletterUnsubscribes.newsletterId], set: { createdAt: now } }),
    q.delete(newsletterSubscriptions).where(newsletterId ? and(mine, eq(newsletterSubscriptions.writerId, newsletterId)) : mine),
    q
      .delete(publicationNewsletterSubscriptions)
      .where(newsletterId ? and(minePublications, eq(publicationNewsletterSubscriptions.newsletterId, newsletterId)) : minePublications),
  ]);
}

/** The address of a writer's newsletter by the writer's id (/@{username}/subscribe), or null for no such writer. */
export async function writerNewsletterPath(db: D1Database, userId: string): Promise<string | null> {
  const user = await db.prepare('SELECT username FROM users WHERE id = ? AND deleted_at IS NULL').bind(userId).first<{ username: string }>();
  return user ? `/@${encodeURIComponent(user.username)}/subscribe` : null;
}
