// Replies, likes and boosts from the fediverse (issue 30 point 4;
// docs/adr/0204-fediverse-replies-beside-responses.md), through the worker's shared inbox: a
// stand-in remote server (its actor built and its activities signed with Fedify's own vocabulary
// and signRequest, answering for a public name through the federation's network seam) replies to
// a writer's stories. A reply becomes a response with its remote author, its hostile HTML read
// into plain paragraphs; a replayed Create stores it once; Update edits it, Delete removes it; a
// story whose discussion is closed stores nothing; the writer hides one; Like and Announce are
// counted apart from claps, once each, and Undo takes them back; once the writer blocked the
// instance (docs/adr/0206-refusing-remote-instances.md), its replies, likes and boosts store nothing.
//
// Every Fedify object is made in beforeAll, before the first inbox request: a vocabulary object
// made after the worker has used Fedify meets an I/O object of another request (workerd's rule).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { Announce, Create, CryptographicKey, Delete, Image, Like, Note, Person, Tombstone, Undo, Update } from '@fedify/fedify/vocab';
import { useFederationNetwork } from '../../worker/federation/network.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { sessionOf } from './helpers/story.ts';

const AP = 'application/activity+json';
const REMOTE = 'https://social.example.org';
const BOB = `${REMOTE}/users/bob`;
const ORIGIN = 'http://localhost:8787';

const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!, $memberOnly: Boolean!) { publishPost(postId: $postId, tags: [], memberOnly: $memberOnly, unlisted: false) { __typename ... on Post { id mediumUrl } } }`;
const REPLIES = `query($id: ID!) { post(id: $id) { ... on Post { fediverseResponses { id url isHidden author { name handle url } paragraphs { type text markups { type href } } } } } }`;
const HIDE = `mutation($id: ID!, $hidden: Boolean!) { setFediverseResponseHidden(id: $id, hidden: $hidden) { id isHidden } }`;
const STATS = `query($postId: ID!) { writerStats(postId: $postId) { post { postId claps fediverseLikes fediverseBoosts } } }`;

let writer: Caller;
const stories = { open: '', closed: '', members: '', openUrl: '' };
let activities: Record<string, unknown> = {};
let keys: CryptoKeyPair;
let restoreNetwork: () => void = () => {};

async function story(title: string, memberOnly = false): Promise<{ id: string; url: string }> {
  const contentJson = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: `${title}: the opening paragraph.`, markups: [] }] });
  const saved = await writer.gql(SAVE, { title, contentJson });
  const id = saved.data!.saveDraft.post.id as string;
  const published = await writer.gql(PUBLISH, { postId: id, memberOnly });
  expect(published.data?.publishPost.__typename, JSON.stringify(published)).toBe('Post');
  return { id, url: published.data!.publishPost.mediumUrl };
}

async function post(activity: unknown): Promise<number> {
  const body = JSON.stringify(activity);
  const request = await signRequest(new Request(`${ORIGIN}/ap/inbox`, { method: 'POST', headers: { 'content-type': AP }, body }), keys.privateKey, new URL(`${BOB}#main-key`), {
    spec: 'draft-cavage-http-signatures-12',
  });
  return (await send('/ap/inbox', { method: 'POST', headers: Object.fromEntries(request.headers), body })).status;
}

async function replies(storyId: string, caller: Caller = loggedOut): Promise<any[]> {
  const answer = await caller.gql(REPLIES, { id: storyId });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.post.fediverseResponses;
}

