// The subscriber list of a newsletter its writer or editors run (issue 12 item 8; page
// import-mailing-list at /me/subscribers/import; docs/newsletters.md "Subscriber list"): who
// subscribes, since when, whether they came through an import, and the invitations still
// waiting. A newsletter id names a writer's newsletter by the writer's id, or a publication
// newsletter by its own id; anyone who does not run it gets null, as if it did not exist
// (worker/newsletters/subscriber-list.ts).
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { managedNewsletters, newsletterSubscribers } from '../../newsletters/subscriber-list.ts';
import { mailSubscriberExport } from '../../newsletters/subscriber-export-mail.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A newsletter the viewer runs: their own, or a publication's they edit."
  type ManagedNewsletter {
    "The writer's user id for their own newsletter; the publication newsletter's id otherwise."
    id: ID!
    name: String!
    "WRITER or PUBLICATION."
    kind: String!
  }

  type NewsletterSubscriber {
    userId: ID!
    name: String!
    username: String!
    email: String
    subscribedAt: Long!
    "Subscribed by confirming an import's invitation."
    imported: Boolean!
  }

  type NewsletterSubscriberConnection {
    newsletter: ManagedNewsletter!
    subscribers: [NewsletterSubscriber!]!
    pagingInfo: PagingInfo!
    total: Int!
    "Invitations sent by imports and not confirmed yet."
    pendingInvitations: Int!
  }

  type Query {
    "The newsletters the viewer runs (empty signed out)."
    managedNewsletters: [ManagedNewsletter!]!
    "A newsletter's subscribers, newest first (no id: the viewer's own newsletter); null unless the viewer runs it."
    newsletterSubscribers(newsletterId: ID, paging: PagingOptions): NewsletterSubscriberConnection
  }

  "A subscriber list on its way to the viewer's inbox as a zip file (EXPORT_EMAIL_SUBSCRIBERS)."
  type SubscriberExportMailed {
    newsletterId: ID!
    "The address the link went to."
    email: String!
    subscriberCount: Int!
  }

  union ExportEmailSubscribersResult = SubscriberExportMailed | NotFound

  type Mutation {
    "Export email subscribers: the newsletter's subscribers as CSV in a zip file, its link mailed to the viewer (who runs the newsletter)."
    exportEmailSubscribers(newsletterId: ID!): ExportEmailSubscribersResult!
  }
`;

export const newsletterSubscribersModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Query: {
      managedNewsletters: (_root: unknown, _args: unknown, ctx: RequestContext) => managedNewsletters(ctx),
      newsletterSubscribers: (_root: unknown, args: { newsletterId?: string | null; paging?: PagingOptions | null }, ctx: RequestContext) =>
        newsletterSubscribers(ctx, args.newsletterId, args.paging),
    },
    Mutation: {
      exportEmailSubscribers: async (_root: unknown, args: { newsletterId: string }, ctx: RequestContext) => {
        const result = await mailSubscriberExport(ctx, args.newsletterId);
        return '__typename' in result ? result : { __typename: 'SubscriberExportMailed', ...result };
      },
    },
    ExportEmailSubscribersResult: { __resolveType: (value: { __typename: string }) => value.__typename },
  },
};
