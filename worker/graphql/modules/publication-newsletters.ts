// Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters"): a
// publication's editors create its newsletter (/{collectionSlug}/new-newsletter); readers
// subscribe (the newsletter's page, /_/api/subscriptions/newsletters/{id}); stories the
// publication's editors publish with "Send to subscribers" reach them by email through the
// writer newsletter's one sender (worker/newsletters/send-story.ts).
//
// Only editors (owner or EDITOR) create one; anyone else gets NotFound, as for every management
// action of a publication. A publication has at most one newsletter.
import { and, asc, eq } from 'drizzle-orm';
import { orm } from '../../db/orm.ts';
import { purgeTags } from '../../cache/purge.ts';
import { collectionTag } from '../../cache/tags.ts';
import { publicationNewsletters, publicationNewsletterSubscriptions, type CollectionRow, type PublicationNewsletterRow } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { slugify } from '../../../shared/format.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import type { SchemaModule } from './schema-module.ts';
import { isEditorOf } from '../../publications/members.ts';
import { visiblePost } from '../../stories/story-access.ts';
import { unsubscribeUser } from './newsletters.ts';
import { publicationDigestStats } from '../../newsletters/digest-stats.ts';

export const NEWSLETTER_NAME_MAX = 100;
export const NEWSLETTER_DESCRIPTION_MAX = 280;
const MAX_ISSUES = 50;

const typeDefs = /* GraphQL */ `
  "A publication's newsletter: readers subscribe; the publication's stories reach them by email."
  type PublicationNewsletter {
    id: ID!
    slug: String!
    name: String!
    description: String!
    collection: Collection!
    "Whether the viewer subscribes; null when signed out."
    viewerIsSubscribed: Boolean
    "Editors only (null for everyone else)."
    subscriberCount: Int
    """
    The newsletter's issues, newest first: the publication's stories emailed to its subscribers
    since it was created, that this viewer may read (what /feed/{collectionSlug}/news lists).
    """
    issues(limit: Int = 10): [Post!]!
    "Editors only (null for everyone else): subscribers, who joined and left lately, and what it sent."
    digestStats: PublicationDigestStats
  }

  "A story a publication newsletter emailed."
  type NewsletterSend {
    postId: ID!
    title: String!
    sentAt: Long!
    "Everyone the story's one email went to: the publication's subscribers and its writer's."
    recipientCount: Int!
  }

  type PublicationDigestStats {
    "The days subscribersGained and unsubscribed cover."
    days: Int!
    subscriberCount: Int!
    subscribersGained: Int!
    "Readers who left this newsletter (leaving every newsletter at once is not counted here)."
    unsubscribed: Int!
    "Newest first, at most 100."
    sends: [NewsletterSend!]!
  }

  type Collection {
    "The publication's newsletter, when its editors have created one (and, given a slug, it is that one's)."
    newsletter(slug: String): PublicationNewsletter
  }

  "One publication newsletter the recipient of a signed email-settings link subscribes to."
  type PublicationNewsletterSubscription {
    newsletter: PublicationNewsletter!
    createdAt: Long!
  }

  type NewsletterEmailSettings {
    "The publication newsletters this user subscribes to (writers' newsletters: subscriptions)."
    publicationSubscriptions: [PublicationNewsletterSubscription!]!
  }

  union PublicationNewsletterResult = PublicationNewsletter | NotFound | BadRequest

  type Query {
    publicationNewsletter(id: ID!): PublicationNewsletter
  }

  type Mutation {
    "Editors: creates the publication's newsletter (one per publication)."
    createPublicationNewsletter(collectionId: ID!, name: String!, description: String): PublicationNewsletterResult!
    "Editors: renames the newsletter or changes its description (its address stays, so links keep working)."
    updatePublicationNewsletter(newsletterId: ID!, name: String!, description: String): PublicationNewsletterResult!
    "Subscribes the viewer to a publication's newsletter."
    subscribeToPublicationNewsletter(newsletterId: ID!): PublicationNewsletterResult!
    "Ends the viewer's subscription to a publication's newsletter."
    unsubscribeFromPublicationNewsletter(newsletterId: ID!): PublicationNewsletterResult!
  }
`;

