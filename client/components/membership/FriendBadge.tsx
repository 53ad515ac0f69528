// The "Friend of the product" badge beside a Friend's name and its popover
// (docs/product/1-product-screens-membership-header-search.md §1, §6): 240 px wide, closing
// 100 ms after the pointer leaves; its upgrade button follows showsFriendUpgrade. The badge
// is drawn only with enable_premium_tier_badge on (docs/membership.md "Friend badge"). The
// server renders only the button; the popover reads the viewer in the browser, so a cached
// profile page is the same for every visitor. For a Member, whether the plan can be switched
// comes from the can-switch-plan query (CanSwitchPlanQuery, §7), sent when the popover opens;
// until it answers, the start-up state's value stands.
import { useQuery } from 'urql';
import { canSwitchPlan, canSwitchToFriend, PREMIUM_TIER_BADGE_FLAG } from '../../../shared/membership/premium-tier.ts';
import { CanSwitchPlanQuery } from './FriendBadge.graphql.ts';
import { useAppState } from '../../app/app-state.tsx';
import { Link } from '../../app/navigation.tsx';
import { friendUpgradeHref, isReadingMember, showsFriendUpgrade } from './popover-rules.ts';
import { useHoverPopover } from './use-hover-popover.ts';

export const FRIEND_BADGE_FLAG = PREMIUM_TIER_BADGE_FLAG;

/** The badge for a user who is a Friend, or nothing when the flag is off. */
export function FriendBadge({ name }: { name: string }) {
  const state = useAppState();
  const popover = useHoverPopover(100);
  if (!state.flags.includes(FRIEND_BADGE_FLAG)) return null;
  const productName = state.config.productName;
  return (
    <span className="friend-badge-anchor">
      <button type="button" className="friend-badge" aria-label={`${name} is a Friend of ${productName}`} data-testid="friend-badge" {...popover.triggerProps}>
        <span aria-hidden="true">✦</span>
      </button>
      {popover.open ? (
        <div className="friend-popover" role="dialog" aria-label={`Friend of ${productName}`} data-testid="friend-popover" {...popover.popoverProps}>
          <p className="friend-popover-title">Friend of {productName}</p>
          <p className="friend-popover-text">
            {name} is a Friend of {productName}: they give more to support the writers they read.
          </p>
          <FriendUpgradeButton />
        </div>
      ) : null}
    </span>
  );
}

function FriendUpgradeButton() {
  const state = useAppState();
  const flags = new Set(state.flags);
  const membership = state.viewerMembership;
  // Only a Member's button depends on the plan switch (anyone else who is not a Friend gets it).
  const asks = isReadingMember(membership) && membership?.tier === 'MEMBER' && membership.switchPlanTier !== 'FRIEND' && canSwitchToFriend(flags);
  const [answer] = useQuery({ query: CanSwitchPlanQuery, pause: !asks });
  const current = membership && answer.data ? { ...membership, canSwitchPlan: canSwitchPlan(answer.data.viewer?.membership) } : membership;
  if (!showsFriendUpgrade(current, flags)) return null;
  return (
    <Link href={friendUpgradeHref(state.viewerMembership)} className="button button-dark button-small" data-testid="friend-popover-upgrade">
      Become a Friend
    </Link>
  );
}
