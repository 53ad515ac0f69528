// The one rule of when a membership unlocks member-only stories: the GraphQL resolvers
// (access, the member badge) and the sign-in confirmation (auth/sign-in.ts) all ask it.
import { GRACE_PERIOD_MS } from '../../shared/membership/plans.ts';
import type { MembershipRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';

/** The states the README's demo accounts and the billing clock speak of. */
export type MembershipState =
  /** Paid, renewing. */
  | 'ACTIVE'
  /** Cancelled, but the paid period is still running. */
  | 'CANCELLED'
  /** The last renewal charge failed; access continues until the grace period ends. */
  | 'PAYMENT_FAILED'
  /** The renewal failed and the grace period is over: locked until a charge succeeds. */
  | 'GRACE_EXPIRED'
  /** The period is over (cancelled and run out, or a gift that ran out): a former member. */
  | 'ENDED';

type MembershipFields = Pick<MembershipRow, 'isCancelled' | 'paymentFailedAt' | 'currentPeriodEndsAt'>;

export function membershipState(membership: MembershipFields, now: number): MembershipState {
  if (membership.paymentFailedAt !== null) return now < membership.paymentFailedAt + GRACE_PERIOD_MS ? 'PAYMENT_FAILED' : 'GRACE_EXPIRED';
  if (membership.currentPeriodEndsAt <= now) return 'ENDED';
  return membership.isCancelled ? 'CANCELLED' : 'ACTIVE';
}

/**
 * Whether a membership unlocks member-only stories right now. Decisions (the spec names
 * the states, not their effect on access; docs/membership.md):
 * - active: yes, until current_period_ends_at;
 * - cancelled: yes, until current_period_ends_at (benefits are kept for the paid period,
 *   docs/product/1-product-screens-membership-header-search.md §4 "Reactivation");
 * - payment failed: yes through the grace period (config "grace period in days",
 *   docs/product/3-routes-data-calls-constants.md §9), then no until a charge succeeds
 *   (which clears payment_failed_at);
 * - period ended: no.
 * The same rule decides User.mediumMemberAt, so the member badge and access agree.
 */
export function isMembershipActive(membership: MembershipRow | null | undefined, now: number): membership is MembershipRow {
  if (membership == null) return false;
  const state = membershipState(membership, now);
  return state === 'ACTIVE' || state === 'CANCELLED' || state === 'PAYMENT_FAILED';
}

/** The viewer's membership unlocks member-only stories now (see isMembershipActive). */
export async function viewerIsActiveMember(ctx: RequestContext): Promise<boolean> {
  const user = ctx.viewer.user;
  if (!user) return false;
  return isMembershipActive(await ctx.loaders.membershipByUserId.load(user.id), ctx.now);
}
