// Lists, written (docs/product/1-product-screens-membership-header-search.md §3 (Catalog); issue 6
// item 8): the catalog create/update/delete mutations, adding and removing stories, and saving
// (following) someone else's public list. What a list is and who sees it: ./lists.ts and
// worker/lists/catalogs.ts.
//
// Lists pages are never edge-cached (/me/* and the user list routes are not eligible, see
// worker/cache/eligibility.ts), so these writes have no cache tags to purge.
import { and, eq } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { orm } from '../../db/orm.ts';
import { catalogs, follows } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import {
  addCatalogItem,
  catalogGraphId,
  catalogRowByGraphId,
  ensureReadingList,
  removeCatalogItem,
  validateCatalogDescription,
  validateCatalogName,
  type CatalogRow,
} from '../../lists/catalogs.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { visiblePost } from '../../stories/story-access.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';
import { catalogLoaders, visibleCatalog } from './lists.ts';
import { reindexCatalog } from '../../search/indexing.ts';
import { purgeTags } from '../../cache/purge.ts';
import { LISTS_TAG } from '../../cache/tags.ts';

/**
 * After any list's write: its search record is remade (docs/search.md, "Indexing on write") and
 * /collections, which lists public lists, is purged (worker/cache/eligibility.ts).
 */
/** `stories`: the stories whose lists changed (a hosted app's records carry their public lists). */
async function listChanged(ctx: RequestContext, catalogId: string, stories: string[] = []): Promise<void> {
  await reindexCatalog(ctx.env, catalogId, stories);
  await purgeTags(ctx.env, [LISTS_TAG]);
}


/** The stories a list holds (the hosted app's records of them name their public lists). */
async function storiesOf(ctx: RequestContext, catalogId: string): Promise<string[]> {
  const rows = await ctx.db.prepare('SELECT post_id FROM catalog_items WHERE catalog_id = ?').bind(catalogId).all<{ post_id: string }>();
  return rows.results.map((r) => r.post_id);
}

const typeDefs = /* GraphQL */ `
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

const notFound = () => ({ __typename: 'NotFound', message: 'This list does not exist.' });
const badRequest = (message: string) => ({ __typename: 'BadRequest', message });
const forbidden = () => ({ __typename: 'Forbidden', message: "Only the list's creator can change it." });

function requireViewer(ctx: RequestContext, action: string): string {
  const id = viewerId(ctx);
  if (!id) throw new GraphQLError(`Sign in to ${action}.`, { extensions: { code: 'UNAUTHENTICATED' } });
  return id;
}

/** The viewer's own list by GraphQL id, or the union member that says why not. */
async function ownCatalog(ctx: RequestContext, viewer: string, catalogId: string): Promise<CatalogRow | { __typename: string; message: string }> {
  if (catalogId.startsWith('predefined:')) await ensureReadingList(ctx.db, viewer, ctx.now);
  const row = await visibleCatalog(ctx, await catalogRowByGraphId(ctx.db, catalogId));
  if (!row) return notFound();
  if (row.creatorId !== viewer) return forbidden();
  return row;
}

const isRow = (value: CatalogRow | { __typename: string }): value is CatalogRow => !('__typename' in value);

async function reload(ctx: RequestContext, id: string): Promise<CatalogRow> {
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

async function createCatalog(_root: unknown, args: { input: CatalogInput }, ctx: RequestContext) {
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
  // The search index of public lists (docs/search.md, "Indexing on write").
  await listChanged(ctx, id);
  return reload(ctx, id);
}

async function updateCatalog(_root: unknown, args: { catalogId: string; input: CatalogInput }, ctx: RequestContext) {
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
  // Made public or private: its stories' public lists change.
  await listChanged(ctx, row.id, changes.visibility && changes.visibility !== row.visibility ? await storiesOf(ctx, row.id) : []);
  return reload(ctx, row.id);
}

async function deleteCatalog(_root: unknown, args: { catalogId: string }, ctx: RequestContext) {
  const viewer = requireViewer(ctx, 'delete a list');
  const row = await ownCatalog(ctx, viewer, args.catalogId);
  if (!isRow(row)) return row;
  if (row.predefined) return badRequest('The Reading list cannot be deleted.');
  const q = orm(ctx.db);
  const stories = row.visibility === 'PUBLIC' ? await storiesOf(ctx, row.id) : [];
  // Items go with the list (ON DELETE CASCADE); saves of it by other readers go too, in the
  // same transaction (no list left without its saves, or saves of a deleted list).
  await q.batch([
    q.delete(follows).where(and(eq(follows.targetType, 'CATALOG'), eq(follows.targetId, row.id))),
    q.delete(catalogs).where(eq(catalogs.id, row.id)),
  ]);
  await listChanged(ctx, row.id, stories);
  return { __typename: 'DeleteCatalogSuccess', catalogId: catalogGraphId(row) };
}

async function changeItem(ctx: RequestContext, args: { catalogId: string; postId: string }, adding: boolean) {
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
  // Its story count is part of its record, and an emptied list leaves the index.
  await listChanged(ctx, row.id, row.visibility === 'PUBLIC' ? [args.postId] : []);
  return reload(ctx, row.id);
}

async function changeFollow(ctx: RequestContext, catalogId: string, following: boolean) {
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
  // Saves rank lists (one record: docs/search.md, "Follower counts").
  await listChanged(ctx, row.id);
  return row;
}

const byTypename = (value: CatalogRow | { __typename: string }) => ('__typename' in value ? value.__typename : 'Catalog');

export const listEditsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Mutation: {
      createCatalog,
      updateCatalog,
      deleteCatalog,
      addToCatalog: (_root: unknown, args: { catalogId: string; postId: string }, ctx: RequestContext) => changeItem(ctx, args, true),
      removeFromCatalog: (_root: unknown, args: { catalogId: string; postId: string }, ctx: RequestContext) => changeItem(ctx, args, false),
      followCatalog: (_root: unknown, args: { catalogId: string }, ctx: RequestContext) => changeFollow(ctx, args.catalogId, true),
      unfollowCatalog: (_root: unknown, args: { catalogId: string }, ctx: RequestContext) => changeFollow(ctx, args.catalogId, false),
    },
    CatalogResult: { __resolveType: byTypename },
    DeleteCatalogResult: { __resolveType: byTypename },
  },
};
