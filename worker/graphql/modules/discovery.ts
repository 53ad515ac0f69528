// Discovery: what the home pages offer a reader to find next — follow suggestions (who to
// follow), trending stories and topics of the logged-out home
// (docs/product/1-product-screens-membership-header-search.md §4, §7). Read-only; the follows they
// lead to are written by ./social-graph.ts. The reads: worker/discovery/home-discovery.ts.

import type { RequestContext } from '../../context/request-context.ts';
import { followSuggestions, homeTopics, trendingPosts } from '../../discovery/home-discovery.ts';
import type { SchemaModule } from './schema-module.ts';

export const discoveryModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type FollowSuggestions {
      users: [User!]!
      collections: [Collection!]!
    }

    type Query {
      """
      Who to follow: writers (with published stories) and publications, most followed first,
      without those the viewer follows or mutes and without the viewer. limit 1–20, default 5.
      """
      followSuggestions(limit: Int): FollowSuggestions!
      """
      Stories published in the last 30 days with the most claps; the most clapped of all
      time fill in when fewer appeared. limit 1–12, default 6.
      """
      trendingPosts(limit: Int): [Post!]!
      "Topics with the most stories. limit 1–30, default 12."
      homeTopics(limit: Int): [Tag!]!
    }
  `,
  resolvers: {
    Query: {
      followSuggestions: (_root: unknown, args: { limit?: number | null }, ctx: RequestContext) => followSuggestions(ctx, args.limit),
      trendingPosts: (_root: unknown, args: { limit?: number | null }, ctx: RequestContext) => trendingPosts(ctx, args.limit),
      homeTopics: (_root: unknown, args: { limit?: number | null }, ctx: RequestContext) => homeTopics(ctx, args.limit),
    },
  },
};
