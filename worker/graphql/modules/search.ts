// The search calls of docs/product/1-product-screens-membership-header-search.md §7 that are
// GraphQL: SearchClickEvent (a clicked hit: queryId, indexName, objectIds, 1-based positions),
// and the publication looked up by slug or custom domain that PublicationNavigationContextQuery
// and PublicationSearchQuery read (variable domainOrSlug). UserSearchQuery reads the existing
// user(id, username) field.
import { GraphQLError } from 'graphql';
import type { CollectionRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';

/** Hits one click event may name (the popover's and a page's hits are far fewer). */
export const MAX_CLICKED_OBJECTS = 20;
const QUERY_ID = /^[0-9a-f]{32}$/;
const INDEX_NAME = /^[\w.-]{1,100}$/;
const OBJECT_ID = /^[\w.-]{1,100}$/;

const badRequest = (message: string) => new GraphQLError(message, { extensions: { code: 'BAD_REQUEST' } });

interface SearchClickArgs {
  queryId: string;
  indexName: string;
  objectIds: string[];
  positions: number[];
}

async function searchClickEvent(_root: unknown, args: SearchClickArgs, ctx: RequestContext): Promise<boolean> {
  if (!QUERY_ID.test(args.queryId)) throw badRequest('queryId is not a query id.');
  if (!INDEX_NAME.test(args.indexName)) throw badRequest('indexName is not an index name.');
  if (args.objectIds.length === 0 || args.objectIds.length > MAX_CLICKED_OBJECTS) throw badRequest(`Give 1 to ${MAX_CLICKED_OBJECTS} objectIds.`);
  if (args.positions.length !== args.objectIds.length) throw badRequest('Give one position per objectId.');
  if (!args.objectIds.every((id) => OBJECT_ID.test(id))) throw badRequest('An objectId is malformed.');
  if (!args.positions.every((p) => Number.isInteger(p) && p >= 1 && p <= 1000)) throw badRequest('Positions start at 1.');
  const userId = ctx.viewer.user?.id ?? null;
  const insert = ctx.db.prepare('INSERT INTO search_clicks (query_id, index_name, object_id, position, user_id, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  await ctx.db.batch(args.objectIds.map((objectId, i) => insert.bind(args.queryId, args.indexName, objectId, args.positions[i]!, userId, ctx.now)));
  return true;
}

function publicationByDomainOrSlug(_root: unknown, args: { domainOrSlug: string }, ctx: RequestContext): Promise<CollectionRow | null | undefined> {
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
