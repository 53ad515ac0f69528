// Blocking (docs/product/2-sign-in-notices-cache-routing.md §3 post-retrieval states Blocked and
// Blocking; worker/graphql/modules/ blocks.ts): BlockUser / UnblockUser are idempotent, refuse
// visitors, forged calls and oneself; a block removes follows both ways and recounts them; the
// blocked reader gets the Blocked page (403) and cannot clap, respond or follow, while everyone
// else still reads the story; the blocker gets the Blocking page (403) with Unblock; and neither
// sees the other's stories on their home feeds.
import { env } from 'cloudflare:workers';
import { validate, type DocumentNode } from 'graphql';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '../../worker/graphql/schema.ts';
import * as blockDocuments from '../../client/components/blocks/BlockButton.graphql.ts';
import { OUTCOME_TEXT } from '../../client/components/story/PostOutcome.tsx';
import { AUTHORS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { clearEdgeCache } from './helpers/edge-cache.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';

const RESULT = `__typename ... on User { id viewerEdge { isBlocking isFollowing } } ... on BadRequest { message } ... on NotFound { message }`;
const BLOCK = `mutation BlockUser($id: ID!) { blockUser(targetUserId: $id) { ${RESULT} } }`;
const UNBLOCK = `mutation UnblockUser($id: ID!) { unblockUser(targetUserId: $id) { ${RESULT} } }`;
const FOLLOW = `mutation FollowUser($id: ID!) { followUser(targetUserId: $id) { __typename ... on ViewerEdgeUpdate { isFollowing followerCount } } }`;
const CLAP = `mutation ClapMutation($id: ID!) { clap(targetPostId: $id, numClaps: 1) { id clapCount } }`;
const RESPOND = `mutation Respond($id: ID!) { publishPostThreadedResponse(inResponseToPostId: $id, text: "Hello there") { id } }`;
const POST_RESULT = `query($id: ID!) { postResult(id: $id) { __typename ... on Blocked { message } ... on Blocking { message user { id name } } ... on Post { id } } post(id: $id) { id } }`;
const HOME = `query($mode: HomeFeedMode) { homeFeed(mode: $mode, paging: { limit: 50 }) { items { post { id creator { id } } } } }`;

/** The newest bulk story (public, by author 1). */
const BULK_STORY = 'f00000000001';

let writer: TestSession;
let friend: TestSession;
let reader: TestSession;
let member: TestSession;
let staff: TestSession;

beforeAll(async () => {
  await seedWorld(env.DB);
  [writer, friend, reader, member, staff] = await Promise.all([sessionOf('writer'), sessionOf('friend'), sessionOf('reader'), sessionOf('member'), sessionOf('staff')]);
});
beforeEach(async () => {
  await clearEdgeCache();
});

async function one<T = number>(sql: string, ...values: unknown[]): Promise<T> {
  const row = await env.DB.prepare(sql).bind(...values).first<Record<string, T>>();
  return Object.values(row ?? {})[0] as T;
}
const blockRows = (blocker: string, blocked: string) => one('SELECT count(*) FROM blocks WHERE blocker_id = ? AND blocked_id = ?', blocker, blocked);
const userFollow = (follower: string, followed: string) =>
  one("SELECT count(*) FROM follows WHERE follower_id = ? AND target_type = 'USER' AND target_id = ?", follower, followed);
const counts = (id: string) =>
  env.DB.prepare('SELECT follower_count AS followers, following_count AS following FROM users WHERE id = ?').bind(id).first<{ followers: number; following: number }>();
const rowCounts = async (id: string) => ({
  followers: await one("SELECT count(*) FROM follows WHERE target_type = 'USER' AND target_id = ?", id),
  following: await one("SELECT count(*) FROM follows WHERE target_type = 'USER' AND follower_id = ?", id),
});

describe('client documents', () => {
  const operations = Object.entries(blockDocuments).filter(([, doc]) => (doc as DocumentNode).definitions?.some((d) => d.kind === 'OperationDefinition'));
  it.each(operations)('%s validates against the schema', (_name, doc) => {
    expect(validate(schema, doc as DocumentNode).map((e) => e.message)).toEqual([]);
  });
});

describe('BlockUser / UnblockUser refusals', () => {
  it('refuses a visitor with a clear error, and a call without the anti-forgery value', async () => {
    const visitor = await call(BLOCK, { id: USERS.writer });
    expect(visitor.errors?.[0]?.message).toBe('Sign in to block or unblock people.');
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    for (const xsrf of [null, 'not-the-session-value']) {
      const forged = await call(BLOCK, { id: USERS.writer }, { session: staff, xsrf });
      expect(forged.data).toBeUndefined();
      expect(forged.errors?.[0]?.message).toBe('Missing or invalid anti-forgery token.');
    }
    expect(await blockRows(USERS.staff, USERS.writer)).toBe(0);
  });

  it("refuses to block yourself: 'You cannot block yourself'", async () => {
    const answer = await call(BLOCK, { id: USERS.staff }, { session: staff });
    expect(answer.data.blockUser).toEqual({ __typename: 'BadRequest', message: 'You cannot block yourself' });
    expect(await blockRows(USERS.staff, USERS.staff)).toBe(0);
  });

  it('answers NotFound for unknown and deleted accounts, and validates its input', async () => {
    for (const id of ['ffffffffffff', USERS.deletedWriter]) {
      expect((await call(BLOCK, { id }, { session: staff })).data.blockUser.__typename, id).toBe('NotFound');
    }
    expect((await call(UNBLOCK, { id: 'ffffffffffff' }, { session: staff })).data.unblockUser.__typename).toBe('NotFound');
    expect((await call(BLOCK, { id: '  ' }, { session: staff })).errors?.[0]?.message).toBe('targetUserId is required.');
  });

  it('is idempotent both ways, and isBlocking reads false logged out', async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await call(BLOCK, { id: AUTHORS[5] }, { session: staff });
      expect(answer.data.blockUser).toMatchObject({ __typename: 'User', id: AUTHORS[5], viewerEdge: { isBlocking: true } });
      expect(await blockRows(USERS.staff, AUTHORS[5])).toBe(1);
    }
    const read = `{ user(id: "${AUTHORS[5]}") { viewerEdge { isBlocking } } }`;
    expect((await call(read, {}, { session: staff })).data.user.viewerEdge.isBlocking).toBe(true);
    expect((await call(read)).data.user.viewerEdge.isBlocking).toBe(false);
    for (let i = 0; i < 2; i++) {
      const answer = await call(UNBLOCK, { id: AUTHORS[5] }, { session: staff });
      expect(answer.data.unblockUser).toMatchObject({ __typename: 'User', viewerEdge: { isBlocking: false } });
      expect(await blockRows(USERS.staff, AUTHORS[5])).toBe(0);
    }
  });
});

