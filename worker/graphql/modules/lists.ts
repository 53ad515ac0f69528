// Lists and the library (docs/product/1-product-screens-membership-header-search.md §3 Catalog,
// docs/product/3-routes-data-calls-constants.md §2.11, §3; issue 6 item 8): the viewer's lists with
// the predefined Reading list first, a list's stories, saving (following) someone else's public
// list, and the catalog create/update/delete mutations plus adding and removing stories (those
// writes are in ./list-edits.ts). Rules on who sees a list live in worker/lists/catalogs.ts.
//
// Lists pages are never edge-cached (/me/* and the user list routes are not eligible, see
// worker/cache/eligibility.ts), so these writes have no cache tags to purge.
//
// Paging: the viewer's lists sort by creation, newest first (stable keyset paging). The
// predefined lists are not paged: they lead the first page, above `limit` other lists.
import DataLoader from 'dataloader';
import { and, count, desc, eq, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { catalogItems, catalogs, follows, posts, users, type UserRow } from '../../db/schema.ts';
import {
  catalogGraphId,
  catalogRowByGraphId,
  catalogRowBySlugId,
  ensureReadingList,
  mayViewCatalog,
  type CatalogRow,
} from '../../lists/catalogs.ts';
import { catalogSlugId } from '../../../shared/urls/list-urls.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../../context/paging.ts';
import { sealPostNode, type PostNode } from '../../stories/content-gate.ts';
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

// ---- Per-request loaders of this module (kept beside it: one batched query per page) ----

interface CatalogLoaders {
  itemCount: DataLoader<string, number>;
  /** `${catalogRowId}|${postId}` → in the list. */
  hasPost: DataLoader<string, boolean>;
  viewerFollows: DataLoader<string, boolean>;
}

const loadersByContext = new WeakMap<object, CatalogLoaders>();

/** This module's loaders for the request (shared with ./list-edits.ts). */
export function catalogLoaders(ctx: RequestContext): CatalogLoaders {
  let loaders = loadersByContext.get(ctx.loaders);
  if (loaders) return loaders;
  const q = orm(ctx.db);
  const viewer = viewerId(ctx);
  loaders = {
    itemCount: new DataLoader(async (ids) => {
      const rows = await q
        .select({ catalogId: catalogItems.catalogId, n: count() })
        .from(catalogItems)
        .innerJoin(posts, eq(posts.id, catalogItems.postId))
        .where(and(inArray(catalogItems.catalogId, [...ids]), ...storyStillListed()))
        .groupBy(catalogItems.catalogId);
      const byId = new Map(rows.map((r) => [r.catalogId, r.n]));
      return ids.map((id) => byId.get(id) ?? 0);
    }, { maxBatchSize: 90 }),
    hasPost: new DataLoader(async (keys) => {
      const pairs = keys.map((key) => key.split('|') as [string, string]);
      const rows = await q
        .select({ catalogId: catalogItems.catalogId, postId: catalogItems.postId })
        .from(catalogItems)
        .where(and(inArray(catalogItems.catalogId, [...new Set(pairs.map((p) => p[0]))]), inArray(catalogItems.postId, [...new Set(pairs.map((p) => p[1]))])));
      const found = new Set(rows.map((r) => `${r.catalogId}|${r.postId}`));
      return keys.map((key) => found.has(key));
    }, { maxBatchSize: 45 }),
    viewerFollows: new DataLoader(async (ids) => {
      if (!viewer) return ids.map(() => false);
      const rows = await q
        .select({ id: follows.targetId })
        .from(follows)
        .where(and(eq(follows.followerId, viewer), eq(follows.targetType, 'CATALOG'), inArray(follows.targetId, [...ids])));
      const found = new Set(rows.map((r) => r.id));
      return ids.map((id) => found.has(id));
    }, { maxBatchSize: 90 }),
  };
  loadersByContext.set(ctx.loaders, loaders);
  return loaders;
}

/** A saved story shows while it is published and not in the trash. */
function storyStillListed(): SQL[] {
  return [eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt), eq(posts.isSuspended, false)];
}

// ---- Reading ---------------------------------------------------------------------------

export async function visibleCatalog(ctx: RequestContext, row: CatalogRow | null): Promise<CatalogRow | null> {
  if (!row) return null;
  const creator = await ctx.loaders.userById.load(row.creatorId);
  return mayViewCatalog(row, creator, viewerId(ctx)) ? row : null;
}

function catalogPage(ctx: RequestContext, page: Page<CatalogRow>) {
  return { catalogs: page.items, pagingInfo: page.pagingInfo };
}

async function userCatalogs(ctx: RequestContext, user: UserRow, paging: PagingOptions | null | undefined) {
  const request = pageRequest(paging);
  const own = isViewer(ctx, user.id);
  const q = orm(ctx.db);
  if (own) await ensureReadingList(ctx.db, user.id, ctx.now);
  else {
    const creator = await ctx.loaders.userById.load(user.id);
    if (!creator || creator.deletedAt !== null || creator.isSuspended) return { catalogs: [], pagingInfo: { next: null } };
  }
  const visible = own ? [] : [ne(catalogs.visibility, 'PRIVATE')];
  const predefined = request.after
    ? []
    : await q
        .select()
        .from(catalogs)
        .where(and(eq(catalogs.creatorId, user.id), eq(catalogs.type, 'PREDEFINED_LIST'), ...visible))
        .orderBy(catalogs.predefined);
  const conditions: SQL[] = [eq(catalogs.creatorId, user.id), eq(catalogs.type, 'LISTS'), ...visible];
  if (request.after) {
    const { sortKey, id } = request.after;
    conditions.push(or(lt(catalogs.createdAt, sortKey), and(eq(catalogs.createdAt, sortKey), lt(catalogs.id, id)))!);
  }
  const rows = await q
    .select()
    .from(catalogs)
    .where(and(...conditions))
    .orderBy(desc(catalogs.createdAt), desc(catalogs.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.createdAt, id: row.id }));
  return catalogPage(ctx, { items: [...predefined, ...page.items], pagingInfo: page.pagingInfo });
}

