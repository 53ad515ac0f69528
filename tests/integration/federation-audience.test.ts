// Fediverse followers in the writer's audience (issue 30 point 2;
// docs/adr/0207-fediverse-followers-in-the-audience.md): two stand-in remote accounts (their actors
// built and their requests signed with Fedify's vocabulary and signRequest, answering for public
// names through the federation's network seam) follow the writer; the writer's stats count them
// and list them paged, newest first, as @name@instance; removing one deletes it and sends its
// server a Reject of its Follow through the fan-out queue; blocking an instance removes its
// followers and refuses its next Follow (nothing stored, no Accept); the next story is delivered
// only to the follower left.
//
// One journey in one test: every Fedify object is made before the first request (workerd's I/O rule).
import { expect, it } from 'vitest';
import { Follow } from '@fedify/fedify/vocab';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';
import { signedIn } from './helpers/signed-in.ts';
import { fediverseStandIn, remotePeople } from './helpers/fediverse.ts';

const SOCIAL = 'https://social.example.org';
const OTHER = 'https://other.example.net';
const THIRD = 'https://third.example.com';
const BOB = `${SOCIAL}/users/bob`;
const CAROL = `${OTHER}/users/carol`;
const DANA = `${THIRD}/users/dana`;
const WRITER_ACTOR = `http://localhost:8787/ap/actors/${USERS.writer}`;

const AUDIENCE = `query($after: String, $first: Int) { writerStats { fediverseFollowerCount fediverseFollowers(after: $after, first: $first) { followers { id handle instance followedAt } nextCursor } fediverseInstanceBlocks { instance } } }`;
const REMOVE = `mutation($id: ID!) { removeFediverseFollower(followerId: $id) { id handle } }`;
const BLOCK = `mutation($instance: String!) { blockFediverseInstance(instance: $instance) { instance removedFollowers } }`;
const UNBLOCK = `mutation($instance: String!) { unblockFediverseInstance(instance: $instance) { instance } }`;
const SAVE = `mutation($contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: "After the removal", subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) { __typename } }`;

async function storedFollowers(): Promise<string[]> {
  const { results } = await testDb.prepare('SELECT follower_uri FROM federation_followers WHERE actor_id = ? ORDER BY follower_uri').bind(USERS.writer).all<{ follower_uri: string }>();
  return results.map((r) => r.follower_uri);
}

