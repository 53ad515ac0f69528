// Outcome kinds of docs/product/2-sign-in-notices-cache-routing.md §8 that issue 27 point 5 added,
// and the locked-post reasons of docs/product/3-routes-data-calls-constants.md §8: one test per
// kind an operation can produce (what the product does with each: docs/outcomes.md).

import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { graphql, GRAPHQL_URL, testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';
import { hit } from '../../worker/auth/rate-limit.ts';
import { EDGE_CHANGES_LIMIT } from '../../worker/follows/follow-edges.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { FAULT_HEADER } from '../../worker/hardening/fault-injection.ts';
import { PROCESSOR_REFUSED, PROCESSOR_UNAVAILABLE } from '../../worker/membership/manage-membership.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});

describe('GraphqlEmptyId', () => {
  it('answers a story look-up by an empty id', async () => {
    const { data, errors } = await graphql(`{ postResult(id: "") { __typename ... on GraphqlEmptyId { message } } post(id: " ") { id } }`);
    expect(errors).toBeUndefined();
    expect(data.postResult).toEqual({ __typename: 'GraphqlEmptyId', message: 'No id was given.' });
    expect(data.post).toBeNull();
  });

  it('answers an account look-up by an empty id, while a real id still finds the account', async () => {
    const empty = await graphql(`{ userResult(id: "") { __typename ... on GraphqlEmptyId { message } } }`);
    expect(empty.errors).toBeUndefined();
    expect(empty.data.userResult).toEqual({ __typename: 'GraphqlEmptyId', message: 'No id was given.' });
    const named = await graphql(`{ userResult(username: "writer") { __typename } }`);
    expect(named.data.userResult.__typename).toBe('User');
  });
});

describe('locked-post reasons', () => {
  const ask = (who: 'reader' | 'member' | null) =>
    graphql(`query($id: ID!) { post(id: $id) { content { isLockedPreviewOnly lockedPostReason } } }`, { id: POSTS.locked }, who ? world.sessions[who] : undefined);

  it('a reader without a membership gets the preview for LACK_OF_MEMBERSHIP, signed in or not', async () => {
    for (const who of ['reader', null] as const) {
      const { data, errors } = await ask(who);
      expect(errors).toBeUndefined();
      expect(data.post.content).toEqual({ isLockedPreviewOnly: true, lockedPostReason: 'LACK_OF_MEMBERSHIP' });
    }
  });

  it('a member reads it whole, with no reason', async () => {
    const { data } = await ask('member');
    expect(data.post.content).toEqual({ isLockedPreviewOnly: false, lockedPostReason: null });
  });

  it('a public story has no reason', async () => {
    const { data } = await graphql(`{ post(id: "${POSTS.open}") { content { lockedPostReason } } }`);
    expect(data.post.content.lockedPostReason).toBeNull();
  });
});

describe('AlreadyExists', () => {
  it('answers a publication, a series or a username whose address someone else holds; a malformed one stays BadRequest', async () => {
    const member = await signedIn(USERS.member);
    const publication = await member.gql(`mutation { createPublication(name: "Again", slug: "the-quill") { __typename ... on AlreadyExists { message } } }`);
    expect(publication.data!.createPublication).toEqual({ __typename: 'AlreadyExists', message: 'The address /the-quill is taken: choose another.' });
    const SERIES = `mutation { createSeries(input: { title: "Morning pages", slug: "morning-pages" }) { __typename ... on AlreadyExists { message } } }`;
    expect((await member.gql(SERIES)).data!.createSeries).toEqual({ __typename: 'Series' });
    expect((await member.gql(SERIES)).data!.createSeries).toEqual({ __typename: 'AlreadyExists', message: 'The address /s/morning-pages is taken. Choose another.' });
    const username = await member.gql(`mutation { changeUsername(username: "writer") { __typename ... on AlreadyExists { message } } }`);
    expect(username.data!.changeUsername).toEqual({ __typename: 'AlreadyExists', message: 'That username is already taken.' });
    const malformed = await member.gql(`mutation { createPublication(name: "Again", slug: "A B") { __typename } }`);
    expect(malformed.data!.createPublication.__typename).toBe('BadRequest');
  });
});

describe('RateLimited', () => {
  const FOLLOW = `mutation($id: ID!) { followUser(targetUserId: $id) { __typename ... on RateLimited { message retryAt } ... on ViewerEdgeUpdate { isFollowing } } }`;

  it('answers a follow past the hourly limit of follow and mute changes, and writes nothing', async () => {
    const friend = await signedIn(USERS.friend);
    expect((await friend.gql(FOLLOW, { id: USERS.writer })).data!.followUser).toEqual({ __typename: 'ViewerEdgeUpdate', isFollowing: true });
    // The rest of the hour's changes used up (as a script following a thousand writers would).
    const now = Date.now();
    for (let i = 1; i < EDGE_CHANGES_LIMIT.max; i++) await hit(testDb, EDGE_CHANGES_LIMIT, USERS.friend, now);
    const answer = (await friend.gql(`mutation($id: ID!) { unfollowUser(targetUserId: $id) { __typename ... on RateLimited { message retryAt } } }`, { id: USERS.writer })).data!.unfollowUser;
    expect(answer.__typename).toBe('RateLimited');
    expect(answer.message).toMatch(/^You follow and unfollow too often\. Please try again in \d+ minute\(s\)\.$/);
    expect(answer.retryAt).toBeGreaterThan(now);
    expect(answer.retryAt).toBeLessThanOrEqual(now + EDGE_CHANGES_LIMIT.windowMs);
    const still = await testDb.prepare('SELECT COUNT(*) AS n FROM follows WHERE follower_id = ? AND target_id = ?').bind(USERS.friend, USERS.writer).first<{ n: number }>();
    expect(still!.n).toBe(1);
  });
});

describe('PaymentError and ServiceUnavailable', () => {
  const SWITCH = `mutation { updateMembershipPlan(membershipId: "bb0000000001", membershipType: YEARLY) { __typename ... on PaymentError { message } ... on ServiceUnavailable { message } } }`;

  async function switchPlan(headers: Record<string, string> = {}) {
    const session = await createSession(testDb, USERS.member);
    const response = await workerFetch(GRAPHQL_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf, ...headers },
      body: JSON.stringify({ query: SWITCH }),
    });
    return ((await response.json()) as { data: { updateMembershipPlan: unknown } }).data.updateMembershipPlan;
  }

  it('a plan switch the processor refuses is PaymentError; one it cannot answer is ServiceUnavailable; neither schedules anything', async () => {
    // A subscription the processor does not know: it refuses the change.
    await testDb.prepare("INSERT OR IGNORE INTO subscriptions (membership_id, subscription_ref) VALUES ('bb0000000001', 'sub_unknown_to_the_processor')").run();
    expect(await switchPlan()).toEqual({ __typename: 'PaymentError', message: PROCESSOR_REFUSED });
    expect(await switchPlan({ [FAULT_HEADER]: 'payments' })).toEqual({ __typename: 'ServiceUnavailable', message: PROCESSOR_UNAVAILABLE });
    const scheduled = await testDb.prepare("SELECT switch_plan FROM subscriptions WHERE membership_id = 'bb0000000001'").first<{ switch_plan: string | null }>();
    expect(scheduled!.switch_plan).toBeNull();
  });
});
