// The search calls of docs/product/1-product-screens-membership-header-search.md §7 that are
// GraphQL: SearchClickEvent (a clicked hit: queryId, indexName, objectIds, 1-based positions;
// recorded by worker/search/search-clicks.ts), and the publication looked up by slug or custom
// domain that PublicationNavigationContextQuery and PublicationSearchQuery read (variable
// domainOrSlug). UserSearchQuery reads the existing user(id, username) field.
import type { RequestContext } from '../../context/request-context.ts';
import { recordSearchClicks, type SearchClick } from '../../search/search-clicks.ts';
import type { SchemaModule } from './schema-module.ts';

async function searchClickEvent(_root: unknown, args: SearchClick, ctx: RequestContext): Promise<boolean> {
  await recordSearchClicks(ctx, args);
  return true;
}

function publicationByDomainOrSlug(_root: unknown, args: { domainOrSlug: string }, ctx: RequestContext) {
  const value = args.domainOrSlug.trim().toLowerCase();
  if (value === '' || value.length > 253) return Promise.resolve(null);
  // A dot never appears in a slug: it is a domain.
  return value.includes('.') ? ctx.loaders.collectionByLiveDomain.load(value) : ctx.loaders.collectionBySlug.load(value);
}

export const searchModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      """
      A publication by its slug or its live custom domain (PublicationNavigationContextQuery,
      PublicationSearchQuery); null when there is none.
      """
      publicationByDomainOrSlug(domainOrSlug: String!): Collection
    }
    type Mutation {
      """
      SearchClickEvent: records the clicked hits of a search (queryId from the search answer,
      positions 1-based, one per objectId).
      """
      searchClickEvent(queryId: String!, indexName: String!, objectIds: [String!]!, positions: [Int!]!): Boolean!
    }
  `,
  resolvers: {
    Query: { publicationByDomainOrSlug },
    Mutation: { searchClickEvent },
  },
};
