// Checking and redeeming a gift code (docs/membership.md "Gifts"), rate-limited per viewer and
// per client address. A running paid membership keeps its processor's billing, so a gift waits
// for it to end; a past-due one whose grace is over is ended at the processor and replaced.
import { eq } from 'drizzle-orm';
import { GIFT_CODE_MESSAGES, type GiftCodeStatus } from '../../shared/membership/gift-code-status.ts';
import type { MembershipPlanType } from '../../shared/membership/plans.ts';
import { clientAddress } from '../auth/client-address.ts';
import { hit, type Limit } from '../auth/rate-limit.ts';
import { orm } from '../db/orm.ts';
import { subscriptions } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { logEvent } from '../lib/log-context.ts';
import { membershipState } from './active-membership.ts';
import { giftCodeStatus, groupGiftsOf, redeemGiftCode, type GroupGift } from './gift-codes.ts';
import { requestFailed, type Membership } from './manage-membership.ts';
import { paymentProviderFor } from './payment-provider.ts';

const MINUTE = 60_000;
export const GIVER_CANNOT_REDEEM = 'This code is part of a group gift you gave. Pass it on to one of the people it is for.';

/** The viewer's group gifts with which codes were redeemed (docs/adr/0121-group-gifts.md). */
export async function viewerGroupGifts(ctx: RequestContext): Promise<GroupGift[] | null> {
  const viewer = ctx.viewer.user;
  return viewer ? groupGiftsOf(ctx.db, viewer.id) : null;
}
/** Gift code guesses: per viewer and per client address (codes carry 100 random bits; this keeps guessing pointless and cheap for us). */
export const GIFT_CODE_LIMITS = {
  perViewer: { name: 'gift-code:user', max: 10, windowMs: 15 * MINUTE },
  perAddress: { name: 'gift-code:address', max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

type TooManyRequests = { __typename: 'TooManyRequests'; message: string };
type GiftCodeCheck = { __typename: 'GiftCodeCheck'; status: GiftCodeStatus; message: string; membershipType: MembershipPlanType | null };

async function limited(ctx: RequestContext): Promise<TooManyRequests | null> {
  const subjects: [Limit, string][] = [[GIFT_CODE_LIMITS.perAddress, clientAddress(ctx.request)]];
  if (ctx.viewer.user) subjects.push([GIFT_CODE_LIMITS.perViewer, ctx.viewer.user.id]);
  for (const [limit, subject] of subjects) {
    const state = await hit(ctx.db, limit, subject, ctx.now);
    if (!state.allowed) return { __typename: 'TooManyRequests', message: 'Too many gift code attempts. Please try again later.' };
  }
  return null;
}

/** What a gift code is worth now (counted against the limits). */
export async function checkGiftCode(ctx: RequestContext, code: string): Promise<GiftCodeCheck | TooManyRequests> {
  const refused = await limited(ctx);
  if (refused) return refused;
  const { status, plan } = await giftCodeStatus(ctx.db, code.slice(0, 64), ctx.now);
  return { __typename: 'GiftCodeCheck', status, message: GIFT_CODE_MESSAGES[status], membershipType: plan };
}

/** Redeems a gift code for the viewer: they become a member for the gifted period. */
export async function redeemGift(
  ctx: RequestContext,
  input: string,
): Promise<{ __typename: 'GiftMembershipRedeemed'; message: string; membership: Membership | null | undefined } | GiftCodeCheck | TooManyRequests | { __typename: 'BadRequest'; message: string }> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('redeem a gift');
  const refused = await limited(ctx);
  if (refused) return refused;
  // A running paid membership keeps being billed by its processor: a gift would not
  // replace it, so it waits until that membership has ended (docs/membership.md "Gifts").
  const current = await ctx.loaders.membershipByUserId.load(viewer.id);
  const currentState = current ? membershipState(current, ctx.now) : null;
  const paid = current !== null && current !== undefined && current.paymentProvider !== 'MEDIUM_GIFT';
  if (paid && (currentState === 'ACTIVE' || currentState === 'CANCELLED' || currentState === 'PAYMENT_FAILED')) {
    return { __typename: 'BadRequest', message: 'You already have a paid membership. Redeem this gift once it has ended, or pass it on to someone else.' };
  }
  const code = input.slice(0, 64);
  // A group gift is for the people it was bought for: its giver cannot take one of the codes.
  const state = await giftCodeStatus(ctx.db, code, ctx.now);
  if (state.groupGift && state.purchaserId === viewer.id) {
    return { __typename: 'BadRequest', message: GIVER_CANNOT_REDEEM };
  }
  // A paid membership whose payment failed and whose grace is over is still a past-due
  // subscription at the processor: left alone, a later retry would charge the card and
  // take the membership back, and its deletion would cut the gift short. The gift
  // replaces it: the processor ends it first (only for a code that is valid now), then
  // the gift and the unlinking are written together (docs/membership.md "Gifts").
  const pastDue = paid && currentState === 'GRACE_EXPIRED' ? await orm(ctx.db).select().from(subscriptions).where(eq(subscriptions.membershipId, current.id)).get() : undefined;
  if (pastDue) {
    const check = await giftCodeStatus(ctx.db, code, ctx.now);
    if (check.status !== 'VALID') return { __typename: 'GiftCodeCheck', status: check.status, message: GIFT_CODE_MESSAGES[check.status], membershipType: null };
    try {
      await paymentProviderFor(ctx.env).endSubscriptionNow(pastDue.subscriptionRef);
    } catch (error) {
      logEvent({ event: 'gift_past_due_end_failed', message: String(error) }, 'error');
      return requestFailed();
    }
  }
  const outcome = await redeemGiftCode(ctx.db, viewer.id, code, ctx.now, { unlinkSubscription: pastDue !== undefined });
  if (outcome.status !== 'VALID') return { __typename: 'GiftCodeCheck', status: outcome.status, message: GIFT_CODE_MESSAGES[outcome.status], membershipType: null };
  ctx.loaders.membershipByUserId.clear(viewer.id);
  const membership = await ctx.loaders.membershipByUserId.load(viewer.id);
  return { __typename: 'GiftMembershipRedeemed', message: 'Your gift membership has started. Enjoy reading.', membership };
}
