import type { TagRow } from '../../db/schema.ts';
import type { GraphQLContext } from '../context.ts';
import type { PagingOptions } from './paging.ts';
import { tagPosts } from './post-lists.ts';
import { followEdgeResolvers, viewerEdge } from './viewer-edges.ts';

export const tagResolvers = {
  Tag: {
    name: (tag: TagRow) => tag.displayTitle,
    viewerEdge: (tag: TagRow, _args: unknown, ctx: GraphQLContext) => viewerEdge(ctx, 'TAG', tag.id),
    postsConnection: async (tag: TagRow, args: { paging?: PagingOptions | null }, ctx: GraphQLContext) => {
      const page = await tagPosts(ctx, tag, args.paging);
      return { posts: page.items, pagingInfo: page.pagingInfo };
    },
  },
  TagViewerEdge: followEdgeResolvers,
};
