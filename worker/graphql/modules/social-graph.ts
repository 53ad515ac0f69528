// The social graph: following writers, publications and topics, and muting writers and
// publications (docs/product/1-product-screens-membership-header-search.md §4, §7;
// docs/product/2-sign-in-notices-cache-routing.md §4.4). The mutations keep the spec's call names
// (FollowUser, UnfollowUser, FollowCollection, UnfollowCollection, MuteAuthor, UnmuteAuthor,
// MutePub, UnmutePub; FollowTag / UnfollowTag for topics, which the spec does not name).
//
// Writes are idempotent: a follow is one row (primary key follower, type, target), written
// with ON CONFLICT DO NOTHING; an unfollow deletes it if it is there. The denormalised
// counters (users.follower_count / following_count, collections.follower_count,
// tags.follower_count) are recounted from the follows rows in the same D1 batch — one
// transaction — so they always agree with the rows, however often or concurrently a
// reader clicks. Pages that show a follower count are purged from the edge cache before
// the call answers (user:{id}, collection:{id}, topic:{slug}); mutes change nothing a
// logged-out (cacheable) page shows, so they purge nothing.
//
// The answer is a ViewerEdgeUpdate (the viewer's edge and the target's new follower count)
// rather than the User / Collection / Tag itself: urql's document cache refetches every
// query holding a type a mutation returns, and the client keeps follow state in its own
// store (client/components/follow/follow-store.ts), so returning the entity would only
// cause a burst of needless refetches.
//
// Also here: the lists the customize pages show (followed and muted writers, publications
// and topics, viewer only). Follow suggestions, trending stories and topics are in
// ./discovery.ts.

