// Blocking (docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states Blocked and
// Blocking). The spec names the outcomes but not the calls; BlockUser / UnblockUser follow the
// FollowUser naming.
//
// What a block does, decided where the spec is silent, as the products in this field do:
// - The blocked reader can no longer read the blocker's stories (Blocked), clap for them,
//   respond under them or follow the blocker (assertNotBlocked below).
// - The blocker sees the blocked writer's stories as Blocking, with an offer to unblock,
//   and neither sees the other's stories on their home feeds (stories/story-lists.ts notBlockedWith).
// - Follows between the two go, both ways, and the four follower/following counts are
//   recounted from the rows in the same D1 batch (follower-counts.ts recountStatements), so
//   the counts always agree with the rows. Profiles show those counts on cached pages: both
//   profiles are recorded as changed before the call answers. Unblocking restores no follows.
// - The blocked user is not told. Calls are idempotent (one row; ON CONFLICT DO NOTHING).

import { and, eq, or } from 'drizzle-orm';
import { blocks, follows, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { type ViewerEdgeKey } from '../context/loaders.ts';
import { badRequest, forbidden, signInRequired } from '../context/errors.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { recountStatements } from './follower-counts.ts';

export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself';

export const BLOCKED_BY_MESSAGE = 'You can’t do that: this account has blocked you.';
export const BLOCKING_MESSAGE = 'You blocked this account. Unblock it first.';

/** A call that names nobody it may act on (answered, not thrown). */
export interface BlockOutcome {
  __typename: 'BadRequest' | 'NotFound';
  message: string;
}

// The one check every write aimed at another user goes through when a block must stop it:
// a reader whom a writer blocked cannot follow that writer, clap for or respond to their
// stories and responses; and a reader who blocked a writer must unblock them first.
// Reads are refused by stories/story-access.ts (outcomes Blocked and Blocking) instead.

/**
 * Throws FORBIDDEN when there is a block between the viewer and any of `userIds` (the
 * viewer's own id is skipped). One batched lookup for all of them.
 */
export async function assertNotBlocked(ctx: RequestContext, userIds: readonly string[]): Promise<void> {
  const viewer = viewerId(ctx);
  if (!viewer) return;
  const others = [...new Set(userIds)].filter((id) => id !== viewer);
  const found = await Promise.all(others.map((id) => ctx.loaders.viewerBlockWith.load(id)));
  if (found.some((b) => b.blockedBy)) throw forbidden(BLOCKED_BY_MESSAGE, 'Blocked');
  if (found.some((b) => b.blocking)) throw forbidden(BLOCKING_MESSAGE, 'Blocking');
}

function requireViewer(ctx: RequestContext): string {
  const id = viewerId(ctx);
  if (!id) throw signInRequired('block or unblock people');
  return id;
}

function requireUserId(value: string | null | undefined): string {
  const id = (value ?? '').trim();
  if (!id) throw badRequest('targetUserId is required.');
  if (id.length > 64) throw badRequest('targetUserId is not an id.');
  return id;
}

/** BlockUser: answers the blocked user, whose counts and viewer edge changed. */
export async function blockUser(ctx: RequestContext, targetUserId: string): Promise<UserRow | BlockOutcome> {
  const viewer = requireViewer(ctx);
  const target = await ctx.loaders.userById.load(requireUserId(targetUserId));
  // A deleted account cannot be blocked (there is nothing left to keep away); a suspended
  // one can, since it may come back.
  if (!target || target.deletedAt !== null) return { __typename: 'NotFound', message: 'This account does not exist.' };
  if (target.id === viewer) return { __typename: 'BadRequest', message: CANNOT_BLOCK_YOURSELF };

  const q = orm(ctx.db);
  const isUserFollow = (follower: string, followed: string) =>
    and(eq(follows.followerId, follower), eq(follows.targetType, 'USER'), eq(follows.targetId, followed));
  await q.batch([
    q.insert(blocks).values({ blockerId: viewer, blockedId: target.id, createdAt: ctx.now }).onConflictDoNothing(),
    q.delete(follows).where(or(isUserFollow(viewer, target.id), isUserFollow(target.id, viewer))),
    // Each recount covers one direction: the followed one's followers, the follower's following.
    ...recountStatements(ctx, viewer, { type: 'USER', id: target.id }),
    ...recountStatements(ctx, target.id, { type: 'USER', id: viewer }),
  ]);
  forgetEdges(ctx, viewer, target.id);
  // The follows the block removed changed both people's follower counts: their profiles, and
  // their search records at once, as after an unfollow (docs/search.md, "Follower counts").
  await ctx.changes.record({
    pages: [
      { kind: 'profile', id: target.id },
      { kind: 'profile', id: viewer },
    ],
    records: [
      { kind: 'followed', type: 'USER', id: target.id },
      { kind: 'followed', type: 'USER', id: viewer },
    ],
  });
  return (await ctx.loaders.userById.load(target.id)) ?? target;
}

/** UnblockUser: answers the unblocked user. */
export async function unblockUser(ctx: RequestContext, targetUserId: string): Promise<UserRow | BlockOutcome> {
  const viewer = requireViewer(ctx);
  // Any existing account, deleted and suspended included: a reader can always clean up.
  const target = await ctx.loaders.userById.load(requireUserId(targetUserId));
  if (!target) return { __typename: 'NotFound', message: 'This account does not exist.' };
  // Nothing a logged-out (cacheable) page shows depends on a block: nothing changes there.
  await orm(ctx.db)
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewer), eq(blocks.blockedId, target.id)));
  forgetEdges(ctx, viewer, target.id);
  return target;
}

/** What this request's loaders remember about the two users is now stale. */
function forgetEdges(ctx: RequestContext, viewer: string, target: string): void {
  ctx.loaders.viewerBlockWith.clear(target);
  ctx.loaders.viewerFollows.clear(`USER:${target}` satisfies ViewerEdgeKey);
  ctx.loaders.userById.clear(target);
  ctx.loaders.userById.clear(viewer);
}
