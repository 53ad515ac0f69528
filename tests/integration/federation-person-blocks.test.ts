// A writer blocks one fediverse person, and is told of fediverse replies (issue 30 point 4;
// docs/adr/0214-blocking-a-fediverse-person.md, docs/adr/0215-notifications-from-fediverse-people.md),
// through signed activities from stand-in remote people (helpers/fediverse.ts). Bob and Carol, on
// the same server, follow the writer and reply to a story: the writer is notified once per reply
// with the person's name and handle (a replayed Create or an Update tells nothing new). The writer
// blocks Bob: he is no longer a follower and his server is sent a Reject of his Follow; his reply
// leaves the readers' thread (the writer still sees it, marked) and his earlier Like the story's
// count; his next Follow, reply and Like store nothing, while Carol's reply, from the same instance, still arrives. Unblocking shows his
// reply and his Like again. A block of a whole instance (or a domain above it) takes its people's
// earlier replies and likes off the story in the same way, for the writer too, until it is lifted.
//
// One journey in one test: every Fedify object is made before the first request (workerd's I/O rule).
import { beforeAll, expect, it } from 'vitest';
import { Create, Follow, Like, Note, Update } from '@fedify/fedify/vocab';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { fediverseStandIn, localActor, ORIGIN, remotePeople } from './helpers/fediverse.ts';

const SOCIAL = 'https://social.example.org';
const BOB = `${SOCIAL}/users/bob`;
const CAROL = `${SOCIAL}/users/carol`;

const SAVE = `mutation($contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: "Letters to the open web", subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) { __typename } }`;
const REPLIES = `query($id: ID!) { post(id: $id) { ... on Post { fediverseResponses { id isAuthorBlocked author { id handle } } } } }`;
const NOTIFICATIONS = `query { viewer { notificationsConnection { notifications { notificationType actor { id } remoteActor { id name handle } fediverseResponseId post { id } } } } }`;
const AUDIENCE = `query { writerStats { fediverseFollowers { followers { id } } fediversePersonBlocks { id handle } } }`;
const STATS = `query($postId: ID!) { writerStats(postId: $postId) { post { fediverseLikes } } }`;
const BLOCK = `mutation($id: ID!) { blockFediversePerson(personId: $id) { id handle } }`;
const BLOCK_INSTANCE = `mutation($instance: String!) { blockFediverseInstance(instance: $instance) { instance } }`;
const UNBLOCK_INSTANCE = `mutation($instance: String!) { unblockFediverseInstance(instance: $instance) { instance } }`;
const UNBLOCK = `mutation($id: ID!) { unblockFediversePerson(personId: $id) { id handle } }`;

const storedFollowers = async () =>
  (await testDb.prepare('SELECT follower_uri AS uri FROM federation_followers WHERE actor_id = ? ORDER BY follower_uri').bind(USERS.writer).all<{ uri: string }>()).results.map((r) => r.uri);
const count = async (sql: string) => (await testDb.prepare(sql).first<{ n: number }>())!.n;

async function thread(storyId: string, caller: Caller): Promise<{ id: string; isAuthorBlocked: boolean; author: { id: string; handle: string } }[]> {
  const answer = await caller.gql(REPLIES, { id: storyId });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.post.fediverseResponses;
}

/** A story the writer publishes for the test: its id. */
async function publishedStory(writer: Caller): Promise<string> {
  const contentJson = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: 'An opening paragraph.', markups: [] }] });
  const storyId = (await writer.gql(SAVE, { contentJson })).data!.saveDraft.post.id as string;
  expect((await writer.gql(PUBLISH, { postId: storyId })).data?.publishPost.__typename).toBe('Post');
  return storyId;
}

beforeAll(() => seedWorld(testDb));

