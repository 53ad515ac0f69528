// Who sees what in the member-only star popover and the Friend popover
// (docs/product/1-product-screens-membership-header-search.md §2.7, §6).
import { describe, expect, it } from 'vitest';
import { friendUpgradeHref, memberStarAudience, showsFriendUpgrade } from '../../../client/components/membership/popover-rules.ts';
import type { PreloadedMembership } from '../../../shared/preloaded-state.ts';

const membership = (over: Partial<PreloadedMembership>): PreloadedMembership => ({
  id: 'm1',
  state: 'ACTIVE',
  tier: 'MEMBER',
  canSwitchPlan: true,
  currentPeriodEndsAt: 0,
  ...over,
});
const ALL_FLAGS = new Set(['enable_premium_tier', 'enable_switch_plan_premium_tier']);

describe('member-only star popover', () => {
  it('tells the story’s author about the paywall, whatever their membership', () => {
    expect(memberStarAudience({ viewerId: 'u1', creatorId: 'u1', membership: null })).toBe('AUTHOR');
    expect(memberStarAudience({ viewerId: 'u1', creatorId: 'u1', membership: membership({}) })).toBe('AUTHOR');
  });
  it('offers a visitor and a non-member the upsell', () => {
    expect(memberStarAudience({ viewerId: null, creatorId: 'u1', membership: undefined })).toBe('NON_MEMBER');
    expect(memberStarAudience({ viewerId: 'u2', creatorId: 'u1', membership: null })).toBe('NON_MEMBER');
    expect(memberStarAudience({ viewerId: 'u2', creatorId: 'u1', membership: membership({ state: 'ENDED' }) })).toBe('NON_MEMBER');
    expect(memberStarAudience({ viewerId: 'u2', creatorId: 'u1', membership: membership({ state: 'GRACE_EXPIRED' }) })).toBe('NON_MEMBER');
  });
  it('shows a reading member only the title', () => {
    for (const state of ['ACTIVE', 'CANCELLED', 'PAYMENT_FAILED']) {
      expect(memberStarAudience({ viewerId: 'u2', creatorId: 'u1', membership: membership({ state }) })).toBe('MEMBER');
    }
  });
  it('never treats a visitor as the author of a story with no known writer', () => {
    expect(memberStarAudience({ viewerId: null, creatorId: null, membership: null })).toBe('NON_MEMBER');
  });
});

describe('Friend popover upgrade button', () => {
  it('is never shown to a Friend', () => {
    expect(showsFriendUpgrade(membership({ tier: 'FRIEND' }), ALL_FLAGS)).toBe(false);
    // A Member whose switch to Friend is scheduled: the scheduled plan wins
    // (docs/product/1-product-screens-membership-header-search.md §3).
    expect(showsFriendUpgrade(membership({ switchPlanTier: 'FRIEND' }), ALL_FLAGS)).toBe(false);
    expect(showsFriendUpgrade(membership({ switchPlanTier: null }), ALL_FLAGS)).toBe(true);
  });
  it('needs enable_premium_tier', () => {
    expect(showsFriendUpgrade(null, new Set(['enable_switch_plan_premium_tier']))).toBe(false);
    expect(showsFriendUpgrade(null, new Set(['enable_premium_tier']))).toBe(true);
  });
  it('shows a non-member the button without the switch-plan flag', () => {
    expect(showsFriendUpgrade(null, new Set(['enable_premium_tier']))).toBe(true);
    expect(showsFriendUpgrade(membership({ state: 'ENDED' }), new Set(['enable_premium_tier']))).toBe(true);
  });
  it('shows a Member the button only when they can switch plan and the switch-plan flag is on', () => {
    expect(showsFriendUpgrade(membership({}), ALL_FLAGS)).toBe(true);
    expect(showsFriendUpgrade(membership({}), new Set(['enable_premium_tier']))).toBe(false);
    expect(showsFriendUpgrade(membership({ canSwitchPlan: false }), ALL_FLAGS)).toBe(false);
  });
  it('sends a Member to manage-membership and anyone else to the pay page', () => {
    expect(friendUpgradeHref(membership({}))).toBe('/manage-membership');
    expect(friendUpgradeHref(null)).toBe('/payment');
    expect(friendUpgradeHref(membership({ state: 'ENDED' }))).toBe('/payment');
  });
});
