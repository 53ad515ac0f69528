// Lists and the library (docs/product/1-product-screens-membership-header-search.md §3 Catalog,
// docs/product/3-routes-data-calls-constants.md §2.11, §3; issue 6 item 8): the viewer's lists with
// the predefined Reading list first, a list's stories, saving (following) someone else's public
// list, and the catalog create/update/delete mutations plus adding and removing stories (those
// writes are in ./list-edits.ts). The reads and the rules on who sees a list live in
// worker/lists/ (list-reads.ts, catalogs.ts).
import { listGraphId, type CatalogRow } from '../../lists/lists.ts';
import { catalogByGraphId, catalogBySlugId, listItemsPage, followedLists, userCatalogs } from '../../lists/list-reads.ts';
import { listLoaders } from '../../lists/list-loaders.ts';
import { catalogSlugId } from '../../../shared/urls/list-urls.ts';
import type { RequestContext } from '../../context/request-context.ts';
import type { Page, PagingOptions } from '../../context/paging.ts';
import { isViewer, viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "Catalog visibility of docs/product/3-routes-data-calls-constants.md §3."
  enum CatalogVisibility {
    PUBLIC
    PRIVATE
    LOCKED
  }

  "Catalog types of docs/product/3-routes-data-calls-constants.md §3 (this service makes LISTS and PREDEFINED_LIST)."
  enum CatalogType {
    DEFAULT
    HOME_MODULE
    LISTS
    PREDEFINED_LIST
    SEQUENCE
    SERIES
    TOPIC
  }

  "Predefined list kinds of docs/product/3-routes-data-calls-constants.md §3: READING_LIST is shown as Reading list."
  enum PredefinedCatalogType {
    READING_LIST
    CURRENTLY_READING
    PURCHASED
  }

  "A list of stories (docs/product/1-product-screens-membership-header-search.md §3)."
  type Catalog {
    "predefined:{userId}:{KIND} for a predefined list, else the list's own id."
    id: ID!
    name: String!
    description: String!
    type: CatalogType!
    predefined: PredefinedCatalogType
    visibility: CatalogVisibility!
    creator: User!
    "The catalogSlugId route param: reading-list, or {name-slug}-{id}."
    slugId: String!
    "Stories in the list that are still published."
    postItemsCount: Int!
    createdAt: Long!
    updatedAt: Long!
    "The stories, most recently added first."
    itemsConnection(paging: PagingOptions): CatalogItemsConnection!
    "Whether the story is in this list."
    hasPost(postId: ID!): Boolean!
    viewerEdge: CatalogViewerEdge!
  }

  type CatalogItem {
    catalogItemId: ID!
    "The reader's note on the story in this list (may be empty)."
    note: String!
    createdAt: Long!
    post: Post!
  }

  type CatalogItemsConnection {
    items: [CatalogItem!]!
    pagingInfo: PagingInfo!
  }

  type CatalogConnection {
    catalogs: [Catalog!]!
    pagingInfo: PagingInfo!
  }

  type CatalogViewerEdge {
    id: ID!
    "The viewer saved this list to their library."
    isFollowing: Boolean!
    "The viewer made this list (only they may change it)."
    isCreator: Boolean!
  }

  type User {
    """
    Lists: for the user themselves every list, the predefined Reading list first; for
    anyone else only their public lists.
    """
    catalogsConnection(paging: PagingOptions): CatalogConnection!
    "Viewer only. Other people's lists the viewer saved, most recently saved first."
    followedCatalogsConnection(paging: PagingOptions): CatalogConnection
  }

  type Query {
    "A list by id; null when it does not exist or is private to someone else."
    catalog(id: ID!): Catalog
    """
    A list by its creator and catalogSlugId route param (/@{username}/list/{catalogSlugId});
    without username, the viewer's own (/me/list/{catalogSlugId}).
    """
    catalogBySlugId(catalogSlugId: String!, username: String): Catalog
  }
`;

function listPage(page: Page<CatalogRow>) {
  return { catalogs: page.items, pagingInfo: page.pagingInfo };
}

export const listsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Catalog: {
      id: (row: CatalogRow) => listGraphId(row),
      creator: async (row: CatalogRow, _args: unknown, ctx: RequestContext) => {
        const creator = await ctx.loaders.userById.load(row.creatorId);
        if (!creator) throw new Error(`List ${row.id} has no creator row.`);
        return creator;
      },
      slugId: (row: CatalogRow) => catalogSlugId({ id: listGraphId(row), name: row.name, predefined: row.predefined }),
      postItemsCount: (row: CatalogRow, _args: unknown, ctx: RequestContext) => listLoaders(ctx).itemCount.load(row.id),
      itemsConnection: async (row: CatalogRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await listItemsPage(ctx, row, args.paging);
        return { items: page.items, pagingInfo: page.pagingInfo };
      },
      hasPost: (row: CatalogRow, args: { postId: string }, ctx: RequestContext) => listLoaders(ctx).hasPost.load(`${row.id}|${args.postId}`),
      viewerEdge: (row: CatalogRow, _args: unknown, ctx: RequestContext) => ({
        id: `${listGraphId(row)}-${viewerId(ctx) ?? 'lo'}`,
        rowId: row.id,
        isCreator: isViewer(ctx, row.creatorId),
      }),
    },
    CatalogViewerEdge: {
      isFollowing: (edge: { rowId: string }, _args: unknown, ctx: RequestContext) => listLoaders(ctx).viewerFollows.load(edge.rowId),
    },
    User: {
      catalogsConnection: async (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => listPage(await userCatalogs(ctx, user.id, args.paging)),
      followedCatalogsConnection: async (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await followedLists(ctx, user.id, args.paging);
        return page && listPage(page);
      },
    },
    Query: {
      catalog: (_root: unknown, args: { id: string }, ctx: RequestContext) => catalogByGraphId(ctx, args.id),
      catalogBySlugId: (_root: unknown, args: { catalogSlugId: string; username?: string | null }, ctx: RequestContext) => catalogBySlugId(ctx, args.catalogSlugId, args.username),
    },
  },
};
