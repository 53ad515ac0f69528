import { isValidNonLoggedOutId } from '../../shared/auth/sign-in-rules.ts';
// Who the viewer is to the thing being resolved. Every permission decision of the
// resolvers goes through these few functions.

import type { RequestContext } from './request-context.ts';

/**
 * Per-user flag (docs/product/2-sign-in-notices-cache-routing.md §6): lets certain viewers see
 * suspended stories.
 */
export const CAN_VIEW_SUSPENDED_CONTENT = 'can_view_suspended_content';

export function viewerId(ctx: RequestContext): string | null {
  return ctx.viewer.user?.id ?? null;
}

export function isViewer(ctx: RequestContext, userId: string): boolean {
  // A logged-out id (lo_…) never names the viewer, whatever a row says.
  return ctx.viewer.user !== null && isValidNonLoggedOutId(userId) && ctx.viewer.user.id === userId;
}

/**
 * Suspended stories and accounts stay visible to their owner (the POST_SUSPENDED toast
 * offers them "Edit story"), to staff, and to viewers with can_view_suspended_content.
 */
export function maySeeSuspended(ctx: RequestContext, ownerId: string): boolean {
  const user = ctx.viewer.user;
  if (!user) return false;
  return user.id === ownerId || user.isStaff || user.flags.has(CAN_VIEW_SUSPENDED_CONTENT);
}
