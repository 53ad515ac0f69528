// The one rule of when a membership unlocks member-only stories: the GraphQL resolvers
// (access, the member badge) and the sign-in confirmation (auth/sign-in.ts) all ask it.
import type { MembershipRow } from '../db/schema.ts';

/**
 * Whether a membership unlocks member-only stories right now. Decisions (the spec names
 * the states, not their effect on access):
 * - active: yes, until current_period_ends_at;
 * - cancelled: yes, until current_period_ends_at (benefits are kept for the paid period,
 *   docs/product/1-product-screens-membership-header-search.md §4 "Reactivation");
 * - payment failed: no, from payment_failed_at until a charge succeeds (which clears it);
 * - period ended: no.
 * The same rule decides User.mediumMemberAt, so the member badge and access agree.
 */
export function isMembershipActive(membership: MembershipRow | null | undefined, now: number): membership is MembershipRow {
  return membership != null && membership.paymentFailedAt === null && membership.currentPeriodEndsAt > now;
}