describe('the writer blocks the friend', () => {
  beforeAll(async () => {
    // They follow each other first.
    expect((await call(FOLLOW, { id: USERS.writer }, { session: friend })).data.followUser.isFollowing).toBe(true);
    expect((await call(FOLLOW, { id: USERS.friend }, { session: writer })).data.followUser.isFollowing).toBe(true);
  });

  it('sees the writer’s stories on the friend’s home feed before the block', async () => {
    const items = (await call(HOME, { mode: 'LATEST' }, { session: friend })).data.homeFeed.items as { post: { creator: { id: string } } }[];
    expect(items.some((i) => i.post.creator.id === USERS.writer)).toBe(true);
  });

  it('removes the follows both ways and recounts the four counts; purges both profiles', async () => {
    const since = Date.now() - 1;
    const before = { writer: await counts(USERS.writer), friend: await counts(USERS.friend) };
    const answer = await call(BLOCK, { id: USERS.friend }, { session: writer });
    expect(answer.data.blockUser).toEqual({ __typename: 'User', id: USERS.friend, viewerEdge: { isBlocking: true, isFollowing: false } });
    expect(await userFollow(USERS.friend, USERS.writer)).toBe(0);
    expect(await userFollow(USERS.writer, USERS.friend)).toBe(0);
    for (const id of [USERS.writer, USERS.friend]) expect(await counts(id)).toEqual(await rowCounts(id));
    expect((await counts(USERS.writer))!.followers).toBe(before.writer!.followers - 1);
    expect((await counts(USERS.writer))!.following).toBe(before.writer!.following - 1);
    expect((await counts(USERS.friend))!.followers).toBe(before.friend!.followers - 1);
    expect((await counts(USERS.friend))!.following).toBe(before.friend!.following - 1);

    const { results } = await env.DB.prepare('SELECT tag FROM cache_tag_invalidations WHERE invalidated_at >= ?').bind(since).all<{ tag: string }>();
    expect(results.map((r: { tag: string }) => r.tag)).toEqual(expect.arrayContaining([`user:${USERS.writer}`, `user:${USERS.friend}`]));

    // Twice: still one row, counts unchanged.
    await call(BLOCK, { id: USERS.friend }, { session: writer });
    expect(await blockRows(USERS.writer, USERS.friend)).toBe(1);
    for (const id of [USERS.writer, USERS.friend]) expect(await counts(id)).toEqual(await rowCounts(id));
  });

  it('shows the friend the Blocked page (403, its own text), while others still read the story', async () => {
    const blocked = await page(`/p/${POSTS.open}`, friend);
    expect(blocked.status).toBe(403);
    expect(blocked.text).toContain('data-outcome="Blocked"');
    expect(blocked.text).toContain('<h1 class="error-page-heading">You can’t read this story: its author has blocked you.</h1>');
    expect(blocked.text).toContain(OUTCOME_TEXT.Blocked.kicker);
    expect(blocked.text).not.toContain('class="story"');

    const gql = await call(POST_RESULT, { id: POSTS.open }, { session: friend });
    expect(gql.data).toEqual({ postResult: { __typename: 'Blocked', message: 'You can’t read this story: its author has blocked you.' }, post: null });

    for (const who of [reader, member, undefined]) {
      const answer = await page(`/p/${POSTS.open}`, who);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('class="story"');
    }
    // The writer reads their own story.
    expect((await page(`/p/${POSTS.open}`, writer)).status).toBe(200);
  });

  it('refuses the friend clapping, responding (also under another reader’s response) and following', async () => {
    const claps = await one('SELECT clap_count FROM posts WHERE id = ?', POSTS.open);
    const clap = await call(CLAP, { id: POSTS.open }, { session: friend });
    expect(clap.errors?.[0]?.message).toBe('You can’t read this story: its author has blocked you.');
    expect(await one('SELECT clap_count FROM posts WHERE id = ?', POSTS.open)).toBe(claps);

    const responses = await one('SELECT count(*) FROM posts WHERE creator_id = ?', USERS.friend);
    expect((await call(RESPOND, { id: POSTS.open }, { session: friend })).errors?.[0]?.message).toBe('You can’t read this story: its author has blocked you.');
    // The reader's response under the writer's locked story: the thread above belongs to the writer.
    const underResponse = await call(RESPOND, { id: POSTS.response }, { session: friend });
    expect(underResponse.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(underResponse.errors?.[0]?.message).toBe('You can’t do that: this account has blocked you.');
    expect(await one('SELECT count(*) FROM posts WHERE creator_id = ?', USERS.friend)).toBe(responses);

    const follow = await call(FOLLOW, { id: USERS.writer }, { session: friend });
    expect(follow.errors?.[0]?.message).toBe('You can’t do that: this account has blocked you.');
    expect(await userFollow(USERS.friend, USERS.writer)).toBe(0);
    // Nor the writer the one they blocked, until they unblock.
    const back = await call(FOLLOW, { id: USERS.friend }, { session: writer });
    expect(back.errors?.[0]?.message).toBe('You blocked this account. Unblock it first.');
  });

  it('takes the writer’s stories off the friend’s home feeds', async () => {
    for (const mode of ['LATEST', 'FOR_YOU', 'FOLLOWING']) {
      const items = (await call(HOME, { mode }, { session: friend })).data.homeFeed.items as { post: { creator: { id: string } } }[];
      expect(items.some((i) => i.post.creator.id === USERS.writer), mode).toBe(false);
    }
  });
});

describe('the member blocks author 1', () => {
  const authorStories = async (mode: string) =>
    ((await call(HOME, { mode }, { session: member })).data.homeFeed.items as { post: { creator: { id: string } } }[]).filter(
      (i) => i.post.creator.id === AUTHORS[0],
    ).length;

  it('takes the blocked writer’s stories off the blocker’s home feeds', async () => {
    await call(FOLLOW, { id: AUTHORS[0] }, { session: member });
    for (const mode of ['LATEST', 'FOR_YOU', 'FOLLOWING']) expect(await authorStories(mode), mode).toBeGreaterThan(0);
    await call(BLOCK, { id: AUTHORS[0] }, { session: member });
    for (const mode of ['LATEST', 'FOR_YOU', 'FOLLOWING']) expect(await authorStories(mode), mode).toBe(0);
    const trending = (await call(`{ trendingPosts(limit: 12) { creator { id } } }`, {}, { session: member })).data.trendingPosts as { creator: { id: string } }[];
    expect(trending.some((p) => p.creator.id === AUTHORS[0])).toBe(false);
  });

  it('leaves blocked people out of who to follow, both ways', async () => {
    const suggested = async (session: typeof member) =>
      ((await call(`{ followSuggestions(limit: 10) { users { id } } }`, {}, { session })).data.followSuggestions.users as { id: string }[]).map((u) => u.id);
    const before = await suggested(staff);
    expect(before.length).toBeGreaterThan(1);
    const [target] = before;
    await call(BLOCK, { id: target }, { session: staff });
    expect(await suggested(staff)).not.toContain(target);
    await call(UNBLOCK, { id: target }, { session: staff });
    expect(await suggested(staff)).toContain(target);
  });

  it('shows the member the Blocking page (403) with Unblock; unblocking opens the story again', async () => {
    const blocking = await page(`/p/${BULK_STORY}`, member);
    expect(blocking.status).toBe(403);
    expect(blocking.text).toContain('data-outcome="Blocking"');
    expect(blocking.text).toContain('<h1 class="error-page-heading">You blocked the author of this story.</h1>');
    expect(blocking.text).toContain(OUTCOME_TEXT.Blocking.advice);
    expect(blocking.text).toMatch(/<button[^>]*data-block-target="ab0000000001"[^>]*>Unblock<\/button>/);

    const gql = await call(POST_RESULT, { id: BULK_STORY }, { session: member });
    expect(gql.data.postResult).toMatchObject({ __typename: 'Blocking', user: { id: AUTHORS[0] } });
    // Others, logged out included, read it.
    expect((await page(`/p/${BULK_STORY}`)).status).toBe(200);
    expect((await page(`/p/${BULK_STORY}`, reader)).status).toBe(200);

    await call(UNBLOCK, { id: AUTHORS[0] }, { session: member });
    expect((await page(`/p/${BULK_STORY}`, member)).status).toBe(200);
    // The follow the block removed stays removed.
    expect(await userFollow(USERS.member, AUTHORS[0])).toBe(0);
    expect(await authorStories('LATEST')).toBeGreaterThan(0);
  });
});

describe('the profile sidebar', () => {
  it('offers Block to a signed-in reader on someone else’s profile, never to visitors or the writer themselves', async () => {
    const username = (await call(`{ user(id: "${AUTHORS[2]}") { username } }`)).data.user.username as string;
    const signedIn = await page(`/@${username}`, reader);
    expect(signedIn.status).toBe(200);
    expect(signedIn.text).toMatch(/<button[^>]*data-block-target="ab0000000003"[^>]*>Block<\/button>/);
    expect((await page(`/@${username}`)).text).not.toContain('data-block-target');
    const own = await call(`{ user(id: "${USERS.reader}") { username } }`);
    expect((await page(`/@${own.data.user.username}`, reader)).text).not.toContain('data-block-target');
  });
});
