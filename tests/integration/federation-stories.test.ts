// Stories federated (issue 30 point 3; docs/adr/0178-stories-federated-from-their-state.md): the
// writer's fediverse followers — two behind one server's shared inbox, one on another server with
// only its own inbox — are sent a signed Create of an Article when a story is published (one
// delivery per shared inbox, through the fan-out queue), an Update when it is edited and a Delete
// when it is unpublished; a member-only story reaches them as its preview and its link, none of
// its locked paragraphs. The stand-in remote servers take the deliveries that leave through the
// runtime's fetch; what they receive is checked, and its signature verified with Fedify against
// the writer's published key.
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { verifyRequest } from '@fedify/fedify';
import { SECRET_MARKER, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';
import { drainQueue } from './helpers/queue.ts';

const AP = 'application/activity+json';
const SOCIAL = 'https://social.example.org';
const OTHER = 'https://other.example.net';
const WRITER_ACTOR = `http://localhost:8787/ap/actors/${USERS.writer}`;

const SAVE = `mutation($postId: ID, $baseRev: Int!, $title: String!, $subtitle: String!, $contentJson: String!) { saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: $subtitle, contentJson: $contentJson) { __typename ... on DraftSaved { rev post { id } } } }`;
const PUBLISH = `mutation($postId: ID!, $tags: [String!]!, $memberOnly: Boolean!) { publishPost(postId: $postId, tags: $tags, memberOnly: $memberOnly, unlisted: false) { __typename ... on Post { id isPublished mediumUrl } } }`;
const UNPUBLISH = `mutation($postId: ID!) { unpublishPost(postId: $postId) { __typename } }`;

interface Delivery {
  url: string;
  headers: [string, string][];
  body: string;
}

let writer: Caller;
const delivered: Delivery[] = [];
let restoreFetch: () => void;

const paragraphs = (texts: string[]) => JSON.stringify({ paragraphs: texts.map((text, i) => ({ name: `p${i}`, type: 'P', text, markups: [] })) });

async function save(title: string, texts: string[], postId: string | null = null, baseRev = 0): Promise<{ id: string; rev: number }> {
  const answer = await writer.gql(SAVE, { postId, baseRev, title, subtitle: `${title}, in short`, contentJson: paragraphs(texts) });
  expect(answer.data?.saveDraft.__typename, JSON.stringify(answer)).toBe('DraftSaved');
  return { id: answer.data!.saveDraft.post.id, rev: answer.data!.saveDraft.rev };
}

async function publish(postId: string, options: { tags?: string[]; memberOnly?: boolean } = {}): Promise<string> {
  const answer = await writer.gql(PUBLISH, { postId, tags: options.tags ?? [], memberOnly: options.memberOnly ?? false });
  expect(answer.data?.publishPost, JSON.stringify(answer)).toMatchObject({ __typename: 'Post', isPublished: true });
  await drainQueue();
  return answer.data!.publishPost.mediumUrl;
}

/** The deliveries made since the last call, by inbox. */
function taken(): Delivery[] {
  return delivered.splice(0, delivered.length).sort((a, b) => (a.url < b.url ? -1 : 1));
}

const body = (delivery: Delivery) => JSON.parse(delivery.body) as Record<string, any>;

beforeAll(async () => {
  await seedWorld(testDb);
  // The writer may publish member-only stories (Partner Program).
  await testDb.prepare("UPDATE users SET partner_program_status = 'ACTIVE' WHERE id = ?").bind(USERS.writer).run();
  writer = await signedIn(USERS.writer);
  const follower = (uri: string, inbox: string, sharedInbox: string | null, at: number) =>
    testDb
      .prepare('INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .bind(USERS.writer, uri, inbox, sharedInbox, `${uri}/follows/1`, at)
      .run();
  await follower(`${SOCIAL}/users/bob`, `${SOCIAL}/users/bob/inbox`, `${SOCIAL}/inbox`, 1);
  await follower(`${SOCIAL}/users/dana`, `${SOCIAL}/users/dana/inbox`, `${SOCIAL}/inbox`, 2);
  await follower(`${OTHER}/users/carol`, `${OTHER}/users/carol/inbox`, null, 3);
  // Deliveries leave through the runtime's fetch: the stand-in servers take those addressed to
  // them, kept as plain values (a delivery's body belongs to the queue consumer's context).
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(SOCIAL) && !request.url.startsWith(OTHER)) return runtimeFetch(input as RequestInfo, init);
    delivered.push({ url: request.url, headers: [...request.headers], body: await request.text() });
    return new Response(null, { status: 202 });
  });
  restoreFetch = () => spy.mockRestore();
}, 120_000);

afterAll(() => restoreFetch?.());

