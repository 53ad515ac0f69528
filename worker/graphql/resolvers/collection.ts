import type { GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import { liveCustomDomainState } from '../../host/custom-domain-state.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { CollectionRow } from '../../publications/results.ts';
import { publicationStories } from '../../stories/story-lists.ts';
import { followAndMuteEdgeResolvers, viewerEdge } from './viewer-edges.ts';
import { cardsAskForContent } from '../card-content-asked.ts';

export const collectionResolvers = {
  Collection: {
    domain: (collection: CollectionRow) => liveCustomDomainState(collection.customDomainState, collection.domain)?.live.domain ?? null,
    customDomainState: (collection: CollectionRow) => liveCustomDomainState(collection.customDomainState, collection.domain),
    creator: async (collection: CollectionRow, _args: unknown, ctx: RequestContext) => {
      const creator = await ctx.loaders.userById.load(collection.creatorId);
      return creator && creator.deletedAt === null ? creator : null;
    },
    socialStats: (collection: CollectionRow) => ({ followerCount: collection.followerCount }),
    viewerEdge: (collection: CollectionRow, _args: unknown, ctx: RequestContext) => viewerEdge(ctx, 'COLLECTION', collection.id),
    postsConnection: async (collection: CollectionRow, args: { paging?: PagingOptions | null }, ctx: RequestContext, info: GraphQLResolveInfo) => {
      const page = await publicationStories(ctx, collection, args.paging, cardsAskForContent(info));
      return { posts: page.items, pagingInfo: page.pagingInfo };
    },
  },
  CollectionViewerEdge: followAndMuteEdgeResolvers,
};
