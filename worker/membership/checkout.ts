// Starting a checkout: the client names what it wants (a plan, a gift, a new card); the price
// comes from configuration (shared/membership/plans.ts), never from the request. The
// provider's session is created first and our checkout row written after, so a provider
// failure leaves nothing behind.
import type { D1Database } from '@cloudflare/workers-types';
import { eq } from 'drizzle-orm';
import { DEFAULT_CURRENCY, DISCOUNT_OFFERS, discountedPrice, isDiscountOffer, isPlanType, planPrice, PLANS, type MembershipPlanType } from '../../shared/membership/plans.ts';
import { DISCOUNT_REFUSED_PARAM } from '../../shared/membership/discount-text.ts';
import { GROUP_GIFT_MAX_RECIPIENTS } from '../../shared/membership/group-gift.ts';
import { orm } from '../db/orm.ts';
import { checkouts, memberships, paymentMethods } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { membershipState } from './active-membership.ts';
import { discountOfferFor } from './discount-offer.ts';

export type CheckoutKind = 'MEMBERSHIP' | 'GIFT' | 'PAYMENT_METHOD';

export interface CheckoutAsk {
  kind: CheckoutKind;
  plan: string;
  giftRecipientEmail?: string | null;
  /** A group gift (type 31): the recipients, one address a line (or separated by commas). */
  giftRecipientEmails?: string | null;
  /**
   * The discount id the buyer's offer names (a /discount link, or the offer /plans shows), as
   * sent; '' or absent for none. One that does not exist, or does not apply, is refused
   * (docs/adr/0115-discounts-are-discounted-cycles.md).
   */
  discountId?: string | null;
}