const notFound = () => ({ __typename: 'NotFound', message: 'This newsletter does not exist.' });
const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const asResult = (row: PublicationNewsletterRow) => ({ __typename: 'PublicationNewsletter', ...row });

export async function newsletterById(ctx: Pick<RequestContext, 'db'>, id: string): Promise<PublicationNewsletterRow | null> {
  const [row] = await orm(ctx.db).select().from(publicationNewsletters).where(eq(publicationNewsletters.id, id));
  return row ?? null;
}

/** A newsletter's name and description as given, trimmed, or the reason they are refused. */
function newsletterText(args: { name: string; description?: string | null }): { name: string; description: string } | { error: string } {
  const name = args.name.trim();
  const description = (args.description ?? '').trim();
  if (!name) return { error: 'Give the newsletter a name.' };
  if (name.length > NEWSLETTER_NAME_MAX) return { error: `A newsletter's name is at most ${NEWSLETTER_NAME_MAX} characters.` };
  if (description.length > NEWSLETTER_DESCRIPTION_MAX) return { error: `A newsletter's description is at most ${NEWSLETTER_DESCRIPTION_MAX} characters.` };
  return { name, description };
}

async function createNewsletter(_r: unknown, args: { collectionId: string; name: string; description?: string | null }, ctx: RequestContext) {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('create a newsletter');
  if (!(await isEditorOf(ctx, args.collectionId))) return notFound();
  const text = newsletterText(args);
  if ('error' in text) return badRequest(text.error);
  const { name, description } = text;
  const slug = slugify(name) || 'newsletter';
  const row: PublicationNewsletterRow = { id: newId(), collectionId: args.collectionId, slug, name, description, createdBy: viewer.id, createdAt: ctx.now };
  const inserted = await orm(ctx.db).insert(publicationNewsletters).values(row).onConflictDoNothing().returning();
  if (inserted.length === 0) return badRequest('This publication already has a newsletter.');
  return asResult(row);
}

async function updateNewsletter(_r: unknown, args: { newsletterId: string; name: string; description?: string | null }, ctx: RequestContext) {
  if (!ctx.viewer.user) throw signInRequired('change a newsletter');
  const row = await newsletterById(ctx, args.newsletterId);
  // Someone else's newsletter answers like a missing one, as every management action does.
  if (!row || !(await isEditorOf(ctx, row.collectionId))) return notFound();
  const text = newsletterText(args);
  if ('error' in text) return badRequest(text.error);
  await orm(ctx.db).update(publicationNewsletters).set(text).where(eq(publicationNewsletters.id, row.id));
  // The publication's pages name and describe the newsletter (its promotion card).
  await purgeTags(ctx.env, [collectionTag(row.collectionId)]);
  return asResult({ ...row, ...text });
}

/** The viewer's subscription change, refused for a signed-out viewer or a missing newsletter. */
export async function setPublicationSubscription(ctx: RequestContext, newsletterId: string, subscribed: boolean) {
  const viewer = ctx.viewer.user;
  if (!viewer) return badRequest('Sign in to subscribe to newsletters.');
  const newsletter = await newsletterById(ctx, newsletterId);
  if (!newsletter) return notFound();
  const q = orm(ctx.db);
  if (subscribed) {
    await q.insert(publicationNewsletterSubscriptions).values({ newsletterId, subscriberId: viewer.id, createdAt: ctx.now }).onConflictDoNothing();
  } else {
    await unsubscribeUser(ctx.db, viewer.id, newsletterId, ctx.now);
  }
  return asResult(newsletter);
}

