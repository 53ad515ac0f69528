// Which of some people, publications and topics the viewer follows: what the search pages ask
// for the hits they show (their records come from the search service and carry no viewer
// state), so each Follow button starts in the viewer's real state (docs/search.md, "Follow
// buttons"). The probes are worker/follows/followed-among.ts's; signed out, nothing is followed.
import type { RequestContext } from '../../context/request-context.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import { followedAmong, MAX_FOLLOW_PROBES } from '../../follows/followed-among.ts';
import type { SchemaModule } from './schema-module.ts';

export const viewerFollowingModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "The ids, among those asked about, that the viewer follows."
    type ViewerFollowing {
      userIds: [ID!]!
      collectionIds: [ID!]!
      tagIds: [ID!]!
    }

    type Query {
      """
      Which of these people, publications and topics the viewer follows (all empty when signed
      out). At most ${MAX_FOLLOW_PROBES} ids per kind.
      """
      viewerFollowing(userIds: [ID!], collectionIds: [ID!], tagIds: [ID!]): ViewerFollowing!
    }
  `,
  resolvers: {
    Query: {
      viewerFollowing: async (_root: unknown, args: { userIds?: string[] | null; collectionIds?: string[] | null; tagIds?: string[] | null }, ctx: RequestContext) => {
        const follower = viewerId(ctx);
        if (!follower) return { userIds: [], collectionIds: [], tagIds: [] };
        const [userIds, collectionIds, tagIds] = await Promise.all([
          followedAmong(ctx, follower, 'USER', args.userIds),
          followedAmong(ctx, follower, 'COLLECTION', args.collectionIds),
          followedAmong(ctx, follower, 'TAG', args.tagIds),
        ]);
        return { userIds, collectionIds, tagIds };
      },
    },
  },
};
