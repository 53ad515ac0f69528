import type { GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import { adminCollections } from '../../publications/members.ts';
import { liveCustomDomainState } from '../../host/custom-domain-state.ts';
import { isMembershipActive } from '../../membership/active-membership.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { writerStories } from '../../stories/story-lists.ts';
import { isViewer } from '../../context/viewer-checks.ts';
import { followAndMuteEdgeResolvers, viewerEdge, type ViewerEdgeSource } from './viewer-edges.ts';
import { obfuscateEmail, type UserRow } from '../../accounts/profiles.ts';
import { cardsAskForContent } from '../card-content-asked.ts';

/** A field only the user themselves may read: null for everyone else. */
function viewerOnly<T>(read: (user: UserRow, ctx: RequestContext) => T) {
  return (user: UserRow, _args: unknown, ctx: RequestContext): T | null => (isViewer(ctx, user.id) ? read(user, ctx) : null);
}

export const userResolvers = {
  User: {
    customDomainState: (user: UserRow) => liveCustomDomainState(user.customDomainState, user.customDomain),
    socialStats: (user: UserRow) => ({ followerCount: user.followerCount, followingCount: user.followingCount }),
    mediumMemberAt: async (user: UserRow, _args: unknown, ctx: RequestContext) => {
      const membership = await ctx.loaders.membershipByUserId.load(user.id);
      return isMembershipActive(membership, ctx.now) ? membership.startedAt : null;
    },
    // The same rule as mediumMemberAt, so the badge shows exactly while the Friend membership reads.
    isFriend: async (user: UserRow, _args: unknown, ctx: RequestContext) => {
      const membership = await ctx.loaders.membershipByUserId.load(user.id);
      return isMembershipActive(membership, ctx.now) && membership.tier === 'FRIEND';
    },
    verifications: (user: UserRow) => ({ isBookAuthor: user.isBookAuthor }),
    viewerEdge: (user: UserRow, _args: unknown, ctx: RequestContext) => viewerEdge(ctx, 'USER', user.id),
    postsConnection: async (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext, info: GraphQLResolveInfo) => {
      const page = await writerStories(ctx, user, args.paging, cardsAskForContent(info));
      return { posts: page.items, pagingInfo: page.pagingInfo };
    },
    email: viewerOnly((user) => user.email),
    emailObfuscated: viewerOnly((user) => (user.email ? obfuscateEmail(user.email) : null)),
    membership: viewerOnly((user, ctx) => ctx.loaders.membershipByUserId.load(user.id)),
    adminCollections: viewerOnly((user, ctx) => adminCollections(ctx, user.id)),
  },
  UserViewerEdge: {
    ...followAndMuteEdgeResolvers,
    createdAt: async (edge: ViewerEdgeSource, _args: unknown, ctx: RequestContext) => {
      const viewer = ctx.viewer.user;
      if (!viewer || edge.key !== `USER:${viewer.id}`) return null;
      return (await ctx.loaders.userById.load(viewer.id))?.createdAt ?? null;
    },
  },
};