it('a writer is told of fediverse replies once each, blocks one person (follow ended with a Reject, replies hidden, next Follow, reply and Like refused) and unblocks them', { timeout: 240_000 }, async () => {
  const [bob, carol] = await remotePeople([BOB, CAROL], { [BOB]: 'Bob Remote', [CAROL]: 'Carol Remote' });
  const writer = await signedIn(USERS.writer);
  const storyId = await publishedStory(writer);

  const article = new URL(`${ORIGIN}/ap/stories/${storyId}`);
  const follow = (who: string, n: number) => new Follow({ id: new URL(`${who}/follows/${n}`), actor: new URL(who), object: new URL(localActor(USERS.writer)) }).toJsonLd();
  const note = (who: string, n: number, content: string) => new Note({ id: new URL(`${who}/statuses/${n}`), attribution: new URL(who), replyTarget: article, content });
  const create = (who: string, n: number, content: string) => new Create({ id: new URL(`${who}/statuses/${n}/activity`), actor: new URL(who), object: note(who, n, content) }).toJsonLd();
  const activities = {
    bobFollow: await follow(BOB, 1),
    carolFollow: await follow(CAROL, 1),
    bobFollowAgain: await follow(BOB, 2),
    bobReply: await create(BOB, 1, '<p>Lovely letters.</p>'),
    bobEdit: await new Update({ id: new URL(`${BOB}/statuses/1#updates/1`), actor: new URL(BOB), object: note(BOB, 1, '<p>Lovely letters, edited.</p>') }).toJsonLd(),
    bobReplyAfter: await create(BOB, 2, '<p>Let me back in.</p>'),
    bobLikeBefore: await new Like({ id: new URL(`${BOB}/likes/0`), actor: new URL(BOB), object: article }).toJsonLd(),
    bobLike: await new Like({ id: new URL(`${BOB}/likes/1`), actor: new URL(BOB), object: article }).toJsonLd(),
    carolReply: await create(CAROL, 1, '<p>Carol agrees.</p>'),
  };
  const fediverse = fediverseStandIn([bob!, carol!]);
  try {
    expect(await fediverse.post('/ap/inbox', activities.bobFollow, bob!)).toBe(202);
    expect(await fediverse.post('/ap/inbox', activities.carolFollow, carol!)).toBe(202);
    await drainQueue();
    fediverse.taken();
    expect(await storedFollowers()).toEqual([BOB, CAROL]);

    // Bob replies; a replay and an edit tell the writer nothing new.
    expect(await fediverse.post('/ap/inbox', activities.bobReply, bob!)).toBe(202);
    expect(await fediverse.post('/ap/inbox', activities.bobReply, bob!)).toBe(202);
    expect(await fediverse.post('/ap/inbox', activities.bobEdit, bob!)).toBe(202);
    expect(await fediverse.post('/ap/inbox', activities.bobLikeBefore, bob!)).toBe(202);
    const likes = async () => (await writer.gql(STATS, { postId: storyId })).data!.writerStats.post.fediverseLikes as number;
    expect(await likes()).toBe(1);
    const [bobsReply] = await thread(storyId, loggedOut);
    expect(bobsReply?.author).toEqual({ id: BOB, handle: '@bob@social.example.org' });
    const told = (await writer.gql(NOTIFICATIONS)).data!.viewer.notificationsConnection.notifications.filter((n: any) => n.remoteActor);
    expect(told).toEqual([
      { notificationType: 'RESPONSE', actor: null, remoteActor: { id: BOB, name: 'Bob Remote', handle: '@bob@social.example.org' }, fediverseResponseId: bobsReply!.id, post: { id: storyId } },
    ]);

    // The writer blocks Bob: no longer a follower, his server told with a Reject, his reply hidden from readers.
    expect((await writer.gql(BLOCK, { id: BOB })).data?.blockFediversePerson).toEqual({ id: BOB, handle: '@bob@social.example.org' });
    expect(await storedFollowers()).toEqual([CAROL]);
    await drainQueue();
    const reject = fediverse.taken();
    expect(reject.map((d) => [d.url, d.body.type])).toEqual([[`${BOB}/inbox`, 'Reject']]);
    expect(reject[0]!.body.object.id ?? reject[0]!.body.object).toBe(`${BOB}/follows/1`);
    expect(await thread(storyId, loggedOut)).toEqual([]);
    expect(await thread(storyId, await signedIn(USERS.reader))).toEqual([]);
    expect((await thread(storyId, writer)).map((r) => [r.author.id, r.isAuthorBlocked])).toEqual([[BOB, true]]);
    expect((await writer.gql(AUDIENCE)).data!.writerStats).toEqual({ fediverseFollowers: { followers: [{ id: CAROL }] }, fediversePersonBlocks: [{ id: BOB, handle: '@bob@social.example.org' }] });
    expect(await likes()).toBe(0);
    // What the writer was told of his replies goes with the block.
    expect(await count(`SELECT COUNT(*) AS n FROM notifications WHERE remote_actor_uri = '${BOB}'`)).toBe(0);

    // His next Follow (shared inbox: taken, nothing stored; the writer's own inbox: refused), reply and Like store nothing.
    expect(await fediverse.post('/ap/inbox', activities.bobFollowAgain, bob!)).toBe(202);
    expect(await fediverse.post(`/ap/actors/${USERS.writer}/inbox`, activities.bobFollowAgain, bob!)).toBe(403);
    expect(await fediverse.post('/ap/inbox', activities.bobReplyAfter, bob!)).toBe(202);
    expect(await fediverse.post('/ap/inbox', activities.bobLike, bob!)).toBe(202);
    await drainQueue();
    expect(fediverse.taken()).toEqual([]);
    expect(await storedFollowers()).toEqual([CAROL]);
    expect(await count(`SELECT COUNT(*) AS n FROM fediverse_responses WHERE author_uri = '${BOB}'`)).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM fediverse_reactions WHERE activity_uri = '${BOB}/likes/1'`)).toBe(0);
    expect(await likes()).toBe(0);

    // Carol, on the same instance, is not blocked: her reply arrives and the writer is told.
    expect(await fediverse.post('/ap/inbox', activities.carolReply, carol!)).toBe(202);
    expect((await thread(storyId, loggedOut)).map((r) => r.author.handle)).toEqual(['@carol@social.example.org']);
    expect(await count(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = '${USERS.writer}' AND remote_actor_uri = '${CAROL}'`)).toBe(1);

    // Unblocked, his reply shows again; he is not a follower again until he follows.
    expect((await writer.gql(UNBLOCK, { id: BOB })).data?.unblockFediversePerson).toEqual({ id: BOB, handle: '@bob@social.example.org' });
    expect((await thread(storyId, loggedOut)).map((r) => r.author.handle)).toEqual(['@bob@social.example.org', '@carol@social.example.org']);
    expect(await likes()).toBe(1);
    expect(await storedFollowers()).toEqual([CAROL]);
    expect((await writer.gql(UNBLOCK, { id: BOB })).errors?.[0]?.message).toMatch(/not blocked/);
    // Nobody the writer ever met cannot be blocked (nothing to name them by).
    expect((await writer.gql(BLOCK, { id: 'https://elsewhere.example/users/zed' })).errors?.[0]?.message).toMatch(/do not know/);
  } finally {
    fediverse.restore();
  }
});

