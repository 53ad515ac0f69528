// Lists, written (docs/product/1-product-screens-membership-header-search.md §3 (Catalog); issue 6
// item 8): creating, changing and deleting a list, adding and removing stories, and saving
// (following) someone else's public list. What a list is and who sees it: ./catalogs.ts.
//
// Lists pages are never edge-cached (/me/* and the user list routes are not eligible, see
// worker/cache/eligibility.ts); a list's change is recorded for its search record and for
// /collections, which lists public lists.
import { and, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { catalogs, follows } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import {
  addListItem,
  listGraphId,
  ensureReadingList,
  removeListItem,
  validateListDescription,
  validateListName,
  type CatalogRow,
} from './lists.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { visibleStory } from '../stories/story-access.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { listLoaders } from './list-loaders.ts';
import { catalogByGraphId } from './list-reads.ts';

/** Why a list write did not happen (the mutations' result union members). */
export interface ListRefusal {
  __typename: 'NotFound' | 'BadRequest' | 'Forbidden';
  message: string;
}

/**
 * After any list's write: its search record is remade (docs/search.md, "Indexing on write") and
 * /collections, which lists public lists, is purged (worker/cache/eligibility.ts). `stories`:
 * the stories whose lists changed (a hosted app's records carry their public lists).
 */
async function listChanged(ctx: RequestContext, catalogId: string, stories: string[] = []): Promise<void> {
  await ctx.changes.record({ records: [{ kind: 'list', id: catalogId, stories }], pages: [{ kind: 'lists' }] });
}

/** The stories a list holds (the hosted app's records of them name their public lists). */
async function storiesOf(ctx: RequestContext, catalogId: string): Promise<string[]> {
  const rows = await ctx.db.prepare('SELECT post_id FROM catalog_items WHERE catalog_id = ?').bind(catalogId).all<{ post_id: string }>();
  return rows.results.map((r) => r.post_id);
}

const notFound = (): ListRefusal => ({ __typename: 'NotFound', message: 'This list does not exist.' });
const badRequest = (message: string): ListRefusal => ({ __typename: 'BadRequest', message });
const forbidden = (): ListRefusal => ({ __typename: 'Forbidden', message: "Only the list's creator can change it." });

function requireViewer(ctx: RequestContext, action: string): string {
  const id = viewerId(ctx);
  if (!id) throw signInRequired(action);
  return id;
}

/** The viewer's own list by GraphQL id, or the refusal that says why not. */
async function ownList(ctx: RequestContext, viewer: string, catalogId: string): Promise<CatalogRow | ListRefusal> {
  if (catalogId.startsWith('predefined:')) await ensureReadingList(ctx.db, viewer, ctx.now);
  const row = await catalogByGraphId(ctx, catalogId);
  if (!row) return notFound();
  if (row.creatorId !== viewer) return forbidden();
  return row;
}

const isRow = (value: CatalogRow | ListRefusal): value is CatalogRow => !('__typename' in value);

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

export type CatalogInput = { name?: string | null; description?: string | null; visibility?: string | null };

/** Creates a list (signed in). */
export async function createCatalog(ctx: RequestContext, input: CatalogInput): Promise<CatalogRow | ListRefusal> {
  const viewer = requireViewer(ctx, 'create a list');
  const name = validateListName(input.name ?? '');
  if ('error' in name) return badRequest(name.error);
  const description = validateListDescription(input.description ?? '');
  if ('error' in description) return badRequest(description.error);
  const visibility = visibilityInput(input.visibility);
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

/** Renames a list, changes its description or makes it public or private (its creator only). */
export async function updateCatalog(ctx: RequestContext, catalogId: string, input: CatalogInput): Promise<CatalogRow | ListRefusal> {
  const viewer = requireViewer(ctx, 'change a list');
  const row = await ownList(ctx, viewer, catalogId);
  if (!isRow(row)) return row;
  const changes: Partial<CatalogRow> = {};
  if (input.name !== undefined && input.name !== null) {
    const name = validateListName(input.name);
    if ('error' in name) return badRequest(name.error);
    if (row.predefined && name.value !== row.name) return badRequest('The Reading list cannot be renamed.');
    changes.name = name.value;
  }
  if (input.description !== undefined && input.description !== null) {
    const description = validateListDescription(input.description);
    if ('error' in description) return badRequest(description.error);
    changes.description = description.value;
  }
  const visibility = visibilityInput(input.visibility);
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

/** Deletes a list (its creator only; the Reading list cannot be deleted); answers the deleted list's id. */
export async function deleteCatalog(ctx: RequestContext, catalogId: string): Promise<{ catalogId: string } | ListRefusal> {
  const viewer = requireViewer(ctx, 'delete a list');
  const row = await ownList(ctx, viewer, catalogId);
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
  return { catalogId: listGraphId(row) };
}

/** Adds a story to (or removes it from) one of the viewer's lists (idempotent). */
export async function changeItem(ctx: RequestContext, catalogId: string, postId: string, adding: boolean): Promise<CatalogRow | ListRefusal> {
  const viewer = requireViewer(ctx, adding ? 'save a story' : 'change a list');
  const row = await ownList(ctx, viewer, catalogId);
  if (!isRow(row)) return row;
  if (adding) {
    const post = await visibleStory(ctx, postId);
    if (!post) return { __typename: 'NotFound', message: 'This story does not exist.' };
    if (post.status !== 'PUBLISHED') return badRequest('Only published stories can be saved to a list.');
    await addListItem(ctx.db, row.id, post.id, ctx.now);
  } else {
    await removeListItem(ctx.db, row.id, postId, ctx.now);
  }
  ctx.loaders.viewerPostEdgeByPostId.clear(postId);
  listLoaders(ctx).hasPost.clear(`${row.id}|${postId}`);
  listLoaders(ctx).itemCount.clear(row.id);
  // Its story count is part of its record, and an emptied list leaves the index.
  await listChanged(ctx, row.id, row.visibility === 'PUBLIC' ? [postId] : []);
  return reload(ctx, row.id);
}

/** Saves someone else's public list to the viewer's library, or takes it out (idempotent). */
export async function changeFollow(ctx: RequestContext, catalogId: string, following: boolean): Promise<CatalogRow | ListRefusal> {
  const viewer = requireViewer(ctx, 'save a list');
  const row = await catalogByGraphId(ctx, catalogId);
  if (!row) return notFound();
  const q = orm(ctx.db);
  if (following) {
    if (row.creatorId === viewer) return badRequest('This is your own list: it is already in your library.');
    await q.insert(follows).values({ followerId: viewer, targetType: 'CATALOG', targetId: row.id, createdAt: ctx.now }).onConflictDoNothing();
  } else {
    await q.delete(follows).where(and(eq(follows.followerId, viewer), eq(follows.targetType, 'CATALOG'), eq(follows.targetId, row.id)));
  }
  listLoaders(ctx).viewerFollows.clear(row.id);
  // Saves rank lists (one record: docs/search.md, "Follower counts").
  await listChanged(ctx, row.id);
  return row;
}
