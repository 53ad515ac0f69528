// Blocking (docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states Blocked and
// Blocking). The spec names the outcomes but not the calls; BlockUser / UnblockUser follow the
// FollowUser naming.
//
// What a block does, and the rule every write aimed at another user goes through, are
// worker/follows/blocks.ts's.
//
// The answer is the target User: its viewerEdge.isBlocking and counts are what changed, and
// urql's document cache refetches the queries holding a User (the profile, the Blocking
// story page), which is what a block should redraw.

import type { RequestContext } from '../../context/request-context.ts';
import type { Outcome } from '../../context/outcomes.ts';
import { blockUser, unblockUser } from '../../follows/blocks.ts';
import type { ViewerEdgeSource } from '../resolvers/viewer-edges.ts';
import type { SchemaModule } from './schema-module.ts';

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
    Mutation: {
      blockUser: (_root: unknown, args: { targetUserId: string }, ctx: RequestContext) => blockUser(ctx, args.targetUserId),
      unblockUser: (_root: unknown, args: { targetUserId: string }, ctx: RequestContext) => unblockUser(ctx, args.targetUserId),
    },
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
