// Fediverse followers held for the writer's approval (issue 30 point 2;
// docs/adr/0212-approving-fediverse-followers.md): the writer turns on "Approve fediverse
// followers"; their actor document says manuallyApprovesFollowers; three stand-in remote accounts
// (actors built and requests signed with Fedify's vocabulary and signRequest, answering for public
// names through the federation's network seam) follow and are held, not followers: no Accept, and
// a story published meanwhile is delivered to none of them. One withdraws (Undo). Turning the
// setting off leaves the others held. Approving Bob sends his server the Accept and the next story
// reaches him; declining Carol sends hers a Reject and removes her.
//
// One journey in one test: every Fedify object is made before the first request (workerd's I/O rule).
import { expect, it } from 'vitest';
import { Follow, Undo } from '@fedify/fedify/vocab';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { drainQueue } from './helpers/queue.ts';
import { signedIn } from './helpers/signed-in.ts';
import { AP, fediverseStandIn, remotePeople, type RemotePerson } from './helpers/fediverse.ts';

const SOCIAL = 'https://social.example.org';
const OTHER = 'https://other.example.net';
const THIRD = 'https://third.example.com';
const BOB = `${SOCIAL}/users/bob`;
const CAROL = `${OTHER}/users/carol`;
const EVE = `${THIRD}/users/eve`;
const WRITER_ACTOR = `http://localhost:8787/ap/actors/${USERS.writer}`;

const APPROVAL = `mutation($approve: Boolean!) { setFediverseFollowerApproval(approve: $approve) }`;
const AUDIENCE = `query { writerStats { fediverseApprovesFollowers fediverseFollowerCount fediverseFollowRequests { followers { id handle instance } nextCursor } fediverseFollowers { followers { id } } } }`;
const APPROVE = `mutation($id: ID!) { approveFediverseFollower(followerId: $id) { id handle } }`;
const DECLINE = `mutation($id: ID!) { declineFediverseFollower(followerId: $id) { id handle } }`;
const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) { __typename } }`;

it('a writer who approves followers holds their Follows (no Accept, no stories) until approving one (Accept sent, next story delivered) or declining one (Reject sent)', { timeout: 180_000 }, async () => {
  await seedWorld(testDb);
  const [bob, carol, eve] = await remotePeople([BOB, CAROL, EVE], {}, { sharedInbox: false });
  const followOf = (by: string) => new Follow({ id: new URL(`${by}/follows/1`), actor: new URL(by), object: new URL(WRITER_ACTOR) });
  const follows = { bob: await followOf(BOB).toJsonLd(), carol: await followOf(CAROL).toJsonLd(), eve: await followOf(EVE).toJsonLd() };
  const undoEve = await new Undo({ id: new URL(`${EVE}/follows/1/undo`), actor: new URL(EVE), object: followOf(EVE) }).toJsonLd();
  const fediverse = fediverseStandIn([bob!, carol!, eve!]);
  const post = (activity: unknown, by: RemotePerson) => fediverse.post('/ap/inbox', activity, by);
  const taken = () => fediverse.taken().map((d) => ({ url: d.url, activity: d.body }));
  const actorDocument = async () => JSON.parse((await send(`/ap/actors/${USERS.writer}`, { headers: { accept: AP } })).text);
  try {
    const writer = await signedIn(USERS.writer);
    const publish = async (title: string) => {
      const saved = await writer.gql(SAVE, { title, contentJson: JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: `${title}.`, markups: [] }] }) });
      expect((await writer.gql(PUBLISH, { postId: saved.data.saveDraft.post.id })).data.publishPost.__typename).toBe('Post');
      await drainQueue();
    };
    const audience = async () => (await writer.gql(AUDIENCE)).data.writerStats;
    expect((await actorDocument()).manuallyApprovesFollowers).toBe(false);
    expect((await writer.gql(APPROVAL, { approve: true })).data.setFediverseFollowerApproval).toBe(true);
    expect((await actorDocument()).manuallyApprovesFollowers).toBe(true);

    // Three Follows are held: no Accept, no followers, listed as requests.
    expect(await post(follows.bob, bob!)).toBe(202);
    expect(await post(follows.carol, carol!)).toBe(202);
    expect(await post(follows.eve, eve!)).toBe(202);
    await drainQueue();
    expect(taken()).toEqual([]);
    let stats = await audience();
    expect(stats.fediverseApprovesFollowers).toBe(true);
    expect(stats.fediverseFollowerCount).toBe(0);
    expect(stats.fediverseFollowRequests.followers.map((r: any) => r.handle).sort()).toEqual(['@bob@social.example.org', '@carol@other.example.net', '@eve@third.example.com']);

    // A story published now reaches none of them.
    await publish('While they wait');
    expect(taken()).toEqual([]);

    // Eve withdraws her Follow; turning the setting off leaves the others held.
    expect(await post(undoEve, eve!)).toBe(202);
    expect((await writer.gql(APPROVAL, { approve: false })).data.setFediverseFollowerApproval).toBe(false);
    expect((await actorDocument()).manuallyApprovesFollowers).toBe(false);
    stats = await audience();
    expect(stats.fediverseApprovesFollowers).toBe(false);
    expect(stats.fediverseFollowRequests.followers.map((r: any) => r.id).sort()).toEqual([CAROL, BOB].sort());

    // Approving Bob: a follower, and his server is sent the Accept of his Follow.
    expect((await writer.gql(APPROVE, { id: BOB })).data.approveFediverseFollower).toEqual({ id: BOB, handle: '@bob@social.example.org' });
    await drainQueue();
    const accepted = taken();
    expect(accepted.map((d) => [d.url, d.activity.type, d.activity.actor])).toEqual([[`${BOB}/inbox`, 'Accept', WRITER_ACTOR]]);
    expect(accepted[0]!.activity.object.id ?? accepted[0]!.activity.object).toBe(`${BOB}/follows/1`);

    // Declining Carol: removed, and her server is sent a Reject.
    expect((await writer.gql(DECLINE, { id: CAROL })).data.declineFediverseFollower.id).toBe(CAROL);
    await drainQueue();
    expect(taken().map((d) => [d.url, d.activity.type])).toEqual([[`${CAROL}/inbox`, 'Reject']]);
    expect((await writer.gql(DECLINE, { id: CAROL })).errors?.[0]?.message).toMatch(/not asking to follow you/);
    stats = await audience();
    expect(stats.fediverseFollowRequests).toEqual({ followers: [], nextCursor: null });
    expect(stats.fediverseFollowerCount).toBe(1);
    expect(stats.fediverseFollowers.followers.map((f: any) => f.id)).toEqual([BOB]);

    // The next story reaches Bob only.
    await publish('Now that you are in');
    expect(taken().map((d) => [d.url, d.activity.type])).toEqual([[`${BOB}/inbox`, 'Create']]);
    // No one else approves for the writer: a reader has no request to approve.
    expect((await (await signedIn(USERS.reader)).gql(APPROVE, { id: CAROL })).errors?.[0]?.message).toMatch(/not asking to follow you/);
  } finally {
    fediverse.restore();
  }
});
