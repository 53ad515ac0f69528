// The publication favicon query of spec 2 §3: domainOrSlug → collection id and favicon id.
import type { GraphQLContext } from '../context.ts';
import { findPublicationFavicon } from '../../pages/favicon.ts';
import type { SchemaModule } from './index.ts';

export const publicationFaviconModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type PublicationFavicon {
      collectionId: ID!
      faviconId: String
    }
    type Query {
      "A publication's favicon by slug or live custom domain; null when there is no such publication."
      publicationFavicon(domainOrSlug: String!): PublicationFavicon
    }
  `,
  resolvers: {
    Query: {
      publicationFavicon: (_: unknown, args: { domainOrSlug: string }, context: GraphQLContext) =>
        findPublicationFavicon(context.db, args.domainOrSlug),
    },
  },
};