const storedReplies = async () => (await testDb.prepare('SELECT COUNT(*) AS n FROM fediverse_responses').first<{ n: number }>())!.n;

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare("UPDATE users SET partner_program_status = 'ACTIVE' WHERE id = ?").bind(USERS.writer).run();
  writer = await signedIn(USERS.writer);
  const open = await story('Letters to the open web');
  const closed = await story('A closed discussion');
  const members = await story('For members only', true);
  await testDb.prepare('UPDATE posts SET responses_locked = 1 WHERE id = ?').bind(closed.id).run();
  Object.assign(stories, { open: open.id, closed: closed.id, members: members.id, openUrl: open.url });

  keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const actor = await new Person({
    id: new URL(BOB),
    preferredUsername: 'bob',
    name: 'Bob Remote',
    url: new URL(`${REMOTE}/@bob`),
    icon: new Image({ url: new URL(`${REMOTE}/avatars/bob.png`) }),
    inbox: new URL(`${BOB}/inbox`),
    publicKey: new CryptographicKey({ id: new URL(`${BOB}#main-key`), owner: new URL(BOB), publicKey: keys.publicKey }),
  }).toJsonLd();
  restoreNetwork = useFederationNetwork(async (url) =>
    url.origin + url.pathname === BOB ? new Response(JSON.stringify(actor), { headers: { 'content-type': AP } }) : new Response('Not found', { status: 404 }),
  );

  const article = (id: string) => new URL(`${ORIGIN}/ap/stories/${id}`);
  const note = (n: number, inReplyTo: URL, content: string) =>
    new Note({ id: new URL(`${BOB}/statuses/${n}`), attribution: new URL(BOB), replyTarget: inReplyTo, url: new URL(`${REMOTE}/@bob/${n}`), content });
  const create = (n: number, object: Note) => new Create({ id: new URL(`${BOB}/statuses/${n}/activity`), actor: new URL(BOB), object }).toJsonLd();
  const hostile =
    '<p>Thank you <a href="https://social.example.org/@ada" class="mention">@ada</a>, <strong>lovely</strong>.</p>' +
    '<script>alert("owned")</script><p onclick="steal()">Second <a href="javascript:alert(1)">thought</a>.<img src="https://evil.example/x.png" onerror="steal()"></p>';
  const like = new Like({ id: new URL(`${BOB}/likes/1`), actor: new URL(BOB), object: article(open.id) });
  const boost = new Announce({ id: new URL(`${BOB}/statuses/90/activity`), actor: new URL(BOB), object: article(open.id) });
  activities = {
    reply: await create(1, note(1, article(open.id), hostile)),
    // The canonical address, as servers that link rather than quote send it.
    replyByAddress: await create(2, note(2, new URL(open.url), '<p>Replying to the page itself.</p>')),
    edit: await new Update({ id: new URL(`${BOB}/statuses/2#updates/1`), actor: new URL(BOB), object: note(2, new URL(open.url), '<p>Replying to the page, edited.</p>') }).toJsonLd(),
    remove: await new Delete({ id: new URL(`${BOB}/statuses/2#delete`), actor: new URL(BOB), object: new Tombstone({ id: new URL(`${BOB}/statuses/2`) }) }).toJsonLd(),
    closed: await create(3, note(3, article(closed.id), '<p>Let me in.</p>')),
    members: await create(4, note(4, article(members.id), '<p>What comes after the preview?</p>')),
    tooLong: await create(5, note(5, article(open.id), `<p>${'word '.repeat(3000)}</p>`)),
    // Bob passes off a Note as Carol's: only one's own Notes are taken.
    impostor: await create(6, new Note({ id: new URL(`${BOB}/statuses/6`), attribution: new URL(`${REMOTE}/users/carol`), replyTarget: article(open.id), content: '<p>Carol never said this.</p>' })),
    like: await like.toJsonLd(),
    boost: await boost.toJsonLd(),
    undoLike: await new Undo({ id: new URL(`${BOB}/likes/1/undo`), actor: new URL(BOB), object: like }).toJsonLd(),
    undoBoost: await new Undo({ id: new URL(`${BOB}/statuses/90/undo`), actor: new URL(BOB), object: boost }).toJsonLd(),
    // Sent after the writer blocked Bob's instance.
    blockedReply: await create(7, note(7, article(open.id), '<p>Am I still heard?</p>')),
    blockedLike: await new Like({ id: new URL(`${BOB}/likes/2`), actor: new URL(BOB), object: article(open.id) }).toJsonLd(),
    afterUnblock: await create(8, note(8, article(open.id), '<p>Heard again.</p>')),
    blockedBoost: await new Announce({ id: new URL(`${BOB}/statuses/91/activity`), actor: new URL(BOB), object: article(open.id) }).toJsonLd(),
  };
}, 120_000);

