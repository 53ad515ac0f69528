// The README's demo-account table is a promise: on the day the demo world is seeded, each
// account's membership is in the state the table states. This reads the table itself, so a
// README edit and the generator cannot drift apart.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateWorld, type World } from '../../scripts/demo-world/index.ts';
import { isMembershipActive, membershipState, type MembershipState } from '../../worker/membership/active-membership.ts';
import type { MembershipRow } from '../../worker/db/schema.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const DAY = 86_400_000;

interface Expectation {
  state: MembershipState | null;
  tier?: 'MEMBER' | 'FRIEND';
  provider?: string;
}

/** What a README description says about membership, in the order the rules are tried. */
const RULES: readonly [RegExp, Expectation][] = [
  [/without membership/, { state: null }],
  [/active Member\b/, { state: 'ACTIVE', tier: 'MEMBER' }],
  [/active Friend\b/, { state: 'ACTIVE', tier: 'FRIEND' }],
  [/cancelled Member whose period has not ended/, { state: 'CANCELLED', tier: 'MEMBER' }],
  [/Member whose last payment failed/, { state: 'PAYMENT_FAILED', tier: 'MEMBER' }],
  [/former Member \(cancelled, period over\)/, { state: 'ENDED' }],
  [/Member through a gift/, { state: 'ACTIVE', tier: 'MEMBER', provider: 'MEDIUM_GIFT' }],
  [/\ba Friend\b/, { state: 'ACTIVE', tier: 'FRIEND' }],
];
/** Words that make a description a statement about membership. */
const MENTIONS_MEMBERSHIP = /\bMember\b|\bFriend\b|membership/;

interface Account {
  username: string;
  email: string;
  shows: string;
}

function readmeAccounts(): Account[] {
  const section = README.slice(README.indexOf('### Demo accounts'));
  const accounts: Account[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const match = /^`([\w-]+)`$/.exec(cells[1] ?? '');
    if (!match || !cells[2]?.includes('@')) continue;
    accounts.push({ username: match[1]!, email: cells[2], shows: cells[3] ?? '' });
  }
  return accounts;
}

function expectationFor(account: Account): Expectation | undefined {
  return RULES.find(([pattern]) => pattern.test(account.shows))?.[1];
}

function membershipOf(world: World, email: string): MembershipRow | null {
  const user = world.users.find((u) => u.email === email);
  if (!user) throw new Error(`the README names ${email}, the demo world has no such user`);
  const row = world.memberships.find((m) => m.user_id === user.id);
  if (!row) return null;
  return {
    id: row.id,
    userId: row.user_id,
    tier: row.tier,
    plan: row.plan,
    paymentProvider: row.payment_provider,
    currency: row.currency,
    amount: row.amount,
    startedAt: row.started_at,
    currentPeriodEndsAt: row.current_period_ends_at,
    isCancelled: row.is_cancelled === 1,
    paymentFailedAt: row.payment_failed_at,
    friendSince: row.friend_since,
  } as MembershipRow;
}

const accounts = readmeAccounts();

describe('the README demo-account table', () => {
  it('is found, and every statement about membership has a rule here', () => {
    expect(accounts.length).toBeGreaterThanOrEqual(10);
    for (const account of accounts.filter((a) => MENTIONS_MEMBERSHIP.test(a.shows))) {
      expect(expectationFor(account), `no rule for "${account.shows}" (${account.username})`).toBeDefined();
    }
    // The accounts the issue names all say something about membership.
    const stated = accounts.filter((a) => expectationFor(a)).map((a) => a.username);
    for (const name of ['reader', 'member', 'friend', 'cancelled', 'failed', 'lapsed', 'gifted', 'editor']) expect(stated).toContain(name);
  });
});

// A world seeded today, one seeded 100 days later, and one seeded 3 years later: only the
// clock differs, and on its own day each shows the README's states.
const TODAY = Date.now();
describe.each([
  ['seeded today', TODAY],
  ['seeded 100 days later', TODAY + 100 * DAY],
  ['seeded 3 years later', TODAY + 3 * 365 * DAY],
])('a demo world %s', (_label, now) => {
  const world = generateWorld({ stories: 20, now });

  it.each(accounts.filter((a) => expectationFor(a)).map((a) => [a.username, a] as const))('%s is in the stated state', (_name, account) => {
    const expected = expectationFor(account)!;
    const membership = membershipOf(world, account.email);
    if (expected.state === null) {
      expect(membership).toBeNull();
      return;
    }
    expect(membership).not.toBeNull();
    expect(membershipState(membership!, now)).toBe(expected.state);
    if (expected.tier) expect(membership!.tier).toBe(expected.tier);
    if (expected.provider) expect(membership!.paymentProvider).toBe(expected.provider);
    // Access follows the state: only a former member is locked out.
    expect(isMembershipActive(membership, now)).toBe(expected.state !== 'ENDED');
  });

  it('is the same content as the anchor world, with every time moved by the same amount', () => {
    const anchor = generateWorld({ stories: 20 });
    const delta = world.users[0]!.created_at - anchor.users[0]!.created_at;
    expect(delta).toBe(Math.round(now) - Date.UTC(2026, 10, 1));
    expect(world.posts.map((p) => [p.id, p.title, p.content])).toEqual(anchor.posts.map((p) => [p.id, p.title, p.content]));
    expect(world.memberships.map((m) => [m.id, m.current_period_ends_at - delta, m.payment_failed_at === null ? null : m.payment_failed_at - delta]))
      .toEqual(anchor.memberships.map((m) => [m.id, m.current_period_ends_at, m.payment_failed_at]));
  });
});
