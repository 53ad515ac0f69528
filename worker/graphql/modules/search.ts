// The search calls of docs/product/1-product-screens-membership-header-search.md §7 that are
// GraphQL: SearchClickEvent (a clicked hit: queryId, indexName, objectIds, 1-based positions;
// recorded by worker/search/search-clicks.ts), and the publication looked up by slug or custom
// domain that PublicationNavigationContextQuery and PublicationSearchQuery read (variable
// domainOrSlug). UserSearchQuery reads the existing user(id, username) field. And the first
// results of a search page, which the page's query reads so the server paints them
// (worker/search/search-page-results.ts; docs/adr/0230-search-pages-paint-their-first-results.md).
import { GraphQLError, GraphQLScalarType } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import { clientAddress } from '../../auth/client-address.ts';
import { recordSearchClicks, type SearchClick } from '../../search/search-clicks.ts';
import { searchPageResults as firstResults } from '../../search/search-page-results.ts';
import { SEARCH_INDEX_KINDS, type SearchIndexKind } from '../../../shared/search/search-page-requests.ts';
import { HIT_FOLLOW_KIND, hitFollowTarget } from '../../../shared/search/hit-follow-target.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import { followedAmong } from '../../follows/followed-among.ts';
import { indexKindOf } from '../../search/config.ts';
import type { SearchAnswer } from '../../search/engine.ts';
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

function isSearchRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as Record<string, unknown>).objectID === 'string';
}

/** A hit as the search service answers it: its record's fields and _highlightResult (docs/search.md, "The service"). */
const SearchRecord = new GraphQLScalarType({
  name: 'SearchRecord',
  serialize(value) {
    if (!isSearchRecord(value)) throw new GraphQLError('SearchRecord: an object with an objectID is expected.');
    return value;
  },
  parseValue() {
    throw new GraphQLError('SearchRecord is an output type.');
  },
  parseLiteral() {
    throw new GraphQLError('SearchRecord is an output type.');
  },
});

async function searchPageResults(_root: unknown, args: { query?: string | null; index?: string | null; publication?: string | null }, ctx: RequestContext) {
  const kind = args.index ?? null;
  if (kind !== null && !(SEARCH_INDEX_KINDS as readonly string[]).includes(kind)) return null;
  let collectionSlug: string | null = null;
  if (args.publication) {
    const collection = await publicationByDomainOrSlug(null, { domainOrSlug: args.publication }, ctx);
    if (!collection) return null;
    collectionSlug = collection.slug;
  }
  const answers = await firstResults(
    { kind: kind as SearchIndexKind | null, query: (args.query ?? '').trim(), collectionSlug },
    { env: ctx.env, db: ctx.db, now: ctx.now, user: ctx.viewer.user, address: ctx.clientAddress ?? clientAddress(ctx.request) },
  );
  return answers?.map((answer) => ({ ...answer, queryID: answer.queryID ?? null })) ?? null;
}

/**
 * The ids among a painted page's people, publications or topics that the viewer follows, so
 * their Follow buttons start in the viewer's real state (docs/search.md, "Follow buttons"): one
 * primary-key probe per page of such hits, in the render's turn with the other pages' probes.
 */
async function viewerFollowing(page: SearchAnswer, _args: unknown, ctx: RequestContext): Promise<string[]> {
  const follower = viewerId(ctx);
  const kind = indexKindOf(ctx.env, page.index);
  if (!follower || !kind || !(SEARCH_INDEX_KINDS as readonly string[]).includes(kind)) return [];
  const followKind = HIT_FOLLOW_KIND[kind as SearchIndexKind];
  const ids = page.hits.flatMap((hit) => hitFollowTarget(kind as SearchIndexKind, hit as { objectID: string })?.id ?? []);
  return followKind && ids.length > 0 ? followedAmong(ctx, follower, followKind, ids) : [];
}

export const searchModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      """
      A publication by its slug or its live custom domain (PublicationNavigationContextQuery,
      PublicationSearchQuery); null when there is none.
      """
      publicationByDomainOrSlug(domainOrSlug: String!): Collection
      """
      The first screen of a search page's results for query (its q; PublicationSearchQuery
      reads it): the Top tab's blocks (index absent) or the first page of one index's tab
      (post, user, collection, tag, catalog), a publication's stories when publication (its
      slug or domain) is given; as the viewer may see them. Null for a blank query, an unknown
      index or publication, over the search limit, or when the search service fails or is
      slow: the browser then searches itself.
      """
      searchPageResults(query: String, index: String, publication: String): [SearchResultPage!]
    }
    "A hit as the search service answers it: the record's fields and _highlightResult."
    scalar SearchRecord
    "One query's page of hits, as the search service answers it (docs/search.md)."
    type SearchResultPage {
      "The index name searched."
      index: String!
      query: String!
      page: Int!
      nbPages: Int!
      nbHits: Int!
      "For SearchClickEvent."
      queryID: String
      hits: [SearchRecord!]!
      "The ids among the hits' people, publications or topics that the viewer follows (none signed out)."
      viewerFollowing: [ID!]!
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
    SearchRecord,
    SearchResultPage: { viewerFollowing },
    Query: { publicationByDomainOrSlug, searchPageResults },
    Mutation: { searchClickEvent },
  },
};
