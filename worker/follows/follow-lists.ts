// Lists of people through follows: who follows a writer, publication or topic, and whom a
// writer follows. Keyset-paged; the rows prime the request's loaders.

import { and, desc, eq, or } from 'drizzle-orm';
import { follows, users, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { activeAccount, after } from '../db/conditions.ts';

export type FollowTargetType = 'USER' | 'COLLECTION' | 'TAG';

/** Who follows a user, publication or tag, most recent follow first. */
export async function followersOf(ctx: RequestContext, type: FollowTargetType, targetId: string, paging: PagingOptions | null | undefined): Promise<Page<UserRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ user: users, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.followerId))
    .where(and(eq(follows.targetType, type), eq(follows.targetId, targetId), ...activeAccount(), ...after(follows.createdAt, users.id, request.after)))
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(request.limit + 1);
  return primedUsers(ctx, pageOf(rows, request, (row) => ({ sortKey: row.followedAt, id: row.user.id })));
}

/** The writers a user follows, most recent follow first. */
export async function usersFollowedBy(ctx: RequestContext, followerId: string, paging: PagingOptions | null | undefined): Promise<Page<UserRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select({ user: users, followedAt: follows.createdAt })
    .from(follows)
    .innerJoin(users, eq(users.id, follows.targetId))
    .where(and(eq(follows.followerId, followerId), eq(follows.targetType, 'USER'), ...activeAccount(), ...after(follows.createdAt, users.id, request.after)))
    .orderBy(desc(follows.createdAt), desc(users.id))
    .limit(request.limit + 1);
  return primedUsers(ctx, pageOf(rows, request, (row) => ({ sortKey: row.followedAt, id: row.user.id })));
}

function primedUsers(ctx: RequestContext, page: Page<{ user: UserRow }>): Page<UserRow> {
  return {
    items: page.items.map(({ user }) => {
      ctx.loaders.userById.prime(user.id, user);
      return user;
    }),
    pagingInfo: page.pagingInfo,
  };
}