async function followedCatalogs(ctx: RequestContext, user: UserRow, paging: PagingOptions | null | undefined) {
  if (!isViewer(ctx, user.id)) return null;
  const request = pageRequest(paging);
  const conditions: SQL[] = [
    eq(follows.followerId, user.id),
    eq(follows.targetType, 'CATALOG'),
    ne(catalogs.visibility, 'PRIVATE'),
    eq(users.isSuspended, false),
    isNull(users.deletedAt),
  ];
  if (request.after) {
    const { sortKey, id } = request.after;
    conditions.push(or(lt(follows.createdAt, sortKey), and(eq(follows.createdAt, sortKey), lt(catalogs.id, id)))!);
  }
  const rows = await orm(ctx.db)
    .select({ catalog: catalogs, creator: users, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(catalogs, eq(catalogs.id, follows.targetId))
    .innerJoin(users, eq(users.id, catalogs.creatorId))
    .where(and(...conditions))
    .orderBy(desc(follows.createdAt), desc(catalogs.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.followedAt, id: row.catalog.id }));
  for (const { creator } of page.items) ctx.loaders.userById.prime(creator.id, creator);
  return catalogPage(ctx, { items: page.items.map((r) => r.catalog), pagingInfo: page.pagingInfo });
}

async function catalogItemsPage(ctx: RequestContext, catalog: CatalogRow, paging: PagingOptions | null | undefined) {
  const request = pageRequest(paging);
  const conditions: SQL[] = [eq(catalogItems.catalogId, catalog.id), ...storyStillListed(), eq(users.isSuspended, false), isNull(users.deletedAt)];
  if (request.after) {
    const { sortKey, id } = request.after;
    conditions.push(or(lt(catalogItems.createdAt, sortKey), and(eq(catalogItems.createdAt, sortKey), lt(catalogItems.id, id)))!);
  }
  const rows = await orm(ctx.db)
    .select({ item: catalogItems, post: posts, creator: users })
    .from(catalogItems)
    .innerJoin(posts, eq(posts.id, catalogItems.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...conditions))
    .orderBy(desc(catalogItems.createdAt), desc(catalogItems.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.item.createdAt, id: row.item.id }));
  const items = [];
  for (const { item, post, creator } of page.items) {
    ctx.loaders.userById.prime(creator.id, creator);
    const node: PostNode = sealPostNode(post);
    ctx.loaders.postById.prime(node.id, node);
    items.push({ catalogItemId: item.id, note: item.note, createdAt: item.createdAt, post: node });
  }
  return { items, pagingInfo: page.pagingInfo };
}

async function catalogBySlugId(ctx: RequestContext, args: { catalogSlugId: string; username?: string | null }) {
  let creatorId: string | null;
  if (args.username) creatorId = (await ctx.loaders.userByUsername.load(args.username))?.id ?? null;
  else creatorId = viewerId(ctx);
  if (!creatorId) return null;
  if (isViewer(ctx, creatorId)) await ensureReadingList(ctx.db, creatorId, ctx.now);
  return visibleCatalog(ctx, await catalogRowBySlugId(ctx.db, creatorId, args.catalogSlugId));
}

export const listsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Catalog: {
      id: (row: CatalogRow) => catalogGraphId(row),
      creator: async (row: CatalogRow, _args: unknown, ctx: RequestContext) => {
        const creator = await ctx.loaders.userById.load(row.creatorId);
        if (!creator) throw new Error(`List ${row.id} has no creator row.`);
        return creator;
      },
      slugId: (row: CatalogRow) => catalogSlugId({ id: catalogGraphId(row), name: row.name, predefined: row.predefined }),
      postItemsCount: (row: CatalogRow, _args: unknown, ctx: RequestContext) => catalogLoaders(ctx).itemCount.load(row.id),
      itemsConnection: (row: CatalogRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => catalogItemsPage(ctx, row, args.paging),
      hasPost: (row: CatalogRow, args: { postId: string }, ctx: RequestContext) => catalogLoaders(ctx).hasPost.load(`${row.id}|${args.postId}`),
      viewerEdge: (row: CatalogRow, _args: unknown, ctx: RequestContext) => ({
        id: `${catalogGraphId(row)}-${viewerId(ctx) ?? 'lo'}`,
        rowId: row.id,
        isCreator: isViewer(ctx, row.creatorId),
      }),
    },
    CatalogViewerEdge: {
      isFollowing: (edge: { rowId: string }, _args: unknown, ctx: RequestContext) => catalogLoaders(ctx).viewerFollows.load(edge.rowId),
    },
    User: {
      catalogsConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => userCatalogs(ctx, user, args.paging),
      followedCatalogsConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => followedCatalogs(ctx, user, args.paging),
    },
    Query: {
      catalog: async (_root: unknown, args: { id: string }, ctx: RequestContext) => visibleCatalog(ctx, await catalogRowByGraphId(ctx.db, args.id)),
      catalogBySlugId: (_root: unknown, args: { catalogSlugId: string; username?: string | null }, ctx: RequestContext) => catalogBySlugId(ctx, args),
    },
  },
};