it('publishing sends a signed Create of the Article once per shared inbox; editing sends an Update; unpublishing a Delete', { timeout: 180_000 }, async () => {
  const story = await save('Letters to the open web', ['The first paragraph of the letters.', 'The second one.']);
  const url = await publish(story.id, { tags: ['Open Web', 'Writing'] });

  // One delivery per shared inbox: bob and dana share one; carol has only her own.
  const created = taken();
  expect(created.map((d) => d.url)).toEqual([`${OTHER}/users/carol/inbox`, `${SOCIAL}/inbox`]);
  for (const delivery of created) {
    const activity = body(delivery);
    expect(activity.type).toBe('Create');
    expect(activity.actor).toBe(WRITER_ACTOR);
    const article = activity.object;
    expect(article.type).toBe('Article');
    expect(article.id).toBe(`http://localhost:8787/ap/stories/${story.id}`);
    expect(article.name).toBe('Letters to the open web');
    expect(article.summary).toBe('Letters to the open web, in short');
    expect(article.url).toBe(url);
    expect(article.content).toContain('The first paragraph of the letters.');
    expect(article.attributedTo).toBe(WRITER_ACTOR);
    const tags = ([] as any[]).concat(article.tag);
    expect(tags.map((t) => [t.type, t.name, t.href])).toEqual([
      ['Hashtag', '#OpenWeb', 'http://localhost:8787/tag/open-web'],
      ['Hashtag', '#Writing', 'http://localhost:8787/tag/writing'],
    ]);
  }
  // Signed with the writer's key, as its actor document publishes it.
  const [first] = created;
  const signer = await verifyRequest(new Request(first!.url, { method: 'POST', headers: first!.headers, body: first!.body }), {
    documentLoader: async (address) => {
      const response = await workerFetch(address, { headers: { accept: AP } });
      return { contextUrl: null, documentUrl: address, document: await response.json() };
    },
  });
  expect(signer?.ownerId?.href).toBe(WRITER_ACTOR);

  // Nothing is sent twice: the queue is empty and stays so.
  await drainQueue();
  expect(taken()).toEqual([]);

  // An edit, published: an Update of the same Article, to the same inboxes.
  await save('Letters to the open web, revised', ['The first paragraph, revised.', 'The second one.'], story.id, story.rev);
  await publish(story.id, { tags: ['Open Web', 'Writing'] });
  const updated = taken();
  expect(updated.map((d) => d.url)).toEqual([`${OTHER}/users/carol/inbox`, `${SOCIAL}/inbox`]);
  expect(updated.map((d) => body(d).type)).toEqual(['Update', 'Update']);
  expect(body(updated[0]!).object.name).toBe('Letters to the open web, revised');
  expect(body(updated[0]!).object.content).toContain('The first paragraph, revised.');
  expect(body(updated[0]!).id).not.toBe(body(created[0]!).id);

  // Unpublished: a Delete of the Article, once.
  expect((await writer.gql(UNPUBLISH, { postId: story.id })).data?.unpublishPost.__typename).toBe('Post');
  await drainQueue();
  const deleted = taken();
  expect(deleted.map((d) => d.url)).toEqual([`${OTHER}/users/carol/inbox`, `${SOCIAL}/inbox`]);
  for (const delivery of deleted) {
    expect(body(delivery).type).toBe('Delete');
    expect(body(delivery).object.id ?? body(delivery).object).toBe(`http://localhost:8787/ap/stories/${story.id}`);
  }
  expect(await testDb.prepare('SELECT state FROM federated_stories WHERE post_id = ?').bind(story.id).first('state')).toBe('DELETED');
});

it('a member-only story federates its preview and its link, never a locked paragraph', { timeout: 180_000 }, async () => {
  const locked = [`${SECRET_MARKER} the first locked paragraph.`, `${SECRET_MARKER} the second locked paragraph.`];
  const story = await save('For members only', ['An opening anyone may read.', ...locked]);
  // The preview is what a signed-out reader sees of it: the paragraphs before the gate.
  await testDb.prepare('UPDATE posts SET preview_paragraph_count = 1 WHERE id = ?').bind(story.id).run();
  const url = await publish(story.id, { memberOnly: true });
  const created = taken();
  expect(created.map((d) => d.url)).toEqual([`${OTHER}/users/carol/inbox`, `${SOCIAL}/inbox`]);
  for (const delivery of created) {
    expect(delivery.body).not.toContain(SECRET_MARKER);
    for (const text of locked) expect(delivery.body).not.toContain(text);
    const article = body(delivery).object;
    expect(article.type).toBe('Article');
    expect(article.content).toContain('An opening anyone may read.');
    expect(article.content).toContain(`href="${url}"`);
    expect(article.url).toBe(url);
  }
});
