// The demo world stays true after the day it was seeded: the billing clock (local provider)
// renews its card-paid memberships, so a month and a half later the monthly `member` and the
// Friend `editor` are still members, while the demo's failed payment runs out of grace.
import { beforeAll, describe, expect, it } from 'vitest';
import { membershipState } from '../../worker/membership/active-membership.ts';
import { advanceBillingClock } from '../../worker/endpoints/membership.ts';
import type { MembershipRow } from '../../worker/db/schema.ts';
import { seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';

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

describe('the demo world on the days after seeding', () => {
  it('is in the README states on the day, and 45 days on the monthly member and the Friend editor have renewed', async () => {
    expect(await stateOf('member')).toBe('ACTIVE');
    expect(await stateOf('editor')).toBe('ACTIVE');
    expect(await stateOf('failed')).toBe('PAYMENT_FAILED');
    const charges = (await testDb.prepare('SELECT COUNT(*) AS n FROM charges').first<{ n: number }>())!.n;

    const report = await advanceBillingClock(testEnv, 45, Date.now());
    expect(report.renewed).toBeGreaterThan(0);
    expect(await stateOf('member')).toBe('ACTIVE');
    expect(await stateOf('editor')).toBe('ACTIVE');
    expect(await stateOf('friend')).toBe('ACTIVE');
    // Not paid by card through the provider: its grace runs out.
    expect(await stateOf('failed')).toBe('GRACE_EXPIRED');
    expect((await testDb.prepare('SELECT COUNT(*) AS n FROM charges').first<{ n: number }>())!.n).toBeGreaterThan(charges);
  });
});
