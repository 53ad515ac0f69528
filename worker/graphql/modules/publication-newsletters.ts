// Publication newsletters (issue 12; docs/newsletters.md "Publication newsletters"): a
// publication's editors create its newsletter (/{collectionSlug}/new-newsletter); readers
// subscribe (the newsletter's page, /_/api/subscriptions/newsletters/{id}); stories the
// publication's editors publish with "Send to subscribers" reach them by email through the
// writer newsletter's one sender (worker/newsletters/send-story.ts).
//
// Only editors (owner or EDITOR) create one; anyone else gets NotFound, as for every management
// action of a publication. A publication has at most one newsletter. The rules:
// worker/newsletters/publication-newsletters.ts.
import type { RequestContext } from '../../context/request-context.ts';
import {
  createPublicationNewsletter,
  newsletterById,
  newsletterIssues,
  publicationNewsletterOf,
  publicationNewsletterStats,
  publicationNewsletterSubscriberCount,
  publicationSubscriptionsOf,
  setPublicationSubscription,
  updatePublicationNewsletter,
  viewerSubscribesToPublicationNewsletter,
} from '../../newsletters/publication-newsletters.ts';
import { isNewsletterRefusal, type NewsletterRefusal, type PublicationNewsletterRow } from '../../newsletters/results.ts';
import type { SchemaModule } from './schema-module.ts';

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

const asResult = (result: PublicationNewsletterRow | NewsletterRefusal) => (isNewsletterRefusal(result) ? result : { __typename: 'PublicationNewsletter', ...result });

type NewsletterTextArgs = { name: string; description?: string | null };

export const publicationNewslettersModule: SchemaModule = {
  typeDefs,
  resolvers: {
    PublicationNewsletterResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    PublicationNewsletter: {
      collection: async (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) => ctx.loaders.collectionById.load(newsletter.collectionId),
      viewerIsSubscribed: (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) => viewerSubscribesToPublicationNewsletter(ctx, newsletter.id),
      subscriberCount: (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) => publicationNewsletterSubscriberCount(ctx, newsletter),
      digestStats: (newsletter: PublicationNewsletterRow, _a: unknown, ctx: RequestContext) => publicationNewsletterStats(ctx, newsletter),
      issues: (newsletter: PublicationNewsletterRow, args: { limit?: number | null }, ctx: RequestContext) => newsletterIssues(ctx, newsletter, args.limit),
    },
    NewsletterEmailSettings: {
      // The settings object exists only once the signed link (or the viewer) was accepted.
      publicationSubscriptions: (settings: { userId: string }, _a: unknown, ctx: RequestContext) => publicationSubscriptionsOf(ctx, settings.userId),
    },
    Collection: {
      newsletter: (collection: { id: string }, args: { slug?: string | null }, ctx: RequestContext) => publicationNewsletterOf(ctx, collection.id, args.slug),
    },
    Query: {
      publicationNewsletter: (_r: unknown, args: { id: string }, ctx: RequestContext) => newsletterById(ctx, args.id),
    },
    Mutation: {
      createPublicationNewsletter: async (_r: unknown, args: { collectionId: string } & NewsletterTextArgs, ctx: RequestContext) =>
        asResult(await createPublicationNewsletter(ctx, args.collectionId, args)),
      updatePublicationNewsletter: async (_r: unknown, args: { newsletterId: string } & NewsletterTextArgs, ctx: RequestContext) =>
        asResult(await updatePublicationNewsletter(ctx, args.newsletterId, args)),
      subscribeToPublicationNewsletter: async (_r: unknown, args: { newsletterId: string }, ctx: RequestContext) => asResult(await setPublicationSubscription(ctx, args.newsletterId, true)),
      unsubscribeFromPublicationNewsletter: async (_r: unknown, args: { newsletterId: string }, ctx: RequestContext) =>
        asResult(await setPublicationSubscription(ctx, args.newsletterId, false)),
    },
  },
};