export async function isSubscribedToPublicationNewsletter(ctx: Pick<RequestContext, 'db'>, newsletterId: string, userId: string): Promise<boolean> {
  const [row] = await orm(ctx.db)
    .select({ id: publicationNewsletterSubscriptions.newsletterId })
    .from(publicationNewsletterSubscriptions)
    .where(and(eq(publicationNewsletterSubscriptions.newsletterId, newsletterId), eq(publicationNewsletterSubscriptions.subscriberId, userId)));
  return row !== undefined;
}

export const publicationNewslettersModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublicationNewsletterResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    PublicationNewsletter: {
      collection: async (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) => ctx.loaders.collectionById.load(newsletter.collectionId),
      viewerIsSubscribed: async (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) =>
        ctx.viewer.user ? isSubscribedToPublicationNewsletter(ctx, newsletter.id, ctx.viewer.user.id) : null,
      subscriberCount: async (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) => {
        if (!(await isEditorOf(ctx, newsletter.collectionId))) return null;
        const row = await ctx.db.prepare('SELECT count(*) AS n FROM publication_newsletter_subscriptions WHERE newsletter_id = ?').bind(newsletter.id).first<{ n: number }>();
        return row?.n ?? 0;
      },
      digestStats: async (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) =>
        (await isEditorOf(ctx, newsletter.collectionId)) ? publicationDigestStats(ctx.db, newsletter, ctx.now) : null,
      issues: async (newsletter: PublicationNewsletterRow, args: { limit?: number | null }, ctx: RequestContext) => {
        const limit = Math.min(Math.max(args.limit ?? 10, 1), MAX_ISSUES);
        const { results } = await ctx.db
          .prepare(
            `SELECT p.id AS id FROM newsletter_sends s JOIN posts p ON p.id = s.post_id
             WHERE p.collection_id = ? AND s.sent_at >= ? AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL
             ORDER BY s.sent_at DESC, p.id DESC LIMIT ?`,
          )
          .bind(newsletter.collectionId, newsletter.createdAt, limit)
          .all<{ id: string }>();
        // Each through the one visibility rule (suspended, withheld, blocked stories drop out).
        const posts = await Promise.all((results ?? []).map((row) => visiblePost(ctx, row.id)));
        return posts.filter((post) => post !== null);
      },
    },
    NewsletterEmailSettings: {
      // The settings object exists only once the signed link (or the viewer) was accepted.
      publicationSubscriptions: async (settings: { userId: string }, _a: unknown, ctx: RequestContext) => {
        const rows = await orm(ctx.db)
          .select({ newsletter: publicationNewsletters, createdAt: publicationNewsletterSubscriptions.createdAt })
          .from(publicationNewsletterSubscriptions)
          .innerJoin(publicationNewsletters, eq(publicationNewsletters.id, publicationNewsletterSubscriptions.newsletterId))
          .where(eq(publicationNewsletterSubscriptions.subscriberId, settings.userId))
          .orderBy(asc(publicationNewsletters.name))
          .limit(500);
        return rows;
      },
    },
    Collection: {
      newsletter: async (collection: CollectionRow, args: { slug?: string | null }, ctx: RequestContext) => {
        const [row] = await orm(ctx.db).select().from(publicationNewsletters).where(eq(publicationNewsletters.collectionId, collection.id));
        return row && (args.slug == null || row.slug === args.slug) ? row : null;
      },
    },
    Query: {
      publicationNewsletter: (_r: unknown, args: { id: string }, ctx: RequestContext) => newsletterById(ctx, args.id),
    },
    Mutation: {
      createPublicationNewsletter: createNewsletter,
      updatePublicationNewsletter: updateNewsletter,
      subscribeToPublicationNewsletter: (_r: unknown, args: { newsletterId: string }, ctx: RequestContext) => setPublicationSubscription(ctx, args.newsletterId, true),
      unsubscribeFromPublicationNewsletter: (_r: unknown, args: { newsletterId: string }, ctx: RequestContext) => setPublicationSubscription(ctx, args.newsletterId, false),
    },
  },
};
