// The social graph: following writers, publications and topics, and muting writers and
// publications (docs/product/1-product-screens-membership-header-search.md §4, §7;
// docs/product/2-sign-in-notices-cache-routing.md §4.4). The mutations keep the spec's call names
// (FollowUser, UnfollowUser, FollowCollection, UnfollowCollection, MuteAuthor, UnmuteAuthor,
// MutePub, UnmutePub; FollowTag / UnfollowTag for topics, which the spec does not name).
//
// The rules, the writes and what they change are worker/follows/follow-edges.ts's; the
// viewer's lists are worker/follows/edge-lists.ts's.
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

import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { isViewer } from '../../context/viewer-checks.ts';
import { setEdge, type EdgeOutcome, type EdgeState, type EdgeTargetRequest, type Relation } from '../../follows/follow-edges.ts';
import { followedCollections, followedTags, followedUsers } from '../../follows/edge-lists.ts';
import type { SchemaModule } from './schema-module.ts';
import type { EntityKind } from '../../../shared/entity-kinds.ts';

type EdgeResult = (Omit<EdgeState, 'viewerId'> & { __typename: 'ViewerEdgeUpdate'; id: string }) | EdgeOutcome;

/** One mutation: its arguments as the target it names, the call, the answer. */
function edgeMutation<Args>(relation: Relation, on: boolean, target: (args: Args) => EdgeTargetRequest) {
  return async (_root: unknown, args: Args, ctx: RequestContext): Promise<EdgeResult> => {
    const result = await setEdge(ctx, relation, on, target(args));
    if ('__typename' in result) return result;
    const { viewerId, ...edge } = result;
    return { __typename: 'ViewerEdgeUpdate', id: `${edge.targetId}-${viewerId}`, ...edge };
  };
}

type UserArgs = { targetUserId: string };
type CollectionArgs = { targetCollectionId: string };
type TagArgs = { targetTagId?: string | null; tagSlug?: string | null };

const byUser = (args: UserArgs): EdgeTargetRequest => ({ type: 'USER', userId: args.targetUserId });
const byPublication = (args: CollectionArgs): EdgeTargetRequest => ({ type: 'COLLECTION', collectionId: args.targetCollectionId });
const byTag = (args: TagArgs): EdgeTargetRequest => ({ type: 'TAG', tagId: args.targetTagId, tagSlug: args.tagSlug });

// ---- Lists of the customize pages (viewer only) ------------------------------------------

/** A list field of User that only the viewer themselves may read (null for anyone else). */
function viewerList<T>(read: (ctx: RequestContext, paging: PagingOptions | null | undefined) => Promise<T>) {
  return (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext): Promise<T> | null => {
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

    "Entity kinds of docs/product/3-routes-data-calls-constants.md §3 (shared/entity-kinds.ts)."
    enum EntityKind {
      BOOK_EDITION
      CATALOG
      COLLECTION
      POST
      TAG
      USER
      PARAGRAPH
      TOPIC
    }

    "The viewer's relation to a writer, publication or topic after a follow or mute call."
    type ViewerEdgeUpdate {
      "The kind of the entity the call changed the viewer's relation to (USER, COLLECTION or TAG)."
      entityKind: EntityKind!
      "{targetId}-{viewerId}, like the viewer edges."
      id: ID!
      targetType: SocialTargetType!
      targetId: ID!
      isFollowing: Boolean!
      "Always false for topics (they cannot be muted)."
      isMuting: Boolean!
      "The target's follower count after the call."
      followerCount: Int!
      "The viewer followed the target before the call: a follow changed nothing (the SUBSCRIBED_ALREADY toast)."
      wasFollowing: Boolean!
    }

    """
    BadRequest: 'You cannot follow yourself' (or mute). NotFound: the target does not
    exist (or, for follow and mute, its account is suspended or deleted). RateLimited: the
    viewer changed follows or mutes too often (worker/follows/follow-edges.ts EDGE_CHANGES_LIMIT).
    """
    union ViewerEdgeResult = ViewerEdgeUpdate | BadRequest | NotFound | RateLimited

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
    // Each kind of follow target is one of the spec's entity kinds, under the same name.
    ViewerEdgeUpdate: { entityKind: (edge: Pick<EdgeState, 'targetType'>): EntityKind => edge.targetType },
    Mutation: {
      followUser: edgeMutation<UserArgs>('follow', true, byUser),
      unfollowUser: edgeMutation<UserArgs>('follow', false, byUser),
      followCollection: edgeMutation<CollectionArgs>('follow', true, byPublication),
      unfollowCollection: edgeMutation<CollectionArgs>('follow', false, byPublication),
      followTag: edgeMutation<TagArgs>('follow', true, byTag),
      unfollowTag: edgeMutation<TagArgs>('follow', false, byTag),
      muteAuthor: edgeMutation<UserArgs>('mute', true, byUser),
      unmuteAuthor: edgeMutation<UserArgs>('mute', false, byUser),
      mutePub: edgeMutation<CollectionArgs>('mute', true, byPublication),
      unmutePub: edgeMutation<CollectionArgs>('mute', false, byPublication),
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
