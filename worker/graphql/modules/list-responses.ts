// Responses on lists (docs/product/2-sign-in-notices-cache-routing.md §3 (Catalog): responsesCount,
// threadedCatalogResponses; §7 RefetchThreadedCatalogResponsesQuery, ShowCatalogResponseOnParent;
// §4.4 toast HIDE_CATALOG_RESPONSE; §8 closed discussion). The rules, the reads and the writes
// (and the decisions where the spec is silent) are in worker/lists/list-responses.ts.
//
//   Catalog.responsesCount            responses the list shows
//   Catalog.responsesLocked           the list's creator closed discussion
//   Catalog.threadedCatalogResponses  those responses, keyset-paged (paging { limit, to })
//   publishCatalogResponse            writes a response from plain text (signed in)
//   hideCatalogResponseOnParent / showCatalogResponseOnParent   the list's creator hides one, or undoes it
//   setCatalogResponsesLocked         the list's creator closes or opens discussion
import type { CatalogRow } from '../../lists/lists.ts';
import {
  catalogResponsesCount,
  publishCatalogResponse,
  setCatalogResponseHidden,
  setCatalogResponsesLocked,
  threadedCatalogResponses,
} from '../../lists/list-responses.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { SchemaModule } from './schema-module.ts';
import type { ResponseSortType } from '../../responses/responses.ts';

export const catalogResponsesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Catalog {
      "Responses the list shows (published, not hidden by the list's creator, by accounts in good standing)."
      responsesCount: Int!
      "The list's creator closed discussion: no new responses (docs/product/2-sign-in-notices-cache-routing.md §8 message)."
      responsesLocked: Boolean!
      "The list's responses, paged (docs/product/2-sign-in-notices-cache-routing.md §7 (RefetchThreadedCatalogResponsesQuery)). Responses on a list take no replies."
      threadedCatalogResponses(paging: PagingOptions, sortType: ResponseSortType = NEWEST): PostConnection!
    }

    type Mutation {
      """
      Publishes a response to a list the viewer can see, from plain text (paragraphs split on
      blank lines). Signed in only. Refused when the list's creator closed discussion (docs/product/2-sign-in-notices-cache-routing.md
      §8 message). Answers the new response.
      """
      publishCatalogResponse(catalogId: ID!, text: String!): Post!
      "The list's creator hides a response from the list (HIDE_CATALOG_RESPONSE toast). Answers the list."
      hideCatalogResponseOnParent(parentCatalogId: ID!, catalogResponseId: ID!): Catalog!
      "Undoes hideCatalogResponseOnParent (the toast's Undo, docs/product/2-sign-in-notices-cache-routing.md §7 (ShowCatalogResponseOnParent)). Answers the list."
      showCatalogResponseOnParent(parentCatalogId: ID!, catalogResponseId: ID!): Catalog!
      "The list's creator closes (true) or opens (false) discussion on the list. Answers the list."
      setCatalogResponsesLocked(catalogId: ID!, responsesLocked: Boolean!): Catalog!
    }
  `,
  resolvers: {
    Catalog: {
      responsesCount: (row: CatalogRow, _args: unknown, ctx: RequestContext) => catalogResponsesCount(ctx, row),
      responsesLocked: (row: CatalogRow) => row.responsesLocked,
      threadedCatalogResponses: async (row: CatalogRow, args: { paging?: PagingOptions | null; sortType?: ResponseSortType | null }, ctx: RequestContext) => {
        const page = await threadedCatalogResponses(ctx, row, args.paging, args.sortType ?? 'NEWEST');
        return { posts: page.items, pagingInfo: page.pagingInfo };
      },
    },
    Mutation: {
      publishCatalogResponse: (_root: unknown, args: { catalogId: string; text: string }, ctx: RequestContext) => publishCatalogResponse(ctx, args.catalogId, args.text),
      hideCatalogResponseOnParent: (_root: unknown, args: { parentCatalogId: string; catalogResponseId: string }, ctx: RequestContext) =>
        setCatalogResponseHidden(ctx, args.parentCatalogId, args.catalogResponseId, true),
      showCatalogResponseOnParent: (_root: unknown, args: { parentCatalogId: string; catalogResponseId: string }, ctx: RequestContext) =>
        setCatalogResponseHidden(ctx, args.parentCatalogId, args.catalogResponseId, false),
      setCatalogResponsesLocked: (_root: unknown, args: { catalogId: string; responsesLocked: boolean }, ctx: RequestContext) =>
        setCatalogResponsesLocked(ctx, args.catalogId, args.responsesLocked),
    },
  },
};
