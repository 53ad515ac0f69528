// The Friend tier's flags (shared/membership/premium-tier.ts, docs/membership.md "Friend tier flags").
import { describe, expect, it } from 'vitest';
import { canSwitchPlanTo, canSwitchToFriend, isPlanOffered } from '../../../shared/membership/premium-tier.ts';

const ALL = new Set(['enable_premium_tier', 'enable_switch_plan_premium_tier']);
const TIER_ONLY = new Set(['enable_premium_tier']);
const NONE = new Set<string>();

describe('Friend tier flags', () => {
  it('offer the Friend plans only with enable_premium_tier; Member plans always', () => {
    expect(isPlanOffered('PREMIUM_MONTHLY', TIER_ONLY)).toBe(true);
    expect(isPlanOffered('PREMIUM_YEARLY', NONE)).toBe(false);
    expect(isPlanOffered('MONTHLY', NONE)).toBe(true);
  });

  it('let a Member switch up only with both flags', () => {
    expect(canSwitchToFriend(ALL)).toBe(true);
    expect(canSwitchToFriend(TIER_ONLY)).toBe(false);
    expect(canSwitchPlanTo('MONTHLY', 'PREMIUM_MONTHLY', ALL)).toBe(true);
    expect(canSwitchPlanTo('MONTHLY', 'PREMIUM_MONTHLY', TIER_ONLY)).toBe(false);
    expect(canSwitchPlanTo('MONTHLY', 'YEARLY', NONE)).toBe(true);
  });

  it('let a Friend move down always, and between Friend periods while the tier is offered', () => {
    expect(canSwitchPlanTo('PREMIUM_YEARLY', 'MONTHLY', NONE)).toBe(true);
    expect(canSwitchPlanTo('PREMIUM_YEARLY', 'PREMIUM_MONTHLY', TIER_ONLY)).toBe(true);
    expect(canSwitchPlanTo('PREMIUM_YEARLY', 'PREMIUM_MONTHLY', NONE)).toBe(false);
    expect(canSwitchPlanTo('PREMIUM_YEARLY', 'PREMIUM_YEARLY', ALL)).toBe(false);
  });
});
