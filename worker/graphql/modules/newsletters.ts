// Writers' newsletters (issue 12 item 8; docs/newsletters.md): a reader subscribes to a writer's
// newsletter (/@{username}/subscribe, the profile's subscribe button) and receives the writer's
// new stories by email (publishPost's sendToSubscribers, worker/newsletters/send-story.ts);
// the signed link of every such email (/me/email-settings/{userId}/{hash}) lists and ends the
// recipient's subscriptions without signing in. A tampered link is Forbidden and changes nothing.
import { and, asc, eq } from 'drizzle-orm';
import { orm } from '../../db/orm.ts';
import { newsletterSubscriptions, newsletterUnsubscribes, publicationNewsletterSubscriptions, users, type UserRow } from '../../db/schema.ts';
import { isValidEmailSettingsHash } from '../../newsletters/signing.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  type User {
    "Whether the viewer subscribes to this writer's newsletter; null when signed out."
    viewerIsSubscribedToNewsletter: Boolean
  }

  "One newsletter the recipient of a signed email-settings link subscribes to."
  type NewsletterSubscription {
    writer: User!
    createdAt: Long!
  }

  "The newsletter subscriptions a signed email-settings link manages."
  type NewsletterEmailSettings {
    userId: ID!
    subscriptions: [NewsletterSubscription!]!
  }

  union NewsletterSubscribeResult = User | NotFound | BadRequest
  union NewsletterEmailSettingsResult = NewsletterEmailSettings | Forbidden

  type Query {
    """
    The subscriptions of the user a signed link names (/me/email-settings/{userId}/{hash});
    without a hash, the signed-in viewer's own. Forbidden when the signature does not match.
    """
    newsletterEmailSettings(userId: ID!, hash: String): NewsletterEmailSettingsResult!
  }

  type Mutation {
    "Subscribes the viewer to the writer's newsletter (answers the writer)."
    subscribeToNewsletter(writerId: ID!): NewsletterSubscribeResult!
    "Ends the viewer's subscription to the writer's newsletter (answers the writer)."
    unsubscribeFromNewsletter(writerId: ID!): NewsletterSubscribeResult!
    """
    Through a signed email-settings link, or for the signed-in viewer without a hash: ends the
    subscription to one newsletter (writerId: a writer's id, or a publication newsletter's id),
    or to every newsletter of both kinds when writerId is null.
    """
    unsubscribeFromNewsletters(userId: ID!, hash: String, writerId: ID): NewsletterEmailSettingsResult!
  }
`;

const SIGN_IN_TO_SUBSCRIBE = 'Sign in to subscribe to newsletters.';
export const INVALID_EMAIL_SETTINGS_LINK = 'This link is not valid. Open the link from your latest email, or sign in to manage your email settings.';

const notFound = () => ({ __typename: 'NotFound', message: 'This writer does not exist.' });
const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const forbidden = () => ({ __typename: 'Forbidden', message: INVALID_EMAIL_SETTINGS_LINK });

async function subscribable(ctx: RequestContext, writerId: string): Promise<UserRow | null> {
  const writer = await ctx.loaders.userById.load(writerId);
  return writer && writer.deletedAt === null && !writer.isSuspended ? writer : null;
}

async function subscribe(_root: unknown, args: { writerId: string }, ctx: RequestContext) {
  const viewer = ctx.viewer.user;
  if (!viewer) return badRequest(SIGN_IN_TO_SUBSCRIBE);
  const writer = await subscribable(ctx, args.writerId);
  if (!writer) return notFound();
  if (writer.id === viewer.id) return badRequest('You cannot subscribe to your own newsletter.');
  const [block] = await ctx.db
    .prepare('SELECT 1 AS blocked FROM blocks WHERE (blocker_id = ?1 AND blocked_id = ?2) OR (blocker_id = ?2 AND blocked_id = ?1)')
    .bind(writer.id, viewer.id)
    .raw();
  if (block) return notFound();
  await orm(ctx.db).insert(newsletterSubscriptions).values({ subscriberId: viewer.id, writerId: writer.id, createdAt: ctx.now }).onConflictDoNothing();
  return writer;
}

async function unsubscribe(_root: unknown, args: { writerId: string }, ctx: RequestContext) {
  const viewer = ctx.viewer.user;
  if (!viewer) return badRequest(SIGN_IN_TO_SUBSCRIBE);
  const writer = await ctx.loaders.userById.load(args.writerId);
  if (!writer) return notFound();
  await unsubscribeUser(ctx.db, viewer.id, writer.id, ctx.now);
  return writer;
}

/** Whether the caller may manage userId's subscriptions: a valid signature, or being that user. */
async function mayManage(ctx: RequestContext, userId: string, hash: string | null | undefined): Promise<boolean> {
  if (hash) return isValidEmailSettingsHash(ctx.env, userId, hash);
  return ctx.viewer.user?.id === userId;
}

async function settings(ctx: RequestContext, userId: string) {
  const rows = await orm(ctx.db)
    .select({ writer: users, createdAt: newsletterSubscriptions.createdAt })
    .from(newsletterSubscriptions)
    .innerJoin(users, eq(users.id, newsletterSubscriptions.writerId))
    .where(eq(newsletterSubscriptions.subscriberId, userId))
    .orderBy(asc(users.name))
    .limit(500);
  for (const row of rows) ctx.loaders.userById.prime(row.writer.id, row.writer);
  return { __typename: 'NewsletterEmailSettings', userId, subscriptions: rows };
}

export const newslettersModule: SchemaModule = {
  typeDefs,
  resolvers: {
    NewsletterSubscribeResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'User' },
    NewsletterEmailSettingsResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    User: {
      viewerIsSubscribedToNewsletter: async (user: UserRow, _a: unknown, ctx: RequestContext) => {
        const viewer = ctx.viewer.user;
        if (!viewer) return null;
        const [row] = await orm(ctx.db)
          .select({ writerId: newsletterSubscriptions.writerId })
          .from(newsletterSubscriptions)
          .where(and(eq(newsletterSubscriptions.subscriberId, viewer.id), eq(newsletterSubscriptions.writerId, user.id)));
        return row !== undefined;
      },
    },
    Query: {
      newsletterEmailSettings: async (_root: unknown, args: { userId: string; hash?: string | null }, ctx: RequestContext) =>
        (await mayManage(ctx, args.userId, args.hash)) ? settings(ctx, args.userId) : forbidden(),
    },
    Mutation: {
      subscribeToNewsletter: subscribe,
      unsubscribeFromNewsletter: unsubscribe,
      unsubscribeFromNewsletters: async (_root: unknown, args: { userId: string; hash?: string | null; writerId?: string | null }, ctx: RequestContext) => {
        if (!(await mayManage(ctx, args.userId, args.hash))) return forbidden();
        await unsubscribeUser(ctx.db, args.userId, args.writerId ?? null, ctx.now);
        return settings(ctx, args.userId);
      },
    },
  },
};

/**
 * Ends userId's subscription to one newsletter — `newsletterId` is a writer's id or a publication
 * newsletter's id (ids never collide) — or to every newsletter of both kinds (null). The leaving
 * is remembered (newsletter_unsubscribes, '*' for all): a subscriber import never invites them
 * back (docs/newsletters.md "Importing subscribers").
 */
export async function unsubscribeUser(db: RequestContext['db'], userId: string, newsletterId: string | null, now: number): Promise<void> {
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
