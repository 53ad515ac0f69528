// The signed-in viewer's membership in the page's start-up state, so the membership banners
// draw after hydration without a GraphQL request of their own. Read through the request's
// loader: a page whose data already loaded the membership costs no extra query.
import type { PreloadedMembership } from '../../shared/preloaded-state.ts';
import type { RequestContext } from '../context/request-context.ts';
import { membershipState } from './active-membership.ts';
import { canSwitchPlan, paymentActionUrlOf, switchPlanScheduleOf } from './manage-membership.ts';
import { PLANS } from '../../shared/membership/plans.ts';

export async function preloadedMembership(ctx: RequestContext, userId: string): Promise<PreloadedMembership | null> {
  const membership = await ctx.loaders.membershipByUserId.load(userId);
  if (!membership) return null;
  const schedule = canSwitchPlan(membership) ? await switchPlanScheduleOf(ctx, membership) : null;
  return {
    id: membership.id,
    state: membershipState(membership, ctx.now),
    tier: membership.tier,
    canSwitchPlan: canSwitchPlan(membership),
    currentPeriodEndsAt: membership.currentPeriodEndsAt,
    switchPlanTier: schedule ? PLANS[schedule.plan.membershipType].tier : null,
    ...(paymentActionUrlOf(membership) !== null ? { paymentActionRequired: true } : {}),
  };
}
