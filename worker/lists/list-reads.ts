// Lists, read (docs/product/1-product-screens-membership-header-search.md §3 Catalog,
// docs/product/3-routes-data-calls-constants.md §2.11, §3; issue 6 item 8): the viewer's lists with
// the predefined Reading list first, a list's stories, the lists someone saved, and everyone's
// public lists (/collections). Rules on who sees a list live in ./catalogs.ts.
//
// Paging: the viewer's lists sort by creation, newest first (stable keyset paging). The
// predefined lists are not paged: they lead the first page, above `limit` other lists.
import { and, desc, eq, gt, isNull, lt, ne, or, type SQL } from 'drizzle-orm';
import { catalogItems, catalogs, follows, posts, users } from '../db/schema.ts';
import { listRowByGraphId, listRowBySlugId, ensureReadingList, mayViewList, type CatalogRow } from './lists.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { emptyPage, pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { sealStoryNode, type StoryNode } from '../stories/content-gate.ts';
import { isViewer, viewerId } from '../context/viewer-checks.ts';
import { after } from '../db/conditions.ts';
import { storyStillListed } from './list-loaders.ts';

/** The list when the viewer may see it, else null. */
export async function visibleList(ctx: RequestContext, row: CatalogRow | null): Promise<CatalogRow | null> {
  if (!row) return null;
  const creator = await ctx.loaders.userById.load(row.creatorId);
  return mayViewList(row, creator, viewerId(ctx)) ? row : null;
}

/** A list by its GraphQL id (predefined or not) when the viewer may see it, else null. */
export async function catalogByGraphId(ctx: RequestContext, id: string): Promise<CatalogRow | null> {
  return visibleList(ctx, await listRowByGraphId(ctx.db, id));
}

/**
 * A person's lists: for the person themselves every list, the predefined Reading list first;
 * for anyone else only their public lists.
 */
export async function userCatalogs(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<CatalogRow>> {
  const request = pageRequest(paging);
  const own = isViewer(ctx, userId);
  const q = orm(ctx.db);
  if (own) await ensureReadingList(ctx.db, userId, ctx.now);
  else {
    const creator = await ctx.loaders.userById.load(userId);
    if (!creator || creator.deletedAt !== null || creator.isSuspended) return emptyPage();
  }
  const visible = own ? [] : [ne(catalogs.visibility, 'PRIVATE')];
  const predefined = request.after
    ? []
    : await q
        .select()
        .from(catalogs)
        .where(and(eq(catalogs.creatorId, userId), eq(catalogs.type, 'PREDEFINED_LIST'), ...visible))
        .orderBy(catalogs.predefined);
  const conditions: SQL[] = [eq(catalogs.creatorId, userId), eq(catalogs.type, 'LISTS'), ...visible];
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
  return { items: [...predefined, ...page.items], pagingInfo: page.pagingInfo };
}

/** The viewer's own saved lists (other people's), most recently saved first; null for anyone else's. */
export async function followedLists(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<CatalogRow> | null> {
  if (!isViewer(ctx, userId)) return null;
  const request = pageRequest(paging);
  const conditions: SQL[] = [
    eq(follows.followerId, userId),
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
  return { items: page.items.map((r) => r.catalog), pagingInfo: page.pagingInfo };
}

/** A story in a list, with the reader's note on it. */
export interface CatalogItem {
  catalogItemId: string;
  note: string;
  createdAt: number;
  post: StoryNode;
}

/** A list's stories that are still published, most recently added first. */
export async function listItemsPage(ctx: RequestContext, catalog: CatalogRow, paging: PagingOptions | null | undefined): Promise<Page<CatalogItem>> {
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
  const items: CatalogItem[] = [];
  for (const { item, post, creator } of page.items) {
    ctx.loaders.userById.prime(creator.id, creator);
    const node: StoryNode = sealStoryNode(post);
    ctx.loaders.postById.prime(node.id, node);
    items.push({ catalogItemId: item.id, note: item.note, createdAt: item.createdAt, post: node });
  }
  return { items, pagingInfo: page.pagingInfo };
}

/**
 * A list by its creator and catalogSlugId route param (/@{username}/list/{catalogSlugId});
 * without username, the viewer's own (/me/list/{catalogSlugId}). Null when the viewer may not see it.
 */
export async function catalogBySlugId(ctx: RequestContext, catalogSlugId: string, username: string | null | undefined): Promise<CatalogRow | null> {
  let creatorId: string | null;
  if (username) creatorId = (await ctx.loaders.userByUsername.load(username))?.id ?? null;
  else creatorId = viewerId(ctx);
  if (!creatorId) return null;
  if (isViewer(ctx, creatorId)) await ensureReadingList(ctx.db, creatorId, ctx.now);
  return visibleList(ctx, await listRowBySlugId(ctx.db, creatorId, catalogSlugId));
}

/**
 * /collections: everyone's public lists with at least one story, most recently changed first
 * (catalogs_public_by_update, migrations/0015_reader.sql), leaving out deleted and suspended
 * people's.
 */
export async function publicLists(ctx: RequestContext, paging: PagingOptions | null | undefined): Promise<Page<CatalogRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ catalog: catalogs })
    .from(catalogs)
    .innerJoin(users, eq(users.id, catalogs.creatorId))
    .where(
      and(
        eq(catalogs.type, 'LISTS'),
        eq(catalogs.visibility, 'PUBLIC'),
        gt(catalogs.itemCount, 0),
        eq(users.isSuspended, false),
        isNull(users.deletedAt),
        ...after(catalogs.updatedAt, catalogs.id, request.after),
      ),
    )
    .orderBy(desc(catalogs.updatedAt), desc(catalogs.id))
    .limit(request.limit + 1);
  return pageOf(
    rows.map((r) => r.catalog),
    request,
    (row) => ({ sortKey: row.updatedAt, id: row.id }),
  );
}
