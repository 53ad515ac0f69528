// Blocking (docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states Blocked and
// Blocking). The spec names the outcomes but not the calls; BlockUser / UnblockUser follow the
// FollowUser naming.
//
// What a block does, decided where the spec is silent, as the products in this field do:
// - The blocked reader can no longer read the blocker's stories (Blocked), clap for them,
//   respond under them or follow the blocker (resolvers/blocks.ts assertNotBlocked).
// - The blocker sees the blocked writer's stories as Blocking, with an offer to unblock,
//   and neither sees the other's stories on their home feeds (post-lists.ts notBlockedWith).
// - Follows between the two go, both ways, and the four follower/following counts are
//   recounted from the rows in the same D1 batch (social-graph.ts recountStatements), so
//   the counts always agree with the rows. Profiles show those counts on cached pages:
//   user:{both ids} are purged before the call answers. Unblocking restores no follows.
// - The blocked user is not told. Calls are idempotent (one row; ON CONFLICT DO NOTHING).
//
// The answer is the target User: its viewerEdge.isBlocking and counts are what changed, and
// urql's document cache refetches the queries holding a User (the profile, the Blocking
// story page), which is what a block should redraw.

import { and, eq, or } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { purgeTags } from '../../cache/purge.ts';
import { userTag } from '../../cache/tags.ts';
import { blocks, follows, type UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { type ViewerEdgeKey } from '../../context/loaders.ts';
import { badRequest } from '../../context/errors.ts';
import type { Outcome } from '../../context/outcomes.ts';
import type { ViewerEdgeSource } from '../resolvers/viewer-edges.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';
import { recountStatements } from './social-graph.ts';
import { reindexFollowed } from '../../search/indexing.ts';

export const CANNOT_BLOCK_YOURSELF = 'You cannot block yourself';

type BlockResult = UserRow | { __typename: 'BadRequest' | 'NotFound'; message: string };

function requireViewer(ctx: RequestContext): string {
  const id = viewerId(ctx);
  if (!id) throw new GraphQLError('Sign in to block or unblock people.', { extensions: { code: 'UNAUTHENTICATED' } });
  return id;
}

function requireUserId(value: string | null | undefined): string {
  const id = (value ?? '').trim();
  if (!id) throw badRequest('targetUserId is required.');
  if (id.length > 64) throw badRequest('targetUserId is not an id.');
  return id;
}

async function block(_root: unknown, args: { targetUserId: string }, ctx: RequestContext): Promise<BlockResult> {
  const viewer = requireViewer(ctx);
  const target = await ctx.loaders.userById.load(requireUserId(args.targetUserId));
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
  await purgeTags(ctx.env, [userTag(target.id), userTag(viewer)]);
  // The follows the block removed changed both people's follower counts: their search records
  // follow at once, as after an unfollow (docs/search.md, "Follower counts").
  await reindexFollowed(ctx.env, 'USER', target.id);
  await reindexFollowed(ctx.env, 'USER', viewer);
  return (await ctx.loaders.userById.load(target.id)) ?? target;
}

async function unblock(_root: unknown, args: { targetUserId: string }, ctx: RequestContext): Promise<BlockResult> {
  const viewer = requireViewer(ctx);
  // Any existing account, deleted and suspended included: a reader can always clean up.
  const target = await ctx.loaders.userById.load(requireUserId(args.targetUserId));
  if (!target) return { __typename: 'NotFound', message: 'This account does not exist.' };
  // Nothing a logged-out (cacheable) page shows depends on a block: nothing to purge.
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

const byTypename = (value: { __typename?: string }) => value.__typename ?? 'User';

export const blocksModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "docs/product/2-sign-in-notices-cache-routing.md §3: the story's author blocked the viewer."
    type Blocked {
      message: String!
    }

    "docs/product/2-sign-in-notices-cache-routing.md §3: the viewer blocked the story's author; they may unblock them."
    type Blocking {
      message: String!
      "The author the viewer blocked."
      user: User!
    }

    union PostResult = Blocked | Blocking

    type UserViewerEdge {
      "The viewer blocks this user (false when logged out)."
      isBlocking: Boolean!
    }

    "BadRequest: 'You cannot block yourself'. NotFound: no such account (or, to block, a deleted one)."
    union BlockUserResult = User | BadRequest | NotFound

    type Mutation {
      """
      BlockUser: the user can no longer read, clap for or respond to the viewer's stories,
      nor follow the viewer; follows between the two are removed both ways; neither sees
      the other's stories on their home feeds. Idempotent; requires sign-in.
      """
      blockUser(targetUserId: ID!): BlockUserResult!
      "UnblockUser. Idempotent; requires sign-in. Follows removed by the block stay removed."
      unblockUser(targetUserId: ID!): BlockUserResult!
    }
  `,
  resolvers: {
    Mutation: { blockUser: block, unblockUser: unblock },
    Blocking: {
      user: async (outcome: Outcome, _args: unknown, ctx: RequestContext) => {
        const user = await ctx.loaders.userById.load(outcome.userId ?? '');
        if (!user) throw new Error(`Blocking outcome without its writer (${outcome.userId}).`);
        return user;
      },
    },
    UserViewerEdge: {
      isBlocking: async (edge: ViewerEdgeSource, _args: unknown, ctx: RequestContext) => {
        const userId = edge.key.slice(edge.key.indexOf(':') + 1);
        return (await ctx.loaders.viewerBlockWith.load(userId)).blocking;
      },
    },
    BlockUserResult: { __resolveType: byTypename },
  },
};
