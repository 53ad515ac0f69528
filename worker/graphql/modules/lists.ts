// Lists and the library (spec 1 §3 Catalog, spec 3 §2.11, §3; issue 6 item 8): the viewer's
// lists with the predefined Reading list first, a list's stories, saving (following)
// someone else's public list, and the catalog create/update/delete mutations plus adding
// and removing stories. Rules on who sees a list live in worker/lists/catalogs.ts.
//
// Lists pages are never edge-cached (/me/* and the user list routes are not eligible, see
// worker/cache/eligibility.ts), so these writes have no cache tags to purge.
//
// Paging: the viewer's lists sort by creation, newest first (stable keyset paging). The
// predefined lists are not paged: they lead the first page, above `limit` other lists.
import DataLoader from 'dataloader';
import { and, count, desc, eq, inArray, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { newId } from '../../lib/ids.ts';
import { catalogItems, catalogs, follows, posts, users, type UserRow } from '../../db/schema.ts';
import {
  addCatalogItem,
  catalogGraphId,
  catalogRowByGraphId,
  catalogRowBySlugId,
  ensureReadingList,
  mayViewCatalog,
  removeCatalogItem,
  validateCatalogDescription,
  validateCatalogName,
  type CatalogRow,
} from '../../lists/catalogs.ts';
import { catalogSlugId } from '../../../shared/urls/list-urls.ts';
import type { GraphQLContext } from '../context.ts';
import { orm } from '../../db/orm.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../resolvers/paging.ts';
import { visiblePost } from '../resolvers/post-access.ts';
import { sealPostNode, type PostNode } from '../resolvers/post-content.ts';
import { isViewer, viewerId } from '../resolvers/viewer.ts';
import type { SchemaModule } from './index.ts';

const typeDefs = /* GraphQL */ `
  "Spec 3 §3 catalog visibility."
  enum CatalogVisibility {
    PUBLIC
    PRIVATE
    LOCKED
  }

  "Spec 3 §3 catalog types (this service makes LISTS and PREDEFINED_LIST)."
  enum CatalogType {
    DEFAULT
    HOME_MODULE
    LISTS
    PREDEFINED_LIST
    SEQUENCE
    SERIES
    TOPIC
  }

  "Spec 3 §3 predefined list kinds: READING_LIST is shown as Reading list."
  enum PredefinedCatalogType {
    READING_LIST
    CURRENTLY_READING
    PURCHASED
  }

  "A list of stories (spec 1 §3)."
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

  "The caller may not do this to a thing they can see."
  type Forbidden {
    message: String!
  }

  type DeleteCatalogSuccess {
    "The deleted list's id."
    catalogId: ID!
  }

  union CatalogResult = Catalog | BadRequest | NotFound | Forbidden
  union DeleteCatalogResult = DeleteCatalogSuccess | BadRequest | NotFound | Forbidden

  input CreateCatalogInput {
    name: String!
    description: String
    "PUBLIC (default) or PRIVATE."
    visibility: CatalogVisibility
  }

  input UpdateCatalogInput {
    name: String
    description: String
    "PUBLIC or PRIVATE."
    visibility: CatalogVisibility
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

  type Mutation {
    "Creates a list (signed in)."
    createCatalog(input: CreateCatalogInput!): CatalogResult!
    "Renames a list, changes its description or makes it public or private (its creator only)."
    updateCatalog(catalogId: ID!, input: UpdateCatalogInput!): CatalogResult!
    "Deletes a list (its creator only; the Reading list cannot be deleted)."
    deleteCatalog(catalogId: ID!): DeleteCatalogResult!
    "Adds a story to one of the viewer's lists (idempotent)."
    addToCatalog(catalogId: ID!, postId: ID!): CatalogResult!
    "Removes a story from one of the viewer's lists (idempotent)."
    removeFromCatalog(catalogId: ID!, postId: ID!): CatalogResult!
    "Saves someone else's public list to the viewer's library (idempotent)."
    followCatalog(catalogId: ID!): CatalogResult!
    "Takes a saved list out of the viewer's library (idempotent)."
    unfollowCatalog(catalogId: ID!): CatalogResult!
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

function catalogLoaders(ctx: GraphQLContext): CatalogLoaders {
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

async function visibleCatalog(ctx: GraphQLContext, row: CatalogRow | null): Promise<CatalogRow | null> {
  if (!row) return null;
  const creator = await ctx.loaders.userById.load(row.creatorId);
  return mayViewCatalog(row, creator, viewerId(ctx)) ? row : null;
}

function catalogPage(ctx: GraphQLContext, page: Page<CatalogRow>) {
  return { catalogs: page.items, pagingInfo: page.pagingInfo };
}

async function userCatalogs(ctx: GraphQLContext, user: UserRow, paging: PagingOptions | null | undefined) {
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

async function followedCatalogs(ctx: GraphQLContext, user: UserRow, paging: PagingOptions | null | undefined) {
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

async function catalogItemsPage(ctx: GraphQLContext, catalog: CatalogRow, paging: PagingOptions | null | undefined) {
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

async function catalogBySlugId(ctx: GraphQLContext, args: { catalogSlugId: string; username?: string | null }) {
  let creatorId: string | null;
  if (args.username) creatorId = (await ctx.loaders.userByUsername.load(args.username))?.id ?? null;
  else creatorId = viewerId(ctx);
  if (!creatorId) return null;
  if (isViewer(ctx, creatorId)) await ensureReadingList(ctx.db, creatorId, ctx.now);
  return visibleCatalog(ctx, await catalogRowBySlugId(ctx.db, creatorId, args.catalogSlugId));
}

// ---- Writing ---------------------------------------------------------------------------

const notFound = () => ({ __typename: 'NotFound', message: 'This list does not exist.' });
const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const forbidden = () => ({ __typename: 'Forbidden', message: "Only the list's creator can change it." });

function requireViewer(ctx: GraphQLContext, action: string): string {
  const id = viewerId(ctx);
  if (!id) throw new GraphQLError(`Sign in to ${action}.`, { extensions: { code: 'UNAUTHENTICATED' } });
  return id;
}

/** The viewer's own list by GraphQL id, or the union member that says why not. */
async function ownCatalog(ctx: GraphQLContext, viewer: string, catalogId: string): Promise<CatalogRow | { __typename: string; message: string }> {
  if (catalogId.startsWith('predefined:')) await ensureReadingList(ctx.db, viewer, ctx.now);
  const row = await visibleCatalog(ctx, await catalogRowByGraphId(ctx.db, catalogId));
  if (!row) return notFound();
  if (row.creatorId !== viewer) return forbidden();
  return row;
}

const isRow = (value: CatalogRow | { __typename: string }): value is CatalogRow => !('__typename' in value);

async function reload(ctx: GraphQLContext, id: string): Promise<CatalogRow> {
  const [row] = await orm(ctx.db).select().from(catalogs).where(eq(catalogs.id, id));
  if (!row) throw new Error(`List ${id} disappeared while it was changed.`);
  return row;
}

function visibilityInput(value: string | null | undefined): { value?: 'PUBLIC' | 'PRIVATE' } | { error: string } {
  if (value === undefined || value === null) return {};
  if (value === 'PUBLIC' || value === 'PRIVATE') return { value };
  return { error: 'A list is either public or private.' };
}

type CatalogInput = { name?: string | null; description?: string | null; visibility?: string | null };

async function createCatalog(_root: unknown, args: { input: CatalogInput }, ctx: GraphQLContext) {
  const viewer = requireViewer(ctx, 'create a list');
  const name = validateCatalogName(args.input.name ?? '');
  if ('error' in name) return badRequest(name.error);
  const description = validateCatalogDescription(args.input.description ?? '');
  if ('error' in description) return badRequest(description.error);
  const visibility = visibilityInput(args.input.visibility);
  if ('error' in visibility) return badRequest(visibility.error);
  const id = newId();
  await orm(ctx.db)
    .insert(catalogs)
    .values({
      id,
      creatorId: viewer,
      name: name.value,
      description: description.value,
      type: 'LISTS',
      visibility: visibility.value ?? 'PUBLIC',
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
  return reload(ctx, id);
}

async function updateCatalog(_root: unknown, args: { catalogId: string; input: CatalogInput }, ctx: GraphQLContext) {
  const viewer = requireViewer(ctx, 'change a list');
  const row = await ownCatalog(ctx, viewer, args.catalogId);
  if (!isRow(row)) return row;
  const changes: Partial<CatalogRow> = {};
  if (args.input.name !== undefined && args.input.name !== null) {
    const name = validateCatalogName(args.input.name);
    if ('error' in name) return badRequest(name.error);
    if (row.predefined && name.value !== row.name) return badRequest('The Reading list cannot be renamed.');
    changes.name = name.value;
  }
  if (args.input.description !== undefined && args.input.description !== null) {
    const description = validateCatalogDescription(args.input.description);
    if ('error' in description) return badRequest(description.error);
    changes.description = description.value;
  }
  const visibility = visibilityInput(args.input.visibility);
  if ('error' in visibility) return badRequest(visibility.error);
  if (visibility.value) changes.visibility = visibility.value;
  if (Object.keys(changes).length === 0) return badRequest('Give a name, a description or a visibility to change.');
  await orm(ctx.db)
    .update(catalogs)
    .set({ ...changes, updatedAt: ctx.now })
    .where(eq(catalogs.id, row.id));
  return reload(ctx, row.id);
}

async function deleteCatalog(_root: unknown, args: { catalogId: string }, ctx: GraphQLContext) {
  const viewer = requireViewer(ctx, 'delete a list');
  const row = await ownCatalog(ctx, viewer, args.catalogId);
  if (!isRow(row)) return row;
  if (row.predefined) return badRequest('The Reading list cannot be deleted.');
  const q = orm(ctx.db);
  // Items go with the list (ON DELETE CASCADE); saves of it by other readers go too.
  await q.delete(follows).where(and(eq(follows.targetType, 'CATALOG'), eq(follows.targetId, row.id)));
  await q.delete(catalogs).where(eq(catalogs.id, row.id));
  return { __typename: 'DeleteCatalogSuccess', catalogId: catalogGraphId(row) };
}

async function changeItem(ctx: GraphQLContext, args: { catalogId: string; postId: string }, adding: boolean) {
  const viewer = requireViewer(ctx, adding ? 'save a story' : 'change a list');
  const row = await ownCatalog(ctx, viewer, args.catalogId);
  if (!isRow(row)) return row;
  if (adding) {
    const post = await visiblePost(ctx, args.postId);
    if (!post) return { __typename: 'NotFound', message: 'This story does not exist.' };
    if (post.status !== 'PUBLISHED') return badRequest('Only published stories can be saved to a list.');
    await addCatalogItem(ctx.db, row.id, post.id, ctx.now);
  } else {
    await removeCatalogItem(ctx.db, row.id, args.postId, ctx.now);
  }
  ctx.loaders.viewerBookmarkByPostId.clear(args.postId);
  catalogLoaders(ctx).hasPost.clear(`${row.id}|${args.postId}`);
  catalogLoaders(ctx).itemCount.clear(row.id);
  return reload(ctx, row.id);
}

async function changeFollow(ctx: GraphQLContext, catalogId: string, following: boolean) {
  const viewer = requireViewer(ctx, 'save a list');
  const row = await visibleCatalog(ctx, await catalogRowByGraphId(ctx.db, catalogId));
  if (!row) return notFound();
  const q = orm(ctx.db);
  if (following) {
    if (row.creatorId === viewer) return badRequest('This is your own list: it is already in your library.');
    await q.insert(follows).values({ followerId: viewer, targetType: 'CATALOG', targetId: row.id, createdAt: ctx.now }).onConflictDoNothing();
  } else {
    await q.delete(follows).where(and(eq(follows.followerId, viewer), eq(follows.targetType, 'CATALOG'), eq(follows.targetId, row.id)));
  }
  catalogLoaders(ctx).viewerFollows.clear(row.id);
  return row;
}

const byTypename = (value: CatalogRow | { __typename: string }) => ('__typename' in value ? value.__typename : 'Catalog');

export const listsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Catalog: {
      id: (row: CatalogRow) => catalogGraphId(row),
      creator: async (row: CatalogRow, _args: unknown, ctx: GraphQLContext) => {
        const creator = await ctx.loaders.userById.load(row.creatorId);
        if (!creator) throw new Error(`List ${row.id} has no creator row.`);
        return creator;
      },
      slugId: (row: CatalogRow) => catalogSlugId({ id: catalogGraphId(row), name: row.name, predefined: row.predefined }),
      postItemsCount: (row: CatalogRow, _args: unknown, ctx: GraphQLContext) => catalogLoaders(ctx).itemCount.load(row.id),
      itemsConnection: (row: CatalogRow, args: { paging?: PagingOptions | null }, ctx: GraphQLContext) => catalogItemsPage(ctx, row, args.paging),
      hasPost: (row: CatalogRow, args: { postId: string }, ctx: GraphQLContext) => catalogLoaders(ctx).hasPost.load(`${row.id}|${args.postId}`),
      viewerEdge: (row: CatalogRow, _args: unknown, ctx: GraphQLContext) => ({
        id: `${catalogGraphId(row)}-${viewerId(ctx) ?? 'lo'}`,
        rowId: row.id,
        isCreator: isViewer(ctx, row.creatorId),
      }),
    },
    CatalogViewerEdge: {
      isFollowing: (edge: { rowId: string }, _args: unknown, ctx: GraphQLContext) => catalogLoaders(ctx).viewerFollows.load(edge.rowId),
    },
    User: {
      catalogsConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: GraphQLContext) => userCatalogs(ctx, user, args.paging),
      followedCatalogsConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: GraphQLContext) => followedCatalogs(ctx, user, args.paging),
    },
    Query: {
      catalog: async (_root: unknown, args: { id: string }, ctx: GraphQLContext) => visibleCatalog(ctx, await catalogRowByGraphId(ctx.db, args.id)),
      catalogBySlugId: (_root: unknown, args: { catalogSlugId: string; username?: string | null }, ctx: GraphQLContext) => catalogBySlugId(ctx, args),
    },
    Mutation: {
      createCatalog,
      updateCatalog,
      deleteCatalog,
      addToCatalog: (_root: unknown, args: { catalogId: string; postId: string }, ctx: GraphQLContext) => changeItem(ctx, args, true),
      removeFromCatalog: (_root: unknown, args: { catalogId: string; postId: string }, ctx: GraphQLContext) => changeItem(ctx, args, false),
      followCatalog: (_root: unknown, args: { catalogId: string }, ctx: GraphQLContext) => changeFollow(ctx, args.catalogId, true),
      unfollowCatalog: (_root: unknown, args: { catalogId: string }, ctx: GraphQLContext) => changeFollow(ctx, args.catalogId, false),
    },
    CatalogResult: { __resolveType: byTypename },
    DeleteCatalogResult: { __resolveType: byTypename },
  },
};