it('an instance block takes the replies and likes its people left before it off the story, for the writer too; unblocking brings them back', { timeout: 240_000 }, async () => {
  const DAN = 'https://eu.other.example.net/users/dan';
  const [dan, carol] = await remotePeople([DAN, CAROL], { [DAN]: 'Dan Remote', [CAROL]: 'Carol Remote' });
  const writer = await signedIn(USERS.writer);
  const storyId = await publishedStory(writer);
  const article = new URL(`${ORIGIN}/ap/stories/${storyId}`);
  const reply = (who: string, content: string) =>
    new Create({ id: new URL(`${who}/statuses/7/activity`), actor: new URL(who), object: new Note({ id: new URL(`${who}/statuses/7`), attribution: new URL(who), replyTarget: article, content }) }).toJsonLd();
  const activities = {
    danReply: await reply(DAN, '<p>From the other server.</p>'),
    danLike: await new Like({ id: new URL(`${DAN}/likes/7`), actor: new URL(DAN), object: article }).toJsonLd(),
    carolReply: await reply(CAROL, '<p>From the social server.</p>'),
  };
  const fediverse = fediverseStandIn([dan!, carol!]);
  try {
    for (const [activity, person] of [[activities.danReply, dan], [activities.danLike, dan], [activities.carolReply, carol]] as const) {
      expect(await fediverse.post('/ap/inbox', activity, person!)).toBe(202);
    }
    const likes = async () => (await writer.gql(STATS, { postId: storyId })).data!.writerStats.post.fediverseLikes as number;
    const handles = async (caller: Caller) => (await thread(storyId, caller)).map((r) => r.author.handle);
    expect(await handles(loggedOut)).toEqual(['@dan@eu.other.example.net', '@carol@social.example.org']);
    expect(await likes()).toBe(1);

    // A block of the domain above Dan's server covers it: his reply and Like go, Carol's stay.
    expect((await writer.gql(BLOCK_INSTANCE, { instance: 'other.example.net' })).data?.blockFediverseInstance).toEqual({ instance: 'other.example.net' });
    expect(await handles(loggedOut)).toEqual(['@carol@social.example.org']);
    expect(await handles(writer)).toEqual(['@carol@social.example.org']);
    expect(await likes()).toBe(0);
    // What was stored stays stored: the block hides it, an unblock shows it again.
    expect(await count(`SELECT COUNT(*) AS n FROM fediverse_responses WHERE author_uri = '${DAN}'`)).toBe(1);

    expect((await writer.gql(UNBLOCK_INSTANCE, { instance: 'other.example.net' })).data?.unblockFediverseInstance).toEqual({ instance: 'other.example.net' });
    expect(await handles(loggedOut)).toEqual(['@dan@eu.other.example.net', '@carol@social.example.org']);
    expect(await likes()).toBe(1);
  } finally {
    fediverse.restore();
  }
});
