// The hourly billing job on the fan-out queue (issue 17; docs/adr/0090-one-fan-out-queue.md): the cron
// queues one billing.renewal message per due subscription and answers; after the queue drains
// the demo world's card-paid members have renewed (a charge each), as the inline clock would;
// the next run finds nothing due, and a renewal message delivered again charges nobody twice.
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import worker from '../../worker/index.ts';
import { membershipState } from '../../worker/membership/active-membership.ts';
import { shiftBillingClock } from '../../worker/membership/billing-clock.ts';
import type { MembershipRow } from '../../worker/db/schema.ts';
import { sendCounted } from '../../worker/queues/producer.ts';
import { BILLING_CRON } from '../../worker/jobs/scheduled.ts';
import { seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });

let world: World;
beforeAll(async () => {
  world = await seedDemoWorld(40);
});

async function stateOf(username: string) {
  const id = userByUsername(world, username).id;
  const row = await testDb.prepare('SELECT is_cancelled, payment_failed_at, current_period_ends_at FROM memberships WHERE user_id = ?').bind(id).first<Record<string, number | null>>();
  const membership = { isCancelled: row!.is_cancelled === 1, paymentFailedAt: row!.payment_failed_at, currentPeriodEndsAt: row!.current_period_ends_at } as Pick<MembershipRow, 'isCancelled' | 'paymentFailedAt' | 'currentPeriodEndsAt'>;
  return membershipState(membership as MembershipRow, Date.now());
}

const charges = async () => (await testDb.prepare('SELECT COUNT(*) AS n FROM charges').first<{ n: number }>())!.n;
const due = async (now: number) => (await testDb.prepare("SELECT id FROM devpay_subscriptions WHERE status = 'active' AND current_period_end <= ?").bind(now).all<{ id: string }>()).results.map((r) => r.id);

async function runBillingCron(now: number): Promise<void> {
  const ctx = createExecutionContext();
  (worker as unknown as { scheduled: (c: unknown, e: unknown, x: unknown) => void }).scheduled(createScheduledController({ scheduledTime: new Date(now), cron: BILLING_CRON }), testEnv, ctx);
  await waitOnExecutionContext(ctx);
}

describe('the billing job on the queue', () => {
  it('queues the due renewals; after the drain the members have renewed, once', async () => {
    await shiftBillingClock(testEnv, 45);
    const now = Date.now();
    const dueBefore = await due(now);
    expect(dueBefore.length).toBeGreaterThan(0);
    const before = await charges();

    await runBillingCron(now);
    await drainQueue();
    expect(await due(now)).toEqual([]);
    expect(await charges()).toBeGreaterThan(before);
    expect(await stateOf('member')).toBe('ACTIVE');
    expect(await stateOf('editor')).toBe('ACTIVE');
    const renewed = await charges();

    // The next run finds nothing due; the same renewals delivered again charge nobody.
    await runBillingCron(now);
    await sendCounted(testEnv, testEnv.FANOUT_QUEUE!, dueBefore.map((subscriptionId) => ({ kind: 'billing.renewal', subscriptionId, now })));
    await drainQueue();
    expect(await charges()).toBe(renewed);
    expect(await testDb.prepare('SELECT COUNT(*) AS n FROM queue_dead_letters').first('n')).toBe(0);
  });
});
