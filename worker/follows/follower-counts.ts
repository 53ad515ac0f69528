// Follower counts: users.follower_count / following_count, collections.follower_count and
// tags.follower_count are denormalised, and every write that adds or removes follows recounts
// them from the follows rows in the same D1 batch, so they always agree with the rows.
import { eq, sql } from 'drizzle-orm';
import { collections, follows, tags, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import type { FollowTargetType } from './follow-lists.ts';

/**
 * The statements that recount a target's followers (and the follower's following count).
 * Run by follow-edges.ts, and by blocks.ts, whose block removes follows both ways.
 */
export function recountStatements(ctx: RequestContext, viewer: string, target: { type: FollowTargetType; id: string }) {
  const q = orm(ctx.db);
  const followersOf = sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.targetType} = ${target.type} AND ${follows.targetId} = ${target.id})`;
  if (target.type === 'USER') {
    const followingOf = sql<number>`(SELECT count(*) FROM ${follows} WHERE ${follows.followerId} = ${viewer} AND ${follows.targetType} = 'USER')`;
    return [
      q.update(users).set({ followerCount: followersOf }).where(eq(users.id, target.id)),
      q.update(users).set({ followingCount: followingOf }).where(eq(users.id, viewer)),
    ] as const;
  }
  if (target.type === 'COLLECTION') return [q.update(collections).set({ followerCount: followersOf }).where(eq(collections.id, target.id))] as const;
  return [q.update(tags).set({ followerCount: followersOf }).where(eq(tags.id, target.id))] as const;
}
