import type { UserRow } from '../../db/schema.ts';
import type { GraphQLContext } from '../context.ts';
import { adminCollections } from './collection.ts';
import { liveCustomDomainState } from './custom-domain.ts';
import { isMembershipActive } from '../../membership/active-membership.ts';
import type { PagingOptions } from './paging.ts';
import { userPosts } from './post-lists.ts';
import { isViewer } from './viewer.ts';
import { followAndMuteEdgeResolvers, viewerEdge } from './viewer-edges.ts';

/** r•••••@vellum.test: the first letter and the domain; the dots hide the length too. */
export function obfuscateEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••••';
  return `${email.slice(0, 1)}•••••${email.slice(at)}`;
}

/** A field only the user themselves may read: null for everyone else. */
function viewerOnly<T>(read: (user: UserRow, ctx: GraphQLContext) => T) {
  return (user: UserRow, _args: unknown, ctx: GraphQLContext): T | null => (isViewer(ctx, user.id) ? read(user, ctx) : null);
}

export const userResolvers = {
  User: {
    customDomainState: (user: UserRow) => liveCustomDomainState(user.customDomainState, user.customDomain),
    socialStats: (user: UserRow) => ({ followerCount: user.followerCount, followingCount: user.followingCount }),
    mediumMemberAt: async (user: UserRow, _args: unknown, ctx: GraphQLContext) => {
      const membership = await ctx.loaders.membershipByUserId.load(user.id);
      return isMembershipActive(membership, ctx.now) ? membership.startedAt : null;
    },
    // The same rule as mediumMemberAt, so the badge shows exactly while the Friend membership reads.
    isFriend: async (user: UserRow, _args: unknown, ctx: GraphQLContext) => {
      const membership = await ctx.loaders.membershipByUserId.load(user.id);
      return isMembershipActive(membership, ctx.now) && membership.tier === 'FRIEND';
    },
    verifications: (user: UserRow) => ({ isBookAuthor: user.isBookAuthor }),
    viewerEdge: (user: UserRow, _args: unknown, ctx: GraphQLContext) => viewerEdge(ctx, 'USER', user.id),
    postsConnection: async (user: UserRow, args: { paging?: PagingOptions | null }, ctx: GraphQLContext) => {
      const page = await userPosts(ctx, user, args.paging);
      return { posts: page.items, pagingInfo: page.pagingInfo };
    },
    email: viewerOnly((user) => user.email),
    emailObfuscated: viewerOnly((user) => (user.email ? obfuscateEmail(user.email) : null)),
    membership: viewerOnly((user, ctx) => ctx.loaders.membershipByUserId.load(user.id)),
    adminCollections: viewerOnly((user, ctx) => adminCollections(ctx, user.id)),
  },
  UserViewerEdge: followAndMuteEdgeResolvers,
};
