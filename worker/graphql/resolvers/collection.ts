import { and, eq, inArray } from 'drizzle-orm';
import { collectionMembers, collections, type CollectionRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { liveCustomDomainState } from '../../host/custom-domain-state.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { collectionPosts } from '../../stories/story-lists.ts';
import { followAndMuteEdgeResolvers, viewerEdge } from './viewer-edges.ts';

/** Publications the user owns or edits, by name (the avatar menu lists them). */
export async function adminCollections(ctx: RequestContext, userId: string): Promise<CollectionRow[]> {
  const rows = await orm(ctx.db)
    .select({ collection: collections })
    .from(collections)
    .innerJoin(collectionMembers, eq(collectionMembers.collectionId, collections.id))
    .where(and(eq(collectionMembers.userId, userId), inArray(collectionMembers.role, ['OWNER', 'EDITOR'])))
    .orderBy(collections.name, collections.id);
  return rows.map(({ collection }) => {
    ctx.loaders.collectionById.prime(collection.id, collection);
    return collection;
  });
}

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
    postsConnection: async (collection: CollectionRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
      const page = await collectionPosts(ctx, collection, args.paging);
      return { posts: page.items, pagingInfo: page.pagingInfo };
    },
  },
  CollectionViewerEdge: followAndMuteEdgeResolvers,
};
