// Which of some people, publications and topics the viewer follows: what the search pages ask
// for the hits they show (their records come from the search service and carry no viewer
// state), so each Follow button starts in the viewer's real state (docs/search.md, "Follow
// buttons"). One primary-key probe per kind; signed out, nothing is followed.
import type { RequestContext } from '../../context/request-context.ts';
import { badRequest } from '../../context/errors.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';

/** Ids per kind one call may ask about: a few pages of search hits. */
export const MAX_FOLLOW_PROBES = 100;

type Kind = 'USER' | 'COLLECTION' | 'TAG';

async function followedAmong(ctx: RequestContext, follower: string, kind: Kind, ids: readonly string[] | null | undefined): Promise<string[]> {
  const unique = [...new Set(ids ?? [])];
  if (unique.length === 0) return [];
  if (unique.length > MAX_FOLLOW_PROBES) throw badRequest(`At most ${MAX_FOLLOW_PROBES} ids per kind.`);
  const { results } = await ctx.db
    .prepare(`SELECT target_id FROM follows WHERE follower_id = ? AND target_type = ? AND target_id IN (${unique.map(() => '?').join(',')})`)
    .bind(follower, kind, ...unique)
    .all<{ target_id: string }>();
  return results.map((r) => r.target_id);
}

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
