// Writers' newsletters (issue 12 item 8; docs/newsletters.md): a reader subscribes to a writer's
// newsletter (/@{username}/subscribe, the profile's subscribe button) and receives the writer's
// new stories by email (publishPost's sendToSubscribers, worker/newsletters/send-story.ts);
// the signed link of every such email (/me/email-settings/{userId}/{hash}) lists and ends the
// recipient's subscriptions without signing in. A tampered link is Forbidden and changes nothing.
// The rules: worker/newsletters/writer-newsletters.ts.
import type { RequestContext } from '../../context/request-context.ts';
import {
  emailSettings,
  subscribeToWriter,
  unsubscribeFromNewsletters,
  unsubscribeFromWriter,
  viewerSubscribesTo,
  type NewsletterEmailSettings,
} from '../../newsletters/writer-newsletters.ts';
import { isNewsletterRefusal, type NewsletterRefusal } from '../../newsletters/results.ts';
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

const asSettings = (result: NewsletterEmailSettings | NewsletterRefusal) => (isNewsletterRefusal(result) ? result : { __typename: 'NewsletterEmailSettings', ...result });

export const newslettersModule: SchemaModule = {
  typeDefs,
  resolvers: {
    NewsletterSubscribeResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'User' },
    NewsletterEmailSettingsResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    User: {
      viewerIsSubscribedToNewsletter: (user: { id: string }, _a: unknown, ctx: RequestContext) => viewerSubscribesTo(ctx, user.id),
    },
    Query: {
      newsletterEmailSettings: async (_root: unknown, args: { userId: string; hash?: string | null }, ctx: RequestContext) =>
        asSettings(await emailSettings(ctx, args.userId, args.hash)),
    },
    Mutation: {
      subscribeToNewsletter: (_root: unknown, args: { writerId: string }, ctx: RequestContext) => subscribeToWriter(ctx, args.writerId),
      unsubscribeFromNewsletter: (_root: unknown, args: { writerId: string }, ctx: RequestContext) => unsubscribeFromWriter(ctx, args.writerId),
      unsubscribeFromNewsletters: async (_root: unknown, args: { userId: string; hash?: string | null; writerId?: string | null }, ctx: RequestContext) =>
        asSettings(await unsubscribeFromNewsletters(ctx, args.userId, args.hash, args.writerId ?? null)),
    },
  },
};
