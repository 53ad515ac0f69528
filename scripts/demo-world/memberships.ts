// Paid memberships in every state: active Member and Friend, cancelled (still running),
// lapsed (ended), payment failed, gifted; most users have none.

import type { DemoKey } from './accounts.ts';
import { DAY, YEAR, timeBetween, type Context, type Person } from './context.ts';
import { GRACE_PERIOD_MS, planPrice } from '../../shared/membership/plans.ts';
import type { MembershipRow } from './rows.ts';

type Plan = MembershipRow['plan'];
type Provider = MembershipRow['payment_provider'];

const MONTH = 30 * DAY;
const PERIOD: Record<Plan, number> = { MONTHLY: MONTH, YEARLY: YEAR, PREMIUM_MONTHLY: MONTH, PREMIUM_YEARLY: YEAR };
const PAID_PROVIDERS: readonly [Provider, number][] = [['STRIPE', 55], ['BRAINTREE', 15], ['PAYPAL', 12], ['APPLE', 10], ['GOOGLE', 8]];

type State = 'active' | 'cancelled' | 'lapsed' | 'failed' | 'gift';

interface Spec {
  plan: Plan;
  provider: Provider;
  state: State;
  currency?: MembershipRow['currency'];
  /** How long ago it started. */
  startedAgo: number;
  /** Friend: how long ago the upgrade happened (defaults to the start). */
  friendAgo?: number;
}

const DEMO_MEMBERSHIPS: Partial<Record<DemoKey, Spec>> = {
  member: { plan: 'MONTHLY', provider: 'STRIPE', state: 'active', startedAgo: 200 * DAY },
  friend: { plan: 'PREMIUM_YEARLY', provider: 'STRIPE', state: 'active', startedAgo: 400 * DAY, friendAgo: 120 * DAY },
  cancelled: { plan: 'YEARLY', provider: 'STRIPE', state: 'cancelled', startedAgo: 300 * DAY },
  failed: { plan: 'MONTHLY', provider: 'BRAINTREE', state: 'failed', startedAgo: 150 * DAY },
  lapsed: { plan: 'MONTHLY', provider: 'STRIPE', state: 'lapsed', startedAgo: 400 * DAY },
  gifted: { plan: 'YEARLY', provider: 'MEDIUM_GIFT', state: 'gift', startedAgo: 60 * DAY },
  writer: { plan: 'YEARLY', provider: 'BRAINTREE', state: 'active', startedAgo: 700 * DAY },
  editor: { plan: 'PREMIUM_MONTHLY', provider: 'STRIPE', state: 'active', startedAgo: 500 * DAY },
  author: { plan: 'YEARLY', provider: 'APPLE', state: 'active', startedAgo: 250 * DAY },
  partner: { plan: 'MONTHLY', provider: 'STRIPE', state: 'active', startedAgo: 600 * DAY, currency: 'CAD' },
  sub: { plan: 'MONTHLY', provider: 'GOOGLE', state: 'active', startedAgo: 90 * DAY },
};

export function createMemberships(ctx: Context): void {
  const { random } = ctx;
  const demoPeople = new Map<Person, DemoKey>();
  for (const [key, person] of Object.entries(ctx.demo)) demoPeople.set(person as Person, key as DemoKey);

  for (const person of ctx.people) {
    const key = demoPeople.get(person);
    if (key !== undefined) {
      const spec = DEMO_MEMBERSHIPS[key];
      if (spec) addMembership(ctx, membership(ctx, person, spec));
      continue;
    }
    if (!random.chance(0.3)) continue;
    addMembership(ctx, membership(ctx, person, randomSpec(ctx, person)));
  }
}

/**
 * A membership, and for one paid by card through STRIPE that still renews or may be
 * reactivated, its card on file and the local payment provider's subscription, so in
 * development the billing clock renews it (the monthly `member` stays a member on the days
 * after seeding) and reactivation has a card to show. The card is the 4242 test card; no
 * random draw here, so the rest of the world is unchanged.
 */
