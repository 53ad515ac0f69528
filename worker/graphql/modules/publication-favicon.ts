// The publication favicon query of docs/product/2-sign-in-notices-cache-routing.md §3: domainOrSlug
// → collection id and favicon id (worker/publications/publication-favicon.ts).
import type { RequestContext } from '../../context/request-context.ts';
import { findPublicationFavicon } from '../../publications/publication-favicon.ts';
import type { SchemaModule } from './schema-module.ts';

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
      publicationFavicon: (_: unknown, args: { domainOrSlug: string }, context: RequestContext) =>
        findPublicationFavicon(context.db, args.domainOrSlug),
    },
  },
};
