// The Friend tier's flags (docs/membership.md "Friend tier flags"): without enable_premium_tier
// the Friend plans are neither listed nor sold; without enable_switch_plan_premium_tier a Member
// cannot switch up to Friend, while a Friend can always move down. The deployed configuration
// (wrangler.toml) turns all three on, which the rest of the membership tests run with.
import { beforeAll, describe, expect, it } from 'vitest';
import app from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';
import { requestContextFor } from '../../worker/consequences/consequences.ts';
import { executeInProcess } from '../../worker/graphql/in-process.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { LOGGED_OUT, resolveViewer } from '../../worker/session/viewer.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';
const PLANS_QUERY = '{ membershipPlans { membershipType } }';
const SWITCH = 'mutation($id: ID!, $t: MembershipPlan!) { updateMembershipPlan(membershipId: $id, membershipType: $t) { __typename ... on BadRequest { message } } }';
const WITHOUT_TIER = { ...testEnv, FLAGS: 'enable_lo_homepage' } as Env;
const WITHOUT_SWITCH = { ...testEnv, FLAGS: 'enable_lo_homepage,enable_premium_tier' } as Env;

beforeAll(async () => {
  await seedWorld(testDb);
});

async function viewerOf(userId: string) {
  const session = await createSession(testDb, userId);
  return { session, viewer: await resolveViewer(testDb, new Request(`${ORIGIN}/_/graphql`, { headers: { cookie: `sid=${session.token}` } })) };
}

const planTypes = async (env: Env) =>
  ((await executeInProcess(PLANS_QUERY, {}, requestContextFor({ db: testDb, env, viewer: LOGGED_OUT }))).data?.membershipPlans as { membershipType: string }[]).map((p) => p.membershipType);

describe('enable_premium_tier', () => {
  it('lists the Friend plans only while it is on', async () => {
    expect(await planTypes(testEnv)).toEqual(['MONTHLY', 'YEARLY', 'PREMIUM_MONTHLY', 'PREMIUM_YEARLY']);
    expect(await planTypes(WITHOUT_TIER)).toEqual(['MONTHLY', 'YEARLY']);
  });

  it('refuses a checkout for a Friend plan while it is off, and starts nothing', async () => {
    const { session } = await viewerOf(USERS.reader);
    const checkout = (env: Env, plan: string, kind = 'MEMBERSHIP') =>
      app.fetch(
        new Request(`${ORIGIN}/_/membership/checkout`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie: `sid=${session.token}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ xsrf: session.xsrf, kind, plan, recipientEmail: 'friend@vellum.test' }),
        }),
        env,
        { waitUntil() {}, passThroughOnException() {}, props: {} } as never,
      );
    const checkouts = async () => (await testDb.prepare('SELECT COUNT(*) AS n FROM checkouts WHERE user_id = ?').bind(USERS.reader).first<{ n: number }>())!.n;
    const before = await checkouts();
    const refused = await checkout(WITHOUT_TIER, 'PREMIUM_MONTHLY');
    expect(refused.status).toBe(303);
    expect(refused.headers.get('location')).toBe('/plans');
    const gift = await checkout(WITHOUT_TIER, 'PREMIUM_YEARLY', 'GIFT');
    expect(gift.headers.get('location')).toBe('/gift-plans');
    expect(await checkouts()).toBe(before);
    // The same request with the tier on goes to the processor's checkout page.
    const started = await checkout(testEnv, 'PREMIUM_MONTHLY');
    expect(started.status).toBe(303);
    expect(started.headers.get('location')).not.toBe('/plans');
    expect(await checkouts()).toBe(before + 1);
  });
});

describe('enable_switch_plan_premium_tier', () => {
  it('a Member cannot switch up to Friend without it; nothing is scheduled', async () => {
    const { viewer } = await viewerOf(USERS.member);
    const refused = await executeInProcess(SWITCH, { id: 'bb0000000001', t: 'PREMIUM_MONTHLY' }, requestContextFor({ db: testDb, env: WITHOUT_SWITCH, viewer }));
    expect(refused.data?.updateMembershipPlan).toEqual({ __typename: 'BadRequest', message: 'Choose a different plan.' });
    expect(await testDb.prepare("SELECT COUNT(*) AS n FROM subscriptions WHERE membership_id = 'bb0000000001' AND switch_plan IS NOT NULL").first()).toEqual({ n: 0 });
    // With both flags on, the same request passes the plan rule (the fixture has no subscription
    // at the processor, so it ends in the processor's failure, not in "Choose a different plan").
    const allowed = await executeInProcess(SWITCH, { id: 'bb0000000001', t: 'PREMIUM_MONTHLY' }, requestContextFor({ db: testDb, env: testEnv, viewer }));
    expect(allowed.data?.updateMembershipPlan).not.toEqual({ __typename: 'BadRequest', message: 'Choose a different plan.' });
  });

  it('a Friend can always move down to Member, even with the tier off', async () => {
    const { viewer } = await viewerOf(USERS.friend);
    const down = await executeInProcess(SWITCH, { id: 'bb0000000005', t: 'YEARLY' }, requestContextFor({ db: testDb, env: WITHOUT_TIER, viewer }));
    expect(down.data?.updateMembershipPlan).not.toEqual({ __typename: 'BadRequest', message: 'Choose a different plan.' });
    const sideways = await executeInProcess(SWITCH, { id: 'bb0000000005', t: 'PREMIUM_MONTHLY' }, requestContextFor({ db: testDb, env: WITHOUT_TIER, viewer }));
    expect(sideways.data?.updateMembershipPlan).toEqual({ __typename: 'BadRequest', message: 'Choose a different plan.' });
  });
});
