import type { GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { TagRow } from '../../topics/topic-stories.ts';
import { topicStories } from '../../stories/story-lists.ts';
import { followEdgeResolvers, viewerEdge } from './viewer-edges.ts';
import { cardsAskForContent } from '../card-content-asked.ts';

export const tagResolvers = {
  Tag: {
    name: (tag: TagRow) => tag.displayTitle,
    viewerEdge: (tag: TagRow, _args: unknown, ctx: RequestContext) => viewerEdge(ctx, 'TAG', tag.id),
    postsConnection: async (tag: TagRow, args: { paging?: PagingOptions | null }, ctx: RequestContext, info: GraphQLResolveInfo) => {
      const page = await topicStories(ctx, tag, args.paging, cardsAskForContent(info));
      return { posts: page.items, pagingInfo: page.pagingInfo };
    },
  },
  TagViewerEdge: followEdgeResolvers,
};