afterAll(() => restoreNetwork());

it('a reply becomes a response with its remote author, its hostile HTML read into plain paragraphs, stored once however often it is sent', { timeout: 120_000 }, async () => {
  // The story's page, as a signed-out reader gets it (and the edge cache keeps it).
  const address = new URL(stories.openUrl);
  const storyPage = async () => (await send(address.pathname, { host: address.host })).text;
  expect(await storyPage()).toContain('Letters to the open web: the opening paragraph.');
  expect(await storyPage()).not.toContain('From the fediverse');
  expect(await post(activities.reply)).toBe(202);
  expect(await post(activities.reply)).toBe(202);
  // The reply purged the cached page: the next reader sees it, with its remote author.
  const html = await storyPage();
  expect(html).toContain('From the fediverse (1)');
  expect(html).toContain('Bob Remote');
  expect(html).toContain('@bob@social.example.org');
  expect(html).toContain(`href="${REMOTE}/@bob"`);
  expect(html).not.toContain('alert(&quot;owned');
  const [reply, ...others] = await replies(stories.open);
  expect(others).toEqual([]);
  expect(reply.author).toEqual({ name: 'Bob Remote', handle: '@bob@social.example.org', url: `${REMOTE}/@bob` });
  expect(reply.url).toBe(`${REMOTE}/@bob/1`);
  expect(reply.paragraphs.map((p: any) => p.text)).toEqual(['Thank you @ada, lovely.', 'Second thought.']);
  expect(reply.paragraphs.every((p: any) => p.type === 'P')).toBe(true);
  const links = reply.paragraphs.flatMap((p: any) => p.markups).filter((m: any) => m.type === 'A');
  expect(links.map((m: any) => m.href)).toEqual(['https://social.example.org/@ada']);
  const stored = (await testDb.prepare('SELECT content FROM fediverse_responses').first<{ content: string }>())!.content;
  for (const hostile of ['script', 'alert', 'onclick', 'onerror', 'javascript:', 'evil.example', '<']) expect(stored).not.toContain(hostile);
  // Not an account: no user row came with it.
  expect(await testDb.prepare("SELECT COUNT(*) AS n FROM users WHERE username = 'bob' OR name = 'Bob Remote'").first('n')).toBe(0);
});

it('a reply to the canonical address is taken too; Update edits it and Delete removes it', { timeout: 120_000 }, async () => {
  expect(await post(activities.replyByAddress)).toBe(202);
  expect((await replies(stories.open)).map((r) => r.paragraphs[0].text)).toEqual(['Thank you @ada, lovely.', 'Replying to the page itself.']);
  expect(await post(activities.edit)).toBe(202);
  expect((await replies(stories.open)).map((r) => r.paragraphs[0].text)).toEqual(['Thank you @ada, lovely.', 'Replying to the page, edited.']);
  expect(await post(activities.remove)).toBe(202);
  expect((await replies(stories.open)).map((r) => r.paragraphs[0].text)).toEqual(['Thank you @ada, lovely.']);
});

it('a closed discussion stores nothing, nor does a reply past the length bound or a Note not the sender\'s own; a member-only story takes replies as any story', { timeout: 120_000 }, async () => {
  const before = await storedReplies();
  expect(await post(activities.closed)).toBe(202);
  expect(await post(activities.tooLong)).toBe(202);
  expect(await post(activities.impostor)).toBe(202);
  expect(await storedReplies()).toBe(before);
  expect(await replies(stories.closed)).toEqual([]);
  expect(await post(activities.members)).toBe(202);
  expect((await replies(stories.members)).map((r) => r.paragraphs[0].text)).toEqual(['What comes after the preview?']);
});