function addMembership(ctx: Context, row: MembershipRow): void {
  ctx.world.memberships.push(row);
  if (row.payment_provider !== 'STRIPE' || row.current_period_ends_at <= ctx.now || row.payment_failed_at !== null) return;
  const customerRef = `cus_demo_${row.user_id}`;
  const paymentMethodRef = `pm_demo_${row.id}`;
  const subscriptionRef = `sub_demo_${row.id}`;
  const expYear = new Date(ctx.now).getUTCFullYear() + 3;
  ctx.world.payment_methods.push({
    user_id: row.user_id, customer_ref: customerRef, payment_method_ref: paymentMethodRef, brand: 'visa', last4: '4242', exp_month: 12, exp_year: expYear, updated_at: row.started_at, kind: 'CreditCard',
  });
  ctx.world.subscriptions.push({ membership_id: row.id, subscription_ref: subscriptionRef, switch_plan: null, switch_plan_at: null });
  ctx.world.devpay_cards.push({
    payment_method_ref: paymentMethodRef, customer_ref: customerRef, brand: 'visa', last4: '4242', exp_month: 12, exp_year: expYear, behaviour: 'succeeds', wallet: null,
  });
  ctx.world.devpay_subscriptions.push({
    id: subscriptionRef,
    customer_ref: customerRef,
    payment_method_ref: paymentMethodRef,
    amount: row.amount,
    currency: row.currency,
    interval: PERIOD[row.plan] === YEAR ? 'year' : 'month',
    metadata: JSON.stringify({ user_id: row.user_id, kind: 'MEMBERSHIP', plan: row.plan }),
    current_period_end: row.current_period_ends_at,
    cancel_at_period_end: row.is_cancelled,
    status: 'active',
  });
}

function randomSpec(ctx: Context, person: Person): Spec {
  const { random, now } = ctx;
  const roll = random.float();
  const state: State = roll < 0.72 ? 'active' : roll < 0.8 ? 'cancelled' : roll < 0.87 ? 'lapsed' : roll < 0.93 ? 'failed' : 'gift';
  const friend = state !== 'gift' && random.chance(0.15);
  const yearly = random.chance(0.4);
  const plan: Plan = friend ? (yearly ? 'PREMIUM_YEARLY' : 'PREMIUM_MONTHLY') : state === 'gift' || yearly ? 'YEARLY' : 'MONTHLY';
  let provider: Provider = 'MEDIUM_GIFT';
  if (state !== 'gift') {
    let pick = random.float() * 100;
    provider = 'STRIPE';
    for (const [name, weight] of PAID_PROVIDERS) {
      if (pick < weight) { provider = name; break; }
      pick -= weight;
    }
  }
  const earliest = Math.max(person.row.created_at, now - 3 * YEAR);
  const startedAt = state === 'gift' ? timeBetween(random, now - 300 * DAY, now - 10 * DAY) : timeBetween(random, earliest, now - 2 * DAY);
  const startedAgo = Math.max(2 * DAY, now - startedAt);
  const spec: Spec = { plan, provider, state, currency: random.chance(0.1) ? 'CAD' : 'USD', startedAgo };
  if (friend && random.chance(0.4)) spec.friendAgo = Math.floor(startedAgo * random.float());
  return spec;
}

function membership(ctx: Context, person: Person, spec: Spec): MembershipRow {
  const { random, now } = ctx;
  const currency = spec.currency ?? 'USD';
  const period = PERIOD[spec.plan];
  const startedAt = Math.max(person.row.created_at, now - spec.startedAgo);
  // The period that contains `now`: renewals happen on the start's anniversaries.
  const nextRenewal = startedAt + (Math.floor((now - startedAt) / period) + 1) * period;
  const row: MembershipRow = {
    id: ctx.ids.next(),
    user_id: person.row.id,
    tier: spec.plan.startsWith('PREMIUM') ? 'FRIEND' : 'MEMBER',
    plan: spec.plan,
    payment_provider: spec.provider,
    currency,
    amount: spec.state === 'gift' ? 0 : planPrice(spec.plan, currency), // a gift's recipient pays nothing
    started_at: startedAt,
    current_period_ends_at: nextRenewal,
    is_cancelled: 0,
    payment_failed_at: null,
    friend_since: null,
  };
  switch (spec.state) {
    case 'cancelled':
      row.is_cancelled = 1;
      break;
    case 'lapsed': {
      // Cancelled, and the last paid period is over: a former member.
      row.is_cancelled = 1;
      const periods = Math.max(1, Math.floor((now - startedAt) / period) - 1);
      row.current_period_ends_at = Math.min(now - DAY, startedAt + periods * period);
      break;
    }
    case 'failed':
      // The renewal charge at the period's end failed a few days ago; access runs on
      // through the grace period (well inside it, so the README's state holds for days).
      row.payment_failed_at = now - timeBetween(random, DAY, Math.min(6 * DAY, GRACE_PERIOD_MS / 2));
      row.current_period_ends_at = row.payment_failed_at;
      break;
    case 'gift':
      row.current_period_ends_at = startedAt + period;
      break;
    case 'active':
      break;
  }
  if (row.tier === 'FRIEND') row.friend_since = spec.friendAgo === undefined ? startedAt : Math.max(startedAt, now - spec.friendAgo);
  return row;
}
