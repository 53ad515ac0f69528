// The issue's own journey (issue 30, "What it must show"; docs/adr/0204-fediverse-replies-beside-responses.md):
// a stand-in remote server (its actor and activities made with Fedify's own vocabulary, its
// requests signed with signRequest, answering for a public name through the federation's network
// seam, taking deliveries that leave through the runtime's fetch) discovers the writer by
// WebFinger, follows her, receives her next story as an Article, replies to it, and the reply
// shows on the story's page as a response by a remote person; it unfollows, and her next story
// reaches it no more.
//
// Every Fedify object is made before the first request (workerd's I/O rule, as in
// federation-follow.test.ts): the stories are saved as drafts first, so their ids are known.
import { expect, it, vi } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Create, CryptographicKey, Endpoints, Follow, Note, Person, Undo } from '@fedify/fedify/vocab';
import { useFederationNetwork } from '../../worker/federation/network.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { drainQueue } from './helpers/queue.ts';
import { signedIn } from './helpers/signed-in.ts';

const AP = 'application/activity+json';
const REMOTE = 'https://social.example.org';
const BOB = `${REMOTE}/users/bob`;
const ORIGIN = 'http://localhost:8787';
const WRITER_ACTOR = `${ORIGIN}/ap/actors/${USERS.writer}`;

const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) { __typename ... on Post { id mediumUrl } } }`;

it('discovered by WebFinger, followed, her next story arrives as an Article, the reply shows as a response; unfollowed, nothing more arrives', { timeout: 180_000 }, async () => {
  await seedWorld(testDb);
  const writer = await signedIn(USERS.writer);
  const draft = async (title: string) => {
    const contentJson = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: `${title}, in a paragraph.`, markups: [] }] });
    return (await writer.gql(SAVE, { title, contentJson })).data!.saveDraft.post.id as string;
  };
  const next = await draft('A letter to my new followers');
  const later = await draft('A letter nobody over there reads');

  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const actor = await new Person({
    id: new URL(BOB),
    preferredUsername: 'bob',
    name: 'Bob Remote',
    inbox: new URL(`${BOB}/inbox`),
    endpoints: new Endpoints({ sharedInbox: new URL(`${REMOTE}/inbox`) }),
    publicKey: new CryptographicKey({ id: new URL(`${BOB}#main-key`), owner: new URL(BOB), publicKey: keys.publicKey }),
  }).toJsonLd();
  const follow = new Follow({ id: new URL(`${REMOTE}/follows/ada`), actor: new URL(BOB), object: new URL(WRITER_ACTOR) });
  const activities = {
    follow: await follow.toJsonLd(),
    reply: await new Create({
      id: new URL(`${BOB}/statuses/7/activity`),
      actor: new URL(BOB),
      object: new Note({ id: new URL(`${BOB}/statuses/7`), attribution: new URL(BOB), replyTarget: new URL(`${ORIGIN}/ap/stories/${next}`), content: '<p>Welcome to the open web, Ada!</p>' }),
    }).toJsonLd(),
    unfollow: await new Undo({ id: new URL(`${REMOTE}/follows/ada/undo`), actor: new URL(BOB), object: follow }).toJsonLd(),
  };
  const restoreNetwork = useFederationNetwork(async (url) =>
    url.origin + url.pathname === BOB ? new Response(JSON.stringify(actor), { headers: { 'content-type': AP } }) : new Response('Not found', { status: 404 }),
  );
  const delivered: { url: string; body: string }[] = [];
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(REMOTE)) return runtimeFetch(input as RequestInfo, init);
    delivered.push({ url: request.url, body: await request.text() });
    return new Response(null, { status: 202 });
  });
  const post = async (activity: unknown) => {
    const body = JSON.stringify(activity);
    const request = await signRequest(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body }), keys.privateKey, new URL(`${BOB}#main-key`), {
      spec: 'draft-cavage-http-signatures-12',
    });
    return (await send('/ap/inbox', { method: 'POST', headers: Object.fromEntries(request.headers), body })).status;
  };
  const types = () => delivered.splice(0).map((d) => [d.url, JSON.parse(d.body).type as string, JSON.parse(d.body).object?.id as string | undefined]);
  try {
    // Discovered: @writer is an actor, whose address the Follow names.
    const jrd = JSON.parse((await send('/.well-known/webfinger?resource=acct:writer@localhost:8787')).text);
    expect(jrd.links.find((l: any) => l.rel === 'self').href).toBe(WRITER_ACTOR);

    // Followed, and accepted.
    expect(await post(activities.follow)).toBe(202);
    await drainQueue();
    expect(types().map(([, type]) => type)).toEqual(['Accept']);

    // Her next story arrives as an Article, at the server's shared inbox.
    const published = await writer.gql(PUBLISH, { postId: next });
    const url = published.data!.publishPost.mediumUrl as string;
    await drainQueue();
    expect(types()).toEqual([[`${REMOTE}/inbox`, 'Create', `${ORIGIN}/ap/stories/${next}`]]);

    // The reply shows on the story's page as a response by a remote person.
    expect(await post(activities.reply)).toBe(202);
    const address = new URL(url);
    const html = (await send(address.pathname, { host: address.host })).text;
    expect(html).toContain('From the fediverse (1)');
    expect(html).toContain('Welcome to the open web, Ada!');
    expect(html).toContain('@bob@social.example.org');

    // Unfollowed: her next story reaches it no more.
    expect(await post(activities.unfollow)).toBe(202);
    expect(await testDb.prepare('SELECT COUNT(*) AS n FROM federation_followers').first('n')).toBe(0);
    expect((await writer.gql(PUBLISH, { postId: later })).data?.publishPost.__typename).toBe('Post');
    await drainQueue();
    expect(types()).toEqual([]);
  } finally {
    restoreNetwork();
    spy.mockRestore();
  }
});
