import { isValidNonLoggedOutId } from '../../../shared/auth/sign-in-rules.ts';
// Who the viewer is to the thing being resolved. Every permission decision of the
// resolvers goes through these few functions.

import type { GraphQLContext } from '../context.ts';
import { isMembershipActive } from '../../membership/active-membership.ts';

/**
 * Per-user flag (docs/product/2-sign-in-notices-cache-routing.md §6): lets certain viewers see
 * suspended stories.
 */
export const CAN_VIEW_SUSPENDED_CONTENT = 'can_view_suspended_content';

export function viewerId(ctx: GraphQLContext): string | null {
  return ctx.viewer.user?.id ?? null;
}

export function isViewer(ctx: GraphQLContext, userId: string): boolean {
  // A logged-out id (lo_…) never names the viewer, whatever a row says.
  return ctx.viewer.user !== null && isValidNonLoggedOutId(userId) && ctx.viewer.user.id === userId;
}

/**
 * Suspended stories and accounts stay visible to their owner (the POST_SUSPENDED toast
 * offers them "Edit story"), to staff, and to viewers with can_view_suspended_content.
 */
export function maySeeSuspended(ctx: GraphQLContext, ownerId: string): boolean {
  const user = ctx.viewer.user;
  if (!user) return false;
  return user.id === ownerId || user.isStaff || user.flags.has(CAN_VIEW_SUSPENDED_CONTENT);
}

/** The viewer's membership unlocks member-only stories now (see isMembershipActive). */
export async function viewerIsActiveMember(ctx: GraphQLContext): Promise<boolean> {
  const user = ctx.viewer.user;
  if (!user) return false;
  return isMembershipActive(await ctx.loaders.membershipByUserId.load(user.id), ctx.now);
}
