// Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters"): a
// publication's editors create its newsletter (/{collectionSlug}/new-newsletter); readers
// subscribe (the newsletter's page, /_/api/subscriptions/newsletters/{id}); stories the
// publication's editors publish with "Send to subscribers" reach them by email through the
// writer newsletter's one sender (worker/newsletters/send-story.ts).
//
// Only editors (owner or EDITOR) create or change one; anyone else gets NotFound, as for every
// management action of a publication. A publication has at most one newsletter.
import type { D1Database } from '@cloudflare/workers-types';
import { and, asc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { publicationNewsletters, publicationNewsletterSubscriptions, type PublicationNewsletterRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import { slugify } from '../../shared/format.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { isEditorOf } from '../publications/members.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { visibleStory } from '../stories/story-access.ts';
import { readNewsletterStats, type PublicationDigestStats } from './newsletter-stats.ts';
import { unsubscribeUser } from './writer-newsletters.ts';
import { refused, type NewsletterRefusal } from './results.ts';

export const NEWSLETTER_NAME_MAX = 100;
export const NEWSLETTER_DESCRIPTION_MAX = 280;
const MAX_ISSUES = 50;

const notFound = (): NewsletterRefusal => ({ __typename: 'NotFound', message: 'This newsletter does not exist.' });

export async function newsletterById(ctx: Pick<RequestContext, 'db'>, id: string): Promise<PublicationNewsletterRow | null> {
  const [row] = await orm(ctx.db).select().from(publicationNewsletters).where(eq(publicationNewsletters.id, id));
  return row ?? null;
}

/** The publication's newsletter, when its editors have created one (and, given a slug, it is that one's). */
export async function publicationNewsletterOf(ctx: RequestContext, collectionId: string, slug: string | null | undefined): Promise<PublicationNewsletterRow | null> {
  const [row] = await orm(ctx.db).select().from(publicationNewsletters).where(eq(publicationNewsletters.collectionId, collectionId));
  return row && (slug == null || row.slug === slug) ? row : null;
}

export interface NewsletterText {
  name: string;
  description?: string | null;
}

/** A newsletter's name and description as given, trimmed, or the reason they are refused. */
function newsletterText(input: NewsletterText): { name: string; description: string } | { error: string } {
  const name = input.name.trim();
  const description = (input.description ?? '').trim();
  if (!name) return { error: 'Give the newsletter a name.' };
  if (name.length > NEWSLETTER_NAME_MAX) return { error: `A newsletter's name is at most ${NEWSLETTER_NAME_MAX} characters.` };
  if (description.length > NEWSLETTER_DESCRIPTION_MAX) return { error: `A newsletter's description is at most ${NEWSLETTER_DESCRIPTION_MAX} characters.` };
  return { name, description };
}

/** Editors: creates the publication's newsletter (one per publication). */
export async function createPublicationNewsletter(ctx: RequestContext, collectionId: string, input: NewsletterText): Promise<PublicationNewsletterRow | NewsletterRefusal> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('create a newsletter');
  if (!(await isEditorOf(ctx, collectionId))) return notFound();
  const text = newsletterText(input);
  if ('error' in text) return refused(text.error);
  const { name, description } = text;
  const slug = slugify(name) || 'newsletter';
  const row: PublicationNewsletterRow = { id: newId(), collectionId, slug, name, description, createdBy: viewer.id, createdAt: ctx.now };
  const inserted = await orm(ctx.db).insert(publicationNewsletters).values(row).onConflictDoNothing().returning();
  if (inserted.length === 0) return refused('This publication already has a newsletter.');
  return row;
}

/** Editors: renames the newsletter or changes its description (its address stays, so links keep working). */
export async function updatePublicationNewsletter(ctx: RequestContext, newsletterId: string, input: NewsletterText): Promise<PublicationNewsletterRow | NewsletterRefusal> {
  if (!ctx.viewer.user) throw signInRequired('change a newsletter');
  const row = await newsletterById(ctx, newsletterId);
  // Someone else's newsletter answers like a missing one, as every management action does.
  if (!row || !(await isEditorOf(ctx, row.collectionId))) return notFound();
  const text = newsletterText(input);
  if ('error' in text) return refused(text.error);
  await orm(ctx.db).update(publicationNewsletters).set(text).where(eq(publicationNewsletters.id, row.id));
  // The publication's pages name and describe the newsletter (its promotion card).
  await ctx.changes.record({ pages: [{ kind: 'publication', id: row.collectionId }] });
  return { ...row, ...text };
}

/** The viewer's subscription change, refused for a signed-out viewer or a missing newsletter; answers the newsletter. */
export async function setPublicationSubscription(ctx: RequestContext, newsletterId: string, subscribed: boolean): Promise<PublicationNewsletterRow | NewsletterRefusal> {
  const viewer = ctx.viewer.user;
  if (!viewer) return refused('Sign in to subscribe to newsletters.');
  const newsletter = await newsletterById(ctx, newsletterId);
  if (!newsletter) return notFound();
  const q = orm(ctx.db);
  if (subscribed) {
    await q.insert(publicationNewsletterSubscriptions).values({ newsletterId, subscriberId: viewer.id, createdAt: ctx.now }).onConflictDoNothing();
  } else {
    await unsubscribeUser(ctx.db, viewer.id, newsletterId, ctx.now);
  }
  return newsletter;
}

export async function isSubscribedToPublicationNewsletter(ctx: Pick<RequestContext, 'db'>, newsletterId: string, userId: string): Promise<boolean> {
  const [row] = await orm(ctx.db)
    .select({ id: publicationNewsletterSubscriptions.newsletterId })
    .from(publicationNewsletterSubscriptions)
    .where(and(eq(publicationNewsletterSubscriptions.newsletterId, newsletterId), eq(publicationNewsletterSubscriptions.subscriberId, userId)));
  return row !== undefined;
}

/** Whether the viewer subscribes; null when signed out. */
export async function viewerSubscribesToPublicationNewsletter(ctx: RequestContext, newsletterId: string): Promise<boolean | null> {
  return ctx.viewer.user ? isSubscribedToPublicationNewsletter(ctx, newsletterId, ctx.viewer.user.id) : null;
}

/** Editors only (null for everyone else): how many subscribe. */
export async function publicationNewsletterSubscriberCount(ctx: RequestContext, newsletter: PublicationNewsletterRow): Promise<number | null> {
  if (!(await isEditorOf(ctx, newsletter.collectionId))) return null;
  const row = await ctx.db.prepare('SELECT count(*) AS n FROM publication_newsletter_subscriptions WHERE newsletter_id = ?').bind(newsletter.id).first<{ n: number }>();
  return row?.n ?? 0;
}

/** Editors only (null for everyone else): subscribers, who joined and left lately, and what it sent. */
export async function publicationNewsletterStats(ctx: RequestContext, newsletter: PublicationNewsletterRow): Promise<PublicationDigestStats | null> {
  return (await isEditorOf(ctx, newsletter.collectionId)) ? readNewsletterStats(ctx.db, newsletter, ctx.now) : null;
}

/**
 * The newsletter's issues, newest first: the publication's stories emailed to its subscribers
 * since it was created, that this viewer may read (what /feed/{collectionSlug}/news lists).
 */
export async function newsletterIssues(ctx: RequestContext, newsletter: PublicationNewsletterRow, limit: number | null | undefined): Promise<StoryNode[]> {
  const count = Math.min(Math.max(limit ?? 10, 1), MAX_ISSUES);
  const { results } = await ctx.db
    .prepare(
      `SELECT p.id AS id FROM newsletter_sends s JOIN posts p ON p.id = s.post_id
       WHERE p.collection_id = ? AND s.sent_at >= ? AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL
       ORDER BY s.sent_at DESC, p.id DESC LIMIT ?`,
    )
    .bind(newsletter.collectionId, newsletter.createdAt, count)
    .all<{ id: string }>();
  // Each through the one visibility rule (suspended, withheld, blocked stories drop out).
  const posts = await Promise.all((results ?? []).map((row) => visibleStory(ctx, row.id)));
  return posts.filter((post) => post !== null);
}

/** The publication newsletters a user subscribes to, by name (what a signed email-settings link lists). */
export async function publicationSubscriptionsOf(ctx: RequestContext, userId: string): Promise<{ newsletter: PublicationNewsletterRow; createdAt: number }[]> {
  return orm(ctx.db)
    .select({ newsletter: publicationNewsletters, createdAt: publicationNewsletterSubscriptions.createdAt })
    .from(publicationNewsletterSubscriptions)
    .innerJoin(publicationNewsletters, eq(publicationNewsletters.id, publicationNewsletterSubscriptions.newsletterId))
    .where(eq(publicationNewsletterSubscriptions.subscriberId, userId))
    .orderBy(asc(publicationNewsletters.name))
    .limit(500);
}

/** The address of a publication's newsletter by the publication's id (/{collectionSlug}/newsletters/{newsletterSlug}), or null without one. */
export async function publicationNewsletterPath(db: D1Database, collectionId: string): Promise<string | null> {
  const row = await db
    .prepare('SELECT c.slug AS collectionSlug, n.slug AS newsletterSlug FROM publication_newsletters n JOIN collections c ON c.id = n.collection_id WHERE n.collection_id = ?')
    .bind(collectionId)
    .first<{ collectionSlug: string; newsletterSlug: string }>();
  return row ? `/${encodeURIComponent(row.collectionSlug)}/newsletters/${encodeURIComponent(row.newsletterSlug)}` : null;
}