/** The recipients of a group gift as typed: trimmed, lower case, each once; null when any is not an address or their number is out of range. */
export function groupGiftRecipientList(input: string): string[] | null {
  const emails = [...new Set(input.split(/[\n,;]+/).map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (emails.length < 2 || emails.length > GROUP_GIFT_MAX_RECIPIENTS || !emails.every((e) => EMAIL.test(e))) return null;
  return emails;
}

export interface Buyer {
  id: string;
  email: string | null;
  name: string;
}

export type CheckoutOutcome =
  | { ok: true; url: string; checkoutId: string }
  /** Something the buyer can act on, with where to send them. */
  | { ok: false; reason: 'BAD_PLAN' | 'BAD_EMAIL' | 'ALREADY_MEMBER' | 'NO_MEMBERSHIP' | 'UNKNOWN_DISCOUNT' | 'DISCOUNT_NOT_APPLICABLE'; redirect: string };

const isGroupAsk = (ask: CheckoutAsk) => ask.kind === 'GIFT' && !!ask.giftRecipientEmails?.trim();

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,}$/;

function describe(kind: CheckoutKind, plan: MembershipPlanType, productName: string): string {
  const tier = PLANS[plan].tier === 'FRIEND' ? 'Friend' : 'Member';
  const period = PLANS[plan].interval === 'year' ? 'yearly' : 'monthly';
  if (kind === 'GIFT') return `${productName} gift membership: ${tier}, ${PLANS[plan].interval === 'year' ? 'one year' : 'one month'}`;
  if (kind === 'PAYMENT_METHOD') return `${productName} membership: new payment method`;
  return `${productName} membership: ${tier}, ${period}`;
}

export async function startCheckout(
  db: D1Database,
  provider: PaymentProvider,
  buyer: Buyer,
  ask: CheckoutAsk,
  origin: string,
  productName: string,
  now: number,
): Promise<CheckoutOutcome> {
  const database = orm(db);
  const membership = await database.select().from(memberships).where(eq(memberships.userId, buyer.id)).get();
  let plan: MembershipPlanType;
  if (ask.kind === 'PAYMENT_METHOD') {
    if (!membership || membership.paymentProvider !== 'STRIPE') return { ok: false, reason: 'NO_MEMBERSHIP', redirect: '/plans' };
    plan = membership.plan;
  } else {
    if (!isPlanType(ask.plan)) return { ok: false, reason: 'BAD_PLAN', redirect: isGroupAsk(ask) ? '/group-gift' : ask.kind === 'GIFT' ? '/gift-plans' : '/plans' };
    plan = ask.plan;
  }
  if (ask.kind === 'MEMBERSHIP' && membership) {
    const state = membershipState(membership, now);
    // A running membership is changed on the manage page (plan switch, reactivation), not bought again.
    if (state !== 'ENDED' && state !== 'GRACE_EXPIRED') return { ok: false, reason: 'ALREADY_MEMBER', redirect: '/manage-membership' };
  }
  const group = isGroupAsk(ask) ? groupGiftRecipientList(ask.giftRecipientEmails ?? '') : null;
  if (isGroupAsk(ask) && !group) return { ok: false, reason: 'BAD_EMAIL', redirect: `/group-gift?plan=${plan}&error=emails` };
  const recipient = ask.kind === 'GIFT' && !group ? (ask.giftRecipientEmail ?? '').trim().toLowerCase() : null;
  if (ask.kind === 'GIFT' && !group && (!recipient || !EMAIL.test(recipient))) return { ok: false, reason: 'BAD_EMAIL', redirect: `/gift-checkout?plan=${plan}&error=email` };

  // A discount id is checked before anything is asked of the provider or stored: one that does
  // not exist, or an offer this buyer or plan cannot have, is refused with nothing started.
  const askedDiscount = ask.kind === 'MEMBERSHIP' ? (ask.discountId ?? '').trim() : '';
  if (askedDiscount !== '' && !isDiscountOffer(askedDiscount)) return { ok: false, reason: 'UNKNOWN_DISCOUNT', redirect: `/discount?${DISCOUNT_REFUSED_PARAM}=unknown` };
  const discount = isDiscountOffer(askedDiscount) ? discountOfferFor(askedDiscount, plan, membership !== undefined) : null;
  if (isDiscountOffer(askedDiscount) && discount === null) {
    return { ok: false, reason: 'DISCOUNT_NOT_APPLICABLE', redirect: `/discount?discountId=${askedDiscount}&${DISCOUNT_REFUSED_PARAM}=not-applicable` };
  }
  const currency = ask.kind === 'PAYMENT_METHOD' && membership?.currency ? membership.currency : DEFAULT_CURRENCY;
  // A group gift is one membership per recipient, each at the plan's price.
  const amount = ask.kind === 'PAYMENT_METHOD' ? 0 : planPrice(plan, currency) * (group?.length ?? 1);
  // What the checkout charges now: the first cycle, discounted under an offer.
  const chargedNow = discount ? discountedPrice(plan, discount, currency) : amount;
  const card = await database.select().from(paymentMethods).where(eq(paymentMethods.userId, buyer.id)).get();
  const checkoutId = newId();
  const success =
    ask.kind === 'MEMBERSHIP' ? `/welcome-member?plan=${plan}` : group ? `/group-gift?purchased=${plan}` : ask.kind === 'GIFT' ? `/gift?purchased=${plan}` : '/manage-membership?card=updated';
  const cancel =
    ask.kind === 'MEMBERSHIP' ? `/plans/confirmation/${plan}` : group ? `/group-gift?plan=${plan}` : ask.kind === 'GIFT' ? `/gift-checkout?plan=${plan}` : '/me/settings/payment/update';
  const started = await provider.startCheckout({
    mode: ask.kind === 'MEMBERSHIP' ? 'subscription' : ask.kind === 'GIFT' ? 'payment' : 'setup',
    checkoutId,
    customerEmail: buyer.email,
    customerRef: card?.customerRef ?? null,
    amount,
    currency,
    interval: ask.kind === 'MEMBERSHIP' ? PLANS[plan].interval : null,
    discount: discount ? { id: discount, numCycles: DISCOUNT_OFFERS[discount].numCycles, amount: chargedNow } : null,
    description: group ? `${describe(ask.kind, plan, productName)} × ${group.length} (group gift)` : describe(ask.kind, plan, productName),
    successUrl: origin + success,
    cancelUrl: origin + cancel,
    metadata: { user_id: buyer.id, kind: ask.kind, plan, ...(group ? { gift_type: '31', recipients: String(group.length) } : {}) },
  });
  await database.insert(checkouts).values({
    id: checkoutId,
    userId: buyer.id,
    kind: ask.kind,
    plan,
    currency,
    amount: chargedNow,
    giftRecipientEmail: recipient,
    giftRecipientEmails: group ? JSON.stringify(group) : null,
    discountId: discount,
    providerRef: started.sessionRef,
    createdAt: now,
  });
  return { ok: true, url: started.url, checkoutId };
}