import { and, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { purgeTags } from '../../cache/purge.ts';
import { reindexFollowed } from '../../search/indexing.ts';
import { recordNotification } from '../../notifications/notify.ts';
import { collectionTag, topicTag, userTag } from '../../cache/tags.ts';
import { collections, follows, mutes, tags, users, type CollectionRow, type TagRow, type UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { type ViewerEdgeKey } from '../../context/loaders.ts';
import { badRequest } from '../../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../../context/paging.ts';
import { assertNotBlocked } from '../resolvers/blocks.ts';
import { isViewer, viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';

export type SocialTargetType = 'USER' | 'COLLECTION' | 'TAG';
type Relation = 'follow' | 'mute';

export const CANNOT_FOLLOW_YOURSELF = 'You cannot follow yourself';
export const CANNOT_MUTE_YOURSELF = 'You cannot mute yourself';

interface ViewerEdgeUpdate {
  __typename: 'ViewerEdgeUpdate';
  id: string;
  targetType: SocialTargetType;
  targetId: string;
  isFollowing: boolean;
  isMuting: boolean;
  followerCount: number;
}

interface Outcome {
  __typename: 'BadRequest' | 'NotFound';
  message: string;
}

type EdgeResult = ViewerEdgeUpdate | Outcome;

/** The target of a call, looked up and checked: what the write and the answer need. */
interface Target {
  type: SocialTargetType;
  id: string;
  /** Cache tags of the pages that show its follower count. */
  cacheTags: string[];
}

function requireViewer(ctx: RequestContext, relation: Relation): string {
  const id = viewerId(ctx);
  if (!id) {
    throw new GraphQLError(relation === 'follow' ? 'Sign in to follow writers, publications and topics.' : 'Sign in to mute writers and publications.', {
      extensions: { code: 'UNAUTHENTICATED' },
    });
  }
  return id;
}

function requireId(name: string, value: string | null | undefined): string {
  const id = (value ?? '').trim();
  if (!id) throw badRequest(`${name} is required.`);
  if (id.length > 64) throw badRequest(`${name} is not an id.`);
  return id;
}

const notFound = (message: string): Outcome => ({ __typename: 'NotFound', message });

/**
 * A user that can be followed or muted: not deleted, not suspended. Leaving (unfollow,
 * unmute) accepts any existing account, so a reader can always clean up their lists.
 */
async function userTarget(ctx: RequestContext, id: string, leaving: boolean): Promise<Target | Outcome> {
  const user = await ctx.loaders.userById.load(id);
  if (!user || (!leaving && (user.deletedAt !== null || user.isSuspended))) return notFound('This account does not exist.');
  return { type: 'USER', id: user.id, cacheTags: [userTag(user.id)] };
}

async function collectionTarget(ctx: RequestContext, id: string): Promise<Target | Outcome> {
  const collection = await ctx.loaders.collectionById.load(id);
  if (!collection) return notFound('This publication does not exist.');
  return { type: 'COLLECTION', id: collection.id, cacheTags: [collectionTag(collection.id)] };
}

/** A topic by its id, or by its slug (topic addresses carry slugs). */
async function tagTarget(ctx: RequestContext, args: { targetTagId?: string | null; tagSlug?: string | null }): Promise<Target | Outcome> {
  const byId = args.targetTagId?.trim();
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
  return { type: 'TAG', id: tag.id, cacheTags: [topicTag(tag.slug)] };
}

/**
 * The statements that recount a target's followers (and the follower's following count).
 * Also run by blocks.ts, whose block removes follows both ways.
 */
export function recountStatements(ctx: RequestContext, viewer: string, target: Pick<Target, 'type' | 'id'>) {
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

async function writeEdge(ctx: RequestContext, viewer: string, relation: Relation, on: boolean, target: Target): Promise<void> {
  const q = orm(ctx.db);
  if (relation === 'follow') {
    const write = on
      ? q.insert(follows).values({ followerId: viewer, targetType: target.type, targetId: target.id, createdAt: ctx.now }).onConflictDoNothing()
      : q.delete(follows).where(and(eq(follows.followerId, viewer), eq(follows.targetType, target.type), eq(follows.targetId, target.id)));
    await q.batch([write, ...recountStatements(ctx, viewer, target)]);
    // The followed object's search record carries the count and ranks by it (one record).
    await reindexFollowed(ctx.env, target.type, target.id);
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
  // following count on their profile): those cached copies must go before we answer.
  if (relation === 'follow') await purgeTags(ctx.env, [...target.cacheTags, userTag(viewer)]);
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

async function edgeUpdate(ctx: RequestContext, viewer: string, target: Target): Promise<ViewerEdgeUpdate> {
  const key: ViewerEdgeKey = `${target.type}:${target.id}`;
  const [isFollowing, isMuting, followerCount] = await Promise.all([
    ctx.loaders.viewerFollows.load(key),
    target.type === 'TAG' ? false : ctx.loaders.viewerMutes.load(key),
    followerCountOf(ctx, target),
  ]);
  return { __typename: 'ViewerEdgeUpdate', id: `${target.id}-${viewer}`, targetType: target.type, targetId: target.id, isFollowing, isMuting, followerCount };
}

/** One mutation: sign-in, input, target, the self rule, the write, the answer. */
function edgeMutation<Args>(relation: Relation, on: boolean, findTarget: (ctx: RequestContext, args: Args, leaving: boolean) => Promise<Target | Outcome>) {
  return async (_root: unknown, args: Args, ctx: RequestContext): Promise<EdgeResult> => {
    const viewer = requireViewer(ctx, relation);
    const target = await findTarget(ctx, args, !on);
    if ('__typename' in target) return target;
    if (on && target.type === 'USER' && target.id === viewer) {
      return { __typename: 'BadRequest', message: relation === 'follow' ? CANNOT_FOLLOW_YOURSELF : CANNOT_MUTE_YOURSELF };
    }
    // A blocked reader cannot follow the writer who blocked them (nor one they blocked).
    if (relation === 'follow' && on && target.type === 'USER') await assertNotBlocked(ctx, [target.id]);
    await writeEdge(ctx, viewer, relation, on, target);
    return edgeUpdate(ctx, viewer, target);
  };
}

type UserArgs = { targetUserId: string };
type CollectionArgs = { targetCollectionId: string };
type TagArgs = { targetTagId?: string | null; tagSlug?: string | null };

const byUser = (ctx: RequestContext, args: UserArgs, leaving: boolean) => userTarget(ctx, requireId('targetUserId', args.targetUserId), leaving);
const byCollection = (ctx: RequestContext, args: CollectionArgs) => collectionTarget(ctx, requireId('targetCollectionId', args.targetCollectionId));
const byTag = (ctx: RequestContext, args: TagArgs) => tagTarget(ctx, args);

// ---- Lists of the customize pages (viewer only) ------------------------------------------

interface Connection<T> {
  items: T[];
  pagingInfo: Page<T>['pagingInfo'];
}

/**
 * A page of the viewer's follows or mutes of one type, newest first, joined to the
 * target rows (one query; the cursor is the edge's time and the target's id).
 */
async function edgeList<Row extends { id: string }>(
  ctx: RequestContext,
  relation: Relation,
  type: SocialTargetType,
  paging: PagingOptions | null | undefined,
  read: (edgeWhere: SQL[], limit: number, at: SQL | undefined) => Promise<{ row: Row; at: number }[]>,
): Promise<Connection<Row>> {
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

function followedUsers(ctx: RequestContext, relation: Relation, paging: PagingOptions | null | undefined) {
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

function followedCollections(ctx: RequestContext, relation: Relation, paging: PagingOptions | null | undefined) {
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

function followedTags(ctx: RequestContext, paging: PagingOptions | null | undefined) {
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

/** A list field of User that only the viewer themselves may read (null for anyone else). */
function viewerList<T>(read: (ctx: RequestContext, paging: PagingOptions | null | undefined) => Promise<T>) {
  return (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext): Promise<T> | null => {
    if (!isViewer(ctx, user.id)) return null;
    return read(ctx, args.paging);
  };
}

const byTypename = (value: { __typename: string }) => value.__typename;

export const socialGraphModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    enum HomeFeedMode {
      """
      The logged-in home's default tab: LATEST minus mutes, with stories from followed
      writers, publications and topics ranked as if published 7 days later (they lead
      the feed for a week; the latest stories fill in around them).
      """
      FOR_YOU
    }

    enum SocialTargetType {
      USER
      COLLECTION
      TAG
    }

    "The viewer's relation to a writer, publication or topic after a follow or mute call."
    type ViewerEdgeUpdate {
      "{targetId}-{viewerId}, like the viewer edges."
      id: ID!
      targetType: SocialTargetType!
      targetId: ID!
      isFollowing: Boolean!
      "Always false for topics (they cannot be muted)."
      isMuting: Boolean!
      "The target's follower count after the call."
      followerCount: Int!
    }

    """
    BadRequest: 'You cannot follow yourself' (or mute). NotFound: the target does not
    exist (or, for follow and mute, its account is suspended or deleted).
    """
    union ViewerEdgeResult = ViewerEdgeUpdate | BadRequest | NotFound

    type Mutation {
      "FollowUser. Idempotent; requires sign-in."
      followUser(targetUserId: ID!): ViewerEdgeResult!
      "UnfollowUser. Idempotent; requires sign-in."
      unfollowUser(targetUserId: ID!): ViewerEdgeResult!
      "FollowCollection."
      followCollection(targetCollectionId: ID!): ViewerEdgeResult!
      "UnfollowCollection."
      unfollowCollection(targetCollectionId: ID!): ViewerEdgeResult!
      "FollowTag: a topic by its id (a slug is accepted too) or by tagSlug; pass exactly one."
      followTag(targetTagId: ID, tagSlug: String): ViewerEdgeResult!
      "UnfollowTag."
      unfollowTag(targetTagId: ID, tagSlug: String): ViewerEdgeResult!
      "MuteAuthor: the writer's stories leave the viewer's home feeds."
      muteAuthor(targetUserId: ID!): ViewerEdgeResult!
      "UnmuteAuthor."
      unmuteAuthor(targetUserId: ID!): ViewerEdgeResult!
      "MutePub: the publication's stories leave the viewer's home feeds."
      mutePub(targetCollectionId: ID!): ViewerEdgeResult!
      "UnmutePub."
      unmutePub(targetCollectionId: ID!): ViewerEdgeResult!
    }

    type UserConnection {
      users: [User!]!
      pagingInfo: PagingInfo!
    }

    type CollectionConnection {
      collections: [Collection!]!
      pagingInfo: PagingInfo!
    }

    type TagConnection {
      tags: [Tag!]!
      pagingInfo: PagingInfo!
    }

    type User {
      "Viewer only. Writers the viewer follows, most recently followed first."
      followedUsers(paging: PagingOptions): UserConnection
      "Viewer only. Publications the viewer follows, most recently followed first."
      followedCollections(paging: PagingOptions): CollectionConnection
      "Viewer only. Topics the viewer follows, most recently followed first."
      followedTags(paging: PagingOptions): TagConnection
      "Viewer only. Writers the viewer muted, most recently muted first."
      mutedUsers(paging: PagingOptions): UserConnection
      "Viewer only. Publications the viewer muted, most recently muted first."
      mutedCollections(paging: PagingOptions): CollectionConnection
    }
  `,
  resolvers: {
    Mutation: {
      followUser: edgeMutation<UserArgs>('follow', true, byUser),
      unfollowUser: edgeMutation<UserArgs>('follow', false, byUser),
      followCollection: edgeMutation<CollectionArgs>('follow', true, byCollection),
      unfollowCollection: edgeMutation<CollectionArgs>('follow', false, byCollection),
      followTag: edgeMutation<TagArgs>('follow', true, byTag),
      unfollowTag: edgeMutation<TagArgs>('follow', false, byTag),
      muteAuthor: edgeMutation<UserArgs>('mute', true, byUser),
      unmuteAuthor: edgeMutation<UserArgs>('mute', false, byUser),
      mutePub: edgeMutation<CollectionArgs>('mute', true, byCollection),
      unmutePub: edgeMutation<CollectionArgs>('mute', false, byCollection),
    },
    User: {
      followedUsers: viewerList(async (ctx, paging) => {
        const page = await followedUsers(ctx, 'follow', paging);
        return { users: page.items, pagingInfo: page.pagingInfo };
      }),
      followedCollections: viewerList(async (ctx, paging) => {
        const page = await followedCollections(ctx, 'follow', paging);
        return { collections: page.items, pagingInfo: page.pagingInfo };
      }),
      followedTags: viewerList(async (ctx, paging) => {
        const page = await followedTags(ctx, paging);
        return { tags: page.items, pagingInfo: page.pagingInfo };
      }),
      mutedUsers: viewerList(async (ctx, paging) => {
        const page = await followedUsers(ctx, 'mute', paging);
        return { users: page.items, pagingInfo: page.pagingInfo };
      }),
      mutedCollections: viewerList(async (ctx, paging) => {
        const page = await followedCollections(ctx, 'mute', paging);
        return { collections: page.items, pagingInfo: page.pagingInfo };
      }),
    },
    ViewerEdgeResult: { __resolveType: byTypename },
  },
};