it('the writer hides a reply: readers no longer see it, the writer sees it hidden and can show it again; nobody else may', { timeout: 120_000 }, async () => {
  const [reply] = await replies(stories.open);
  const reader = await signedIn(USERS.reader);
  expect((await reader.gql(HIDE, { id: reply.id, hidden: true })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  expect((await writer.gql(HIDE, { id: reply.id, hidden: true })).data?.setFediverseResponseHidden).toEqual({ id: reply.id, isHidden: true });
  expect(await replies(stories.open)).toEqual([]);
  expect((await replies(stories.open, writer)).map((r) => [r.id, r.isHidden])).toEqual([[reply.id, true]]);
  await writer.gql(HIDE, { id: reply.id, hidden: false });
  expect((await replies(stories.open)).map((r) => r.id)).toEqual([reply.id]);
});

it('likes and boosts are counted apart from claps, once each, and Undo takes them back', { timeout: 120_000 }, async () => {
  const counts = async () => (await writer.gql(STATS, { postId: stories.open })).data?.writerStats.post;
  expect(await counts()).toMatchObject({ claps: 0, fediverseLikes: 0, fediverseBoosts: 0 });
  for (const activity of [activities.like, activities.like, activities.boost]) expect(await post(activity)).toBe(202);
  expect(await counts()).toMatchObject({ claps: 0, fediverseLikes: 1, fediverseBoosts: 1 });
  // The story's stats page shows them to the writer, beside the claps.
  const statsPage = (await send(`/me/stats/post/${stories.open}`, { session: (await sessionOf('writer')).token })).text;
  expect(statsPage).toMatch(/Fediverse likes<\/dt><dd[^>]*>1</);
  expect(statsPage).toMatch(/Fediverse boosts<\/dt><dd[^>]*>1</);
  expect((await testDb.prepare('SELECT clap_count FROM posts WHERE id = ?').bind(stories.open).first('clap_count'))).toBe(0);
  expect(await post(activities.undoLike)).toBe(202);
  expect(await counts()).toMatchObject({ fediverseLikes: 0, fediverseBoosts: 1 });
  expect(await post(activities.undoBoost)).toBe(202);
  expect(await counts()).toMatchObject({ fediverseLikes: 0, fediverseBoosts: 0 });
});

it('after the writer blocks the instance, its replies, likes and boosts of their story store nothing', { timeout: 120_000 }, async () => {
  const BLOCK = `mutation($instance: String!) { blockFediverseInstance(instance: $instance) { instance } }`;
  const UNBLOCK = `mutation($instance: String!) { unblockFediverseInstance(instance: $instance) { instance } }`;
  const counts = async () => (await writer.gql(STATS, { postId: stories.open })).data?.writerStats.post;
  const reactions = async () => (await testDb.prepare('SELECT COUNT(*) AS n FROM fediverse_reactions').first<{ n: number }>())!.n;
  expect((await writer.gql(BLOCK, { instance: 'social.example.org' })).data?.blockFediverseInstance.instance).toBe('social.example.org');
  const [before, reactionsBefore] = [await storedReplies(), await reactions()];
  for (const activity of [activities.blockedReply, activities.blockedLike, activities.blockedBoost]) expect(await post(activity)).toBe(202);
  expect(await storedReplies()).toBe(before);
  expect(await reactions()).toBe(reactionsBefore);
  expect(await counts()).toMatchObject({ fediverseLikes: 0, fediverseBoosts: 0 });
  expect((await replies(stories.open, writer)).map((r) => r.paragraphs[0].text)).not.toContain('Am I still heard?');
  // Unblocked, its next reply is taken: the block, not the sender, refused the others.
  await writer.gql(UNBLOCK, { instance: 'social.example.org' });
  expect(await post(activities.afterUnblock)).toBe(202);
  expect((await replies(stories.open, writer)).map((r) => r.paragraphs[0].text)).toContain('Heard again.');
});