it('the writer sees fediverse followers counted and listed, removes one (Reject sent), blocks an instance (its Follow refused), and only the follower left receives the next story', { timeout: 180_000 }, async () => {
  await seedWorld(testDb);
  // Dana is on a server without a shared inbox; she followed before (stored by hand below).
  const [bob, carol] = await remotePeople([BOB, CAROL]);
  const [dana] = await remotePeople([DANA], {}, { sharedInbox: false });
  const followOf = (id: string, by: string) => new Follow({ id: new URL(id), actor: new URL(by), object: new URL(WRITER_ACTOR) }).toJsonLd();
  const follows = { bob: await followOf(`${BOB}/follows/1`, BOB), carol: await followOf(`${CAROL}/follows/1`, CAROL), carolAgain: await followOf(`${CAROL}/follows/2`, CAROL) };
  const fediverse = fediverseStandIn([bob!, carol!, dana!]);
  const taken = () => fediverse.taken();
  try {
    const writer = await signedIn(USERS.writer);
    // Dana followed first (stored as an earlier Follow would have stored her).
    await testDb
      .prepare('INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(USERS.writer, DANA, `${DANA}/inbox`, null, `${DANA}/follows/1`, 'dana', 1_000)
      .run();
    expect(await fediverse.post('/ap/inbox', follows.bob, bob!)).toBe(202);
    expect(await fediverse.post('/ap/inbox', follows.carol, carol!)).toBe(202);
    await drainQueue();
    expect(taken().map((d) => [d.url, d.body.type]).sort()).toEqual([[`${CAROL}/inbox`, 'Accept'], [`${BOB}/inbox`, 'Accept']]);

    // Counted, and listed newest first, two a page.
    const first = await writer.gql(AUDIENCE, { first: 2 });
    const stats = first.data.writerStats;
    expect(stats.fediverseFollowerCount).toBe(3);
    expect(stats.fediverseFollowers.followers.map((f: any) => [f.handle, f.instance])).toEqual([
      ['@carol@other.example.net', 'other.example.net'],
      ['@bob@social.example.org', 'social.example.org'],
    ]);
    expect(stats.fediverseFollowers.nextCursor).toEqual(expect.any(String));
    const second = await writer.gql(AUDIENCE, { first: 2, after: stats.fediverseFollowers.nextCursor });
    expect(second.data.writerStats.fediverseFollowers).toEqual({ followers: [{ id: DANA, handle: '@dana@third.example.com', instance: 'third.example.com', followedAt: 1_000 }], nextCursor: null });
    // No one else's audience: a reader asking for the writer's stats gets nothing.
    expect((await (await signedIn(USERS.reader)).gql(`query { writerStats(username: "writer") { fediverseFollowerCount } }`)).data.writerStats).toBeNull();

    // Removing Bob deletes him and sends his server a Reject of his Follow.
    const removed = await writer.gql(REMOVE, { id: BOB });
    expect(removed.data?.removeFediverseFollower, JSON.stringify(removed)).toEqual({ id: BOB, handle: '@bob@social.example.org' });
    expect(await storedFollowers()).toEqual([CAROL, DANA]);
    await drainQueue();
    const reject = taken();
    expect(reject.map((d) => d.url)).toEqual([`${BOB}/inbox`]);
    const rejectBody = reject[0]!.body;
    expect(rejectBody.type).toBe('Reject');
    expect(rejectBody.actor).toBe(WRITER_ACTOR);
    expect(rejectBody.object.id ?? rejectBody.object).toBe(`${BOB}/follows/1`);
    expect((await writer.gql(REMOVE, { id: BOB })).errors?.[0]?.message).toMatch(/does not follow you/);

    // Blocking Carol's instance removes her; her next Follow is refused and stores nothing.
    expect((await writer.gql(BLOCK, { instance: '@carol@other.example.net' })).data.blockFediverseInstance).toEqual({ instance: 'other.example.net', removedFollowers: 1 });
    expect(await storedFollowers()).toEqual([DANA]);
    expect((await writer.gql(BLOCK, { instance: 'not an instance' })).errors?.[0]?.message).toMatch(/Name an instance/);
    expect(await fediverse.post('/ap/inbox', follows.carolAgain, carol!)).toBe(202);
    expect(await fediverse.post(`/ap/actors/${USERS.writer}/inbox`, follows.carolAgain, carol!)).toBe(403);
    expect(await storedFollowers()).toEqual([DANA]);
    const audience = (await writer.gql(AUDIENCE)).data.writerStats;
    expect(audience.fediverseFollowerCount).toBe(1);
    expect(audience.fediverseInstanceBlocks).toEqual([{ instance: 'other.example.net' }]);

    // The next story reaches Dana only: Bob and Carol are sent nothing more.
    const saved = await writer.gql(SAVE, { contentJson: JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: 'For whoever still follows.', markups: [] }] }) });
    expect((await writer.gql(PUBLISH, { postId: saved.data.saveDraft.post.id })).data.publishPost.__typename).toBe('Post');
    await drainQueue();
    const story = taken();
    expect(story.map((d) => [d.url, d.body.type])).toEqual([[`${DANA}/inbox`, 'Create']]);

    // Unblocked: the instance's accounts may follow again.
    await writer.gql(UNBLOCK, { instance: 'other.example.net' });
    expect((await writer.gql(AUDIENCE)).data.writerStats.fediverseInstanceBlocks).toEqual([]);
  } finally {
    fediverse.restore();
  }
});
