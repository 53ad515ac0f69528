// The social graph's writes: following writers, publications and topics, and muting writers
// and publications (docs/product/1-product-screens-membership-header-search.md §4, §7;
// docs/product/2-sign-in-notices-cache-routing.md §4.4). The GraphQL calls (FollowUser, …)
// translate their arguments into these.
//
// Writes are idempotent: a follow is one row (primary key follower, type, target), written
// with ON CONFLICT DO NOTHING; an unfollow deletes it if it is there. The denormalised
// counters (users.follower_count / following_count, collections.follower_count,
// tags.follower_count) are recounted from the follows rows in the same D1 batch — one
// transaction — so they always agree with the rows, however often or concurrently a
// reader clicks. A follow or unfollow records the pages that show a follower count (the
// target's profile, publication or topic pages, and the follower's profile) and the
// followed object's search record as changed, before the call answers; mutes change
// nothing a logged-out (cacheable) page shows, so they record nothing.

import { and, eq } from 'drizzle-orm';
import { follows, mutes, tags, type TagRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { PageSubject } from '../context/changes.ts';
import { orm } from '../db/orm.ts';
import { type ViewerEdgeKey } from '../context/loaders.ts';
import { badRequest, signInRequired } from '../context/errors.ts';
import { refusals, type RateLimited } from '../context/outcomes.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { recordNotification } from '../notifications/notify.ts';
import { assertNotBlocked } from './blocks.ts';
import { recountStatements } from './follower-counts.ts';
import type { FollowTargetType } from './follow-lists.ts';

export type Relation = 'follow' | 'mute';

export const CANNOT_FOLLOW_YOURSELF = 'You cannot follow yourself';
export const CANNOT_MUTE_YOURSELF = 'You cannot mute yourself';

/** The viewer's relation to a target after a follow or mute call. */
export interface EdgeState {
  targetType: FollowTargetType;
  targetId: string;
  viewerId: string;
  isFollowing: boolean;
  /** Always false for topics (they cannot be muted). */
  isMuting: boolean;
  /** The target's follower count after the call. */
  followerCount: number;
  /** The viewer followed the target before the call (a follow of it changed nothing). */
  wasFollowing: boolean;
}

/** A call that names nothing it may act on, or comes too often (answered, not thrown). */
export type EdgeOutcome = { __typename: 'BadRequest' | 'NotFound'; message: string } | RateLimited;

/**
 * Follows, unfollows, mutes and unmutes one account may make in an hour (docs/outcomes.md
 * RateLimited): far above what a reader clicks, low enough that a script cannot spray a
 * thousand writers with follow notifications.
 */
export const EDGE_CHANGES_LIMIT: Limit = { name: 'edges:user', max: 200, windowMs: 60 * 60 * 1000 };

/** What a call names: a writer or a publication by id, a topic by its id or its slug. */
export type EdgeTargetRequest =
  | { type: 'USER'; userId: string }
  | { type: 'COLLECTION'; collectionId: string }
  | { type: 'TAG'; tagId?: string | null; tagSlug?: string | null };

/** The target of a call, looked up and checked: what the write and the answer need. */
interface Target {
  type: FollowTargetType;
  id: string;
  /** The pages that show its follower count. */
  page: PageSubject;
}

function requireViewer(ctx: RequestContext, relation: Relation): string {
  const id = viewerId(ctx);
  if (!id) throw signInRequired(relation === 'follow' ? 'follow writers, publications and topics' : 'mute writers and publications');
  return id;
}

function requireId(name: string, value: string | null | undefined): string {
  const id = (value ?? '').trim();
  if (!id) throw badRequest(`${name} is required.`);
  if (id.length > 64) throw badRequest(`${name} is not an id.`);
  return id;
}

const notFound = (message: string): EdgeOutcome => ({ __typename: 'NotFound', message });

/**
 * A user that can be followed or muted: not deleted, not suspended. Leaving (unfollow,
 * unmute) accepts any existing account, so a reader can always clean up their lists.
 */
async function userTarget(ctx: RequestContext, id: string, leaving: boolean): Promise<Target | EdgeOutcome> {
  const user = await ctx.loaders.userById.load(id);
  if (!user || (!leaving && (user.deletedAt !== null || user.isSuspended))) return notFound('This account does not exist.');
  return { type: 'USER', id: user.id, page: { kind: 'profile', id: user.id } };
}

async function publicationTarget(ctx: RequestContext, id: string): Promise<Target | EdgeOutcome> {
  const collection = await ctx.loaders.collectionById.load(id);
  if (!collection) return notFound('This publication does not exist.');
  return { type: 'COLLECTION', id: collection.id, page: { kind: 'publication', id: collection.id } };
}

/** A topic by its id, or by its slug (topic addresses carry slugs). */
async function tagTarget(ctx: RequestContext, args: { tagId?: string | null; tagSlug?: string | null }): Promise<Target | EdgeOutcome> {
  const byId = args.tagId?.trim();
  const bySlug = args.tagSlug?.trim();
  if (!byId === !bySlug) throw badRequest('Pass exactly one of targetTagId, tagSlug.');
  let tag: TagRow | null | undefined;
  if (byId) {
    [tag] = await orm(ctx.db).select().from(tags).where(eq(tags.id, requireId('targetTagId', byId))).limit(1);
    // Accept a slug in targetTagId too: pages that only know a topic's address still work.
    tag ??= await ctx.loaders.tagBySlug.load(byId.toLowerCase());
  } else {
    tag = await ctx.loaders.tagBySlug.load(requireId('tagSlug', bySlug).toLowerCase());
  }
  if (!tag) return notFound('This topic does not exist.');
  return { type: 'TAG', id: tag.id, page: { kind: 'topic', slug: tag.slug } };
}

function findTarget(ctx: RequestContext, request: EdgeTargetRequest, leaving: boolean): Promise<Target | EdgeOutcome> {
  if (request.type === 'USER') return userTarget(ctx, requireId('targetUserId', request.userId), leaving);
  if (request.type === 'COLLECTION') return publicationTarget(ctx, requireId('targetCollectionId', request.collectionId));
  return tagTarget(ctx, request);
}

async function writeEdge(ctx: RequestContext, viewer: string, relation: Relation, on: boolean, target: Target): Promise<void> {
  const q = orm(ctx.db);
  if (relation === 'follow') {
    const write = on
      ? q.insert(follows).values({ followerId: viewer, targetType: target.type, targetId: target.id, createdAt: ctx.now }).onConflictDoNothing()
      : q.delete(follows).where(and(eq(follows.followerId, viewer), eq(follows.targetType, target.type), eq(follows.targetId, target.id)));
    await q.batch([write, ...recountStatements(ctx, viewer, target)]);
  } else {
    const type = target.type as 'USER' | 'COLLECTION';
    if (on) await q.insert(mutes).values({ muterId: viewer, targetType: type, targetId: target.id, createdAt: ctx.now }).onConflictDoNothing();
    else await q.delete(mutes).where(and(eq(mutes.muterId, viewer), eq(mutes.targetType, type), eq(mutes.targetId, target.id)));
  }

  // What this request's loaders remember about the target and the viewer is now stale.
  const key: ViewerEdgeKey = `${target.type}:${target.id}`;
  ctx.loaders.viewerFollows.clear(key);
  ctx.loaders.viewerMutes.clear(key);
  ctx.loaders.userById.clear(viewer);
  if (target.type === 'USER') ctx.loaders.userById.clear(target.id);
  if (target.type === 'COLLECTION') ctx.loaders.collectionById.clear(target.id);
  if (target.type === 'TAG') ctx.loaders.tagBySlug.clearAll();

  // Follower counts show on profiles, publication and topic pages (and the follower's own
  // following count on their profile): those cached copies must go before we answer. The
  // followed object's search record carries the count and ranks by it (one record).
  if (relation === 'follow') {
    await ctx.changes.record({
      pages: [target.page, { kind: 'profile', id: viewer }],
      records: [{ kind: 'followed', type: target.type, id: target.id }],
    });
  }
  // A writer hears of a new follower (notify.ts collapses follow-unfollow-follow into one).
  if (relation === 'follow' && on && target.type === 'USER') {
    await recordNotification(ctx.db, { userId: target.id, actorId: viewer, kind: 'FOLLOW', now: ctx.now });
  }
}

async function followerCountOf(ctx: RequestContext, target: Target): Promise<number> {
  const q = orm(ctx.db);
  if (target.type === 'USER') return (await ctx.loaders.userById.load(target.id))?.followerCount ?? 0;
  if (target.type === 'COLLECTION') return (await ctx.loaders.collectionById.load(target.id))?.followerCount ?? 0;
  const [row] = await q.select({ count: tags.followerCount }).from(tags).where(eq(tags.id, target.id));
  return row?.count ?? 0;
}

async function edgeState(ctx: RequestContext, viewer: string, target: Target, wasFollowing: boolean): Promise<EdgeState> {
  const key: ViewerEdgeKey = `${target.type}:${target.id}`;
  const [isFollowing, isMuting, followerCount] = await Promise.all([
    ctx.loaders.viewerFollows.load(key),
    target.type === 'TAG' ? false : ctx.loaders.viewerMutes.load(key),
    followerCountOf(ctx, target),
  ]);
  return { targetType: target.type, targetId: target.id, viewerId: viewer, isFollowing, isMuting, followerCount, wasFollowing };
}

/**
 * One follow, unfollow, mute or unmute (`on`: follow or mute): sign-in, the target, the self
 * rule, the block rule, the write, the viewer's edge after it.
 */
export async function setEdge(ctx: RequestContext, relation: Relation, on: boolean, request: EdgeTargetRequest): Promise<EdgeState | EdgeOutcome> {
  const viewer = requireViewer(ctx, relation);
  const limit = await hit(ctx.db, EDGE_CHANGES_LIMIT, viewer, ctx.now);
  if (!limit.allowed) return refusals.rateLimited(relation === 'follow' ? 'follow and unfollow' : 'mute and unmute', limit.resetsAt, ctx.now);
  const target = await findTarget(ctx, request, !on);
  if ('__typename' in target) return target;
  if (on && target.type === 'USER' && target.id === viewer) {
    return { __typename: 'BadRequest', message: relation === 'follow' ? CANNOT_FOLLOW_YOURSELF : CANNOT_MUTE_YOURSELF };
  }
  // A blocked reader cannot follow the writer who blocked them (nor one they blocked).
  if (relation === 'follow' && on && target.type === 'USER') await assertNotBlocked(ctx, [target.id]);
  // Read before the write: a follow of what the viewer already follows is told apart
  // (SUBSCRIBED_ALREADY, docs/product/2-sign-in-notices-cache-routing.md §4.4).
  const wasFollowing = await ctx.loaders.viewerFollows.load(`${target.type}:${target.id}`);
  await writeEdge(ctx, viewer, relation, on, target);
  return edgeState(ctx, viewer, target, wasFollowing);
}
