// Outcome kinds of docs/product/2-sign-in-notices-cache-routing.md §8 that issue 27 point 5 added,
// and the locked-post reasons of docs/product/3-routes-data-calls-constants.md §8: one test per
// kind an operation can produce (what the product does with each: docs/outcomes.md).

import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { graphql, GRAPHQL_URL, testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn } from './helpers/signed-in.ts';
import { hit, LIMITS } from '../../worker/auth/rate-limit.ts';
import { latestMail, SEND, TestBrowser, VERIFY } from './helpers/auth-browser.ts';
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

  it('the locked source says who made the story member-only: its writer (UGC), or nobody (NONE)', async () => {
    const { data } = await graphql(`{ locked: post(id: "${POSTS.locked}") { lockedSource } open: post(id: "${POSTS.open}") { lockedSource } }`);
    expect(data.locked.lockedSource).toBe('LOCKED_POST_SOURCE_UGC');
    expect(data.open.lockedSource).toBe('LOCKED_POST_SOURCE_NONE');
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

describe('EmptyQueue', () => {
  const NEXT = `{ collection(slug: "the-quill") { nextSubmission { __typename ... on EmptyQueue { message } ... on Post { id } } } }`;

  it("answers an editor's submission queue with nothing waiting; the story waiting longest otherwise; nothing for a non-editor", async () => {
    const owner = await signedIn(USERS.writer);
    expect((await owner.gql(NEXT)).data!.collection.nextSubmission).toEqual({ __typename: 'EmptyQueue', message: 'No stories are waiting for a decision.' });
    await testDb.prepare("UPDATE posts SET submitted_collection_id = 'cc0000000001' WHERE id = ?").bind(POSTS.open).run();
    expect((await owner.gql(NEXT)).data!.collection.nextSubmission).toEqual({ __typename: 'Post', id: POSTS.open });
    expect((await (await signedIn(USERS.reader)).gql(NEXT)).data!.collection.nextSubmission).toBeNull();
    await owner.gql(`mutation { declineSubmission(postId: "${POSTS.open}") { __typename } }`);
    expect((await owner.gql(NEXT)).data!.collection.nextSubmission.__typename).toBe('EmptyQueue');
  });
});

describe('PublishingRestrictedBannedLinks', () => {
  const SAVE = `mutation($contentJson: String!) { saveDraft(baseRev: 0, title: "Links", subtitle: "", contentJson: $contentJson) { ... on DraftSaved { post { id } } } }`;
  const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) {
    __typename ... on PublishingRestrictedBannedLinks { message links } ... on Post { isPublished } } }`;
  const withLinks = (...hrefs: string[]) =>
    JSON.stringify({ paragraphs: hrefs.map((href, i) => ({ name: `0c0${i}`, type: 'P', text: `Read this ${i}`, markups: [{ type: 'A', start: 0, end: 4, href }] })) });

  it('refuses to publish a story linking to a banned site or one of its subdomains, naming the links; publishes once they are gone', async () => {
    await testDb.prepare("INSERT INTO banned_link_domains (domain, reason, created_at) VALUES ('scam-pills.test', 'spam', 0)").run();
    const writer = await signedIn(USERS.writer);
    const banned = ['https://shop.scam-pills.test/buy', 'http://SCAM-PILLS.test'];
    const id = (await writer.gql(SAVE, { contentJson: withLinks('https://example.org/fine', ...banned) })).data!.saveDraft.post.id;
    const refused = (await writer.gql(PUBLISH, { postId: id })).data!.publishPost;
    expect(refused).toEqual({
      __typename: 'PublishingRestrictedBannedLinks',
      links: banned,
      message: `This story links to sites we do not allow links to: ${banned.join(', ')}. Remove the links to publish.`,
    });
    expect(await testDb.prepare('SELECT status FROM posts WHERE id = ?').bind(id).first()).toEqual({ status: 'DRAFT' });
    // A look-alike domain is not the banned one.
    const fine = (await writer.gql(SAVE, { contentJson: withLinks('https://notscam-pills.test/', 'https://scam-pills.test.example.org/') })).data!.saveDraft.post.id;
    expect((await writer.gql(PUBLISH, { postId: fine })).data!.publishPost).toEqual({ __typename: 'Post', isPublished: true });
  });
});

describe('UserCreationRateLimited', () => {
  it('answers the registration form when the network made its accounts for the day; the account is not made', async () => {
    const address = '198.51.100.7';
    const browser = new TestBrowser(address);
    await browser.graphql({ query: SEND, variables: { email: 'burst@vellum.test', operation: 'register', fullName: 'Burst', redirect: '/' } });
    const { code } = (await latestMail(testDb, 'burst@vellum.test'))!;
    expect((await browser.graphql({ query: VERIFY, variables: { loginCode: code } })).body.data.verifyLoginCode.__typename).toBe('Token');
    const now = Date.now();
    for (let i = 0; i < LIMITS.accountsPerAddress.max; i++) await hit(testDb, LIMITS.accountsPerAddress, address, now);
    const CREATE = `mutation { createAccount(name: "Burst", username: "burst_account") { __typename ... on UserCreationRateLimited { message lockoutInfo { lockedOutUntil } } } }`;
    const answer = (await browser.graphql({ query: CREATE })).body.data.createAccount;
    expect(answer.__typename).toBe('UserCreationRateLimited');
    expect(answer.message).toMatch(/^Too many accounts were created from this network\. Please try again in \d+ minute\(s\)\.$/);
    expect(answer.lockoutInfo.lockedOutUntil).toBeGreaterThan(now);
    expect(await testDb.prepare("SELECT COUNT(*) AS n FROM users WHERE username = 'burst_account'").first()).toEqual({ n: 0 });
    // Another network signs up as usual.
    const other = new TestBrowser();
    await other.graphql({ query: SEND, variables: { email: 'calm@vellum.test', operation: 'register', fullName: 'Calm', redirect: '/' } });
    const second = (await latestMail(testDb, 'calm@vellum.test'))!;
    await other.graphql({ query: VERIFY, variables: { loginCode: second.code } });
    expect((await other.graphql({ query: `mutation { createAccount(name: "Calm", username: "calm_account") { __typename } }` })).body.data.createAccount.__typename).toBe('User');
  });
});
