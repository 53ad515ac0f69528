// The Friend tier's flags (docs/product/1-product-screens-membership-header-search.md §6 "Flags"),
// read by both sides so that what /plans, /gift-plans and /manage-membership offer is what the
// worker accepts. The rule and why production turns them on: docs/membership.md "Friend tier flags".
import { PLANS, type MembershipPlanType } from './plans.ts';

/** Offers the Friend plans: buying, gifting, the Friend banner and the popover's upgrade button. */
export const PREMIUM_TIER_FLAG = 'enable_premium_tier';
/** Lets a running Member switch to a Friend plan (with PREMIUM_TIER_FLAG). */
export const SWITCH_PLAN_PREMIUM_TIER_FLAG = 'enable_switch_plan_premium_tier';
/** Draws the Friend badge beside Friends' names. */
export const PREMIUM_TIER_BADGE_FLAG = 'enable_premium_tier_badge';

/** Whether a plan can be bought or gifted: Member plans always, Friend plans with the tier on. */
export function isPlanOffered(type: MembershipPlanType, flags: ReadonlySet<string>): boolean {
  return PLANS[type].tier !== 'FRIEND' || flags.has(PREMIUM_TIER_FLAG);
}

/** Whether a Member may switch to the Friend tier: the tier and its switch flag both on. */
export function canSwitchToFriend(flags: ReadonlySet<string>): boolean {
  return flags.has(PREMIUM_TIER_FLAG) && flags.has(SWITCH_PLAN_PREMIUM_TIER_FLAG);
}

/**
 * Whether a running membership on `from` may be switched to `to`: a different plan; a Friend plan
 * only while the tier is offered, and for a Member moving up only with the switch flag too. Moving
 * down to Member is always possible, so turning the tier off strands no Friend.
 */
export function canSwitchPlanTo(from: MembershipPlanType, to: MembershipPlanType, flags: ReadonlySet<string>): boolean {
  if (from === to) return false;
  if (PLANS[to].tier === 'MEMBER') return true;
  return PLANS[from].tier === 'FRIEND' ? isPlanOffered(to, flags) : canSwitchToFriend(flags);
}

/**
 * The can-switch-plan rule (docs/product/1-product-screens-membership-header-search.md §4, §7
 * "Can-switch-plan query": paymentProvider, isCancelled, paymentFailedAt): only the two card
 * processors, not cancelled, not payment-failed. The worker's Membership.canSwitchPlan and the
 * browser's menu and Friend banner all read it here.
 */
export function canSwitchPlan(membership: { paymentProvider: string; isCancelled: boolean; paymentFailedAt: number | null } | null | undefined): boolean {
  return !!membership && (membership.paymentProvider === 'STRIPE' || membership.paymentProvider === 'BRAINTREE') && !membership.isCancelled && membership.paymentFailedAt === null;
}
