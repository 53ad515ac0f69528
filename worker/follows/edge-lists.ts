// The lists the customize pages show: the writers, publications and topics the viewer follows
// and the writers and publications they muted, newest first (viewer only).

import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { collections, follows, mutes, tags, users, type CollectionRow, type TagRow, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { viewerId } from '../context/viewer-checks.ts';
import type { FollowTargetType } from './follow-lists.ts';
import type { Relation } from './follow-edges.ts';

/**
 * A page of the viewer's follows or mutes of one type, newest first, joined to the
 * target rows (one query; the cursor is the edge's time and the target's id).
 */
async function edgeList<Row extends { id: string }>(
  ctx: RequestContext,
  relation: Relation,
  type: FollowTargetType,
  paging: PagingOptions | null | undefined,
  read: (edgeWhere: SQL[], limit: number, at: SQL | undefined) => Promise<{ row: Row; at: number }[]>,
): Promise<Page<Row>> {
  const request = pageRequest(paging);
  const viewer = viewerId(ctx) as string;
  const table = relation === 'follow' ? follows : mutes;
  const owner = relation === 'follow' ? follows.followerId : mutes.muterId;
  const edgeWhere = [eq(owner, viewer), eq(table.targetType, type as 'USER')];
  let at: SQL | undefined;
  if (request.after) {
    const { sortKey, id } = request.after;
    at = or(lt(table.createdAt, sortKey), and(eq(table.createdAt, sortKey), lt(table.targetId, id)));
  }
  const rows = await read(edgeWhere, request.limit + 1, at);
  const page = pageOf(rows, request, (r) => ({ sortKey: r.at, id: r.row.id }));
  return { items: page.items.map((r) => r.row), pagingInfo: page.pagingInfo };
}

/** The writers the viewer follows (or muted), most recent first; deleted accounts left out. */
export function followedUsers(ctx: RequestContext, relation: Relation, paging: PagingOptions | null | undefined): Promise<Page<UserRow>> {
  const table = relation === 'follow' ? follows : mutes;
  return edgeList<UserRow>(ctx, relation, 'USER', paging, async (where, limit, at) => {
    const rows = await orm(ctx.db)
      .select({ row: users, at: table.createdAt })
      .from(table)
      .innerJoin(users, eq(users.id, table.targetId))
      .where(and(...where, isNull(users.deletedAt), at))
      .orderBy(desc(table.createdAt), desc(table.targetId))
      .limit(limit);
    for (const { row } of rows) ctx.loaders.userById.prime(row.id, row);
    return rows;
  });
}

/** The publications the viewer follows (or muted), most recent first. */
export function followedCollections(ctx: RequestContext, relation: Relation, paging: PagingOptions | null | undefined): Promise<Page<CollectionRow>> {
  const table = relation === 'follow' ? follows : mutes;
  return edgeList<CollectionRow>(ctx, relation, 'COLLECTION', paging, async (where, limit, at) => {
    const rows = await orm(ctx.db)
      .select({ row: collections, at: table.createdAt })
      .from(table)
      .innerJoin(collections, eq(collections.id, table.targetId))
      .where(and(...where, at))
      .orderBy(desc(table.createdAt), desc(table.targetId))
      .limit(limit);
    for (const { row } of rows) ctx.loaders.collectionById.prime(row.id, row);
    return rows;
  });
}

/** The topics the viewer follows, most recent first. */
export function followedTags(ctx: RequestContext, paging: PagingOptions | null | undefined): Promise<Page<TagRow>> {
  return edgeList<TagRow>(ctx, 'follow', 'TAG', paging, async (where, limit, at) => {
    const rows = await orm(ctx.db)
      .select({ row: tags, at: follows.createdAt })
      .from(follows)
      .innerJoin(tags, eq(tags.id, follows.targetId))
      .where(and(...where, at))
      .orderBy(desc(follows.createdAt), desc(follows.targetId))
      .limit(limit);
    for (const { row } of rows) ctx.loaders.tagBySlug.prime(row.slug, row);
    return rows;
  });
}
