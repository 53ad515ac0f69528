// Who sees what in the membership popovers (docs/product/1-product-screens-membership-header-search.md
// §2.7, §6). Pure functions of the viewer the browser knows (the start-up state), so the
// server renders only the triggers and a cached page stays the same for every visitor.
import { canSwitchToFriend, PREMIUM_TIER_FLAG } from '../../../shared/membership/premium-tier.ts';
import type { PreloadedMembership } from '../../../shared/preloaded-state.ts';

/** States whose membership unlocks member-only stories (docs/membership.md "States and access"). */
const READING_STATES = new Set(['ACTIVE', 'CANCELLED', 'PAYMENT_FAILED']);

export function isReadingMember(membership: PreloadedMembership | null | undefined): boolean {
  return membership != null && READING_STATES.has(membership.state);
}

/**
 * The member-only star popover (§2.7): everyone reads "Member-only story"; a non-member also
 * gets "Get unlimited access" and "Learn more"; the story's author reads instead that the
 * story is behind the paywall and eligible to earn money.
 */
export type MemberStarAudience = 'AUTHOR' | 'MEMBER' | 'NON_MEMBER';

export function memberStarAudience(viewer: { viewerId: string | null; creatorId: string | null; membership: PreloadedMembership | null | undefined }): MemberStarAudience {
  if (viewer.viewerId !== null && viewer.viewerId === viewer.creatorId) return 'AUTHOR';
  return isReadingMember(viewer.membership) ? 'MEMBER' : 'NON_MEMBER';
}

/**
 * The Friend popover's upgrade button (§6): the viewer is not a Friend, enable_premium_tier is
 * on, and either (the viewer can switch plan and enable_switch_plan_premium_tier is on) or the
 * viewer is not a Member.
 */
export function showsFriendUpgrade(membership: PreloadedMembership | null | undefined, flags: ReadonlySet<string>): boolean {
  const reading = isReadingMember(membership);
  // A scheduled switch to Friend wins over the current type (§3).
  const isFriend = reading && (membership?.tier === 'FRIEND' || membership?.switchPlanTier === 'FRIEND');
  const isMember = reading && membership?.tier === 'MEMBER';
  if (isFriend || !flags.has(PREMIUM_TIER_FLAG)) return false;
  return (Boolean(membership?.canSwitchPlan) && canSwitchToFriend(flags)) || !isMember;
}

/** Where the upgrade goes (§4 "Plan switch"): a Member to manage-membership, anyone else to pay. */
export function friendUpgradeHref(membership: PreloadedMembership | null | undefined): string {
  return isReadingMember(membership) && membership?.tier === 'MEMBER' ? '/manage-membership' : '/payment';
}
