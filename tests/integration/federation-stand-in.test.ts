// The local fediverse server (issue 30 point 7; docs/adr/0205-a-local-fediverse-server.md), used
// as a developer uses its page (/_/dev/fediverse): its Follow button follows the writer (found by
// WebFinger) and the Accept is listed as delivered; the writer's new story then appears in the
// delivered list as a Create of an Article; its Reply button answers that story, and the reply
// shows on the story's page as a response; its Like button is counted on the writer's stats.
//
// The stand-in is Fedify's own createFederation with its memory store (not Vellum's actor code);
// its requests and Vellum's deliveries are real signed HTTP to the site's own address, which
// here the runtime's fetch hands back to the worker (the test has no network but loopback).
import { expect, it, vi } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { handleFediverseStandIn } from '../../worker/integrations/fediverse-stand-in.ts';
import { federationAddressCheck } from '../../worker/federation/network.ts';
import { send } from './helpers/edge-cache.ts';
import { drainQueue } from './helpers/queue.ts';
import { signedIn } from './helpers/signed-in.ts';

const ORIGIN = 'http://localhost:8787';
const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false) { __typename ... on Post { id mediumUrl } } }`;
const STATS = `query($postId: ID!) { writerStats(postId: $postId) { post { fediverseLikes } } }`;

const devPage = async () => (await send('/_/dev/fediverse')).text;
async function press(button: 'follow' | 'reply' | 'like', fields: Record<string, string>): Promise<string> {
  const answer = await send(`/_/dev/fediverse/${button}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!, ORIGIN).searchParams.get('notice') ?? '';
}

it("the development page's buttons follow a writer, list her new story as delivered, reply to it (a response on its page) and like it", { timeout: 180_000 }, async () => {
  await seedWorld(testDb);
  const writer = await signedIn(USERS.writer);
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(`${ORIGIN}/`)) return runtimeFetch(input as RequestInfo, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text();
    return workerFetch(request.url, { method: request.method, headers: request.headers, ...(body !== undefined ? { body } : {}) });
  });
  try {
    expect(await devPage()).toContain('LOCAL FEDIVERSE SERVER');

    // Follow: found by WebFinger, followed, accepted.
    expect(await press('follow', { handle: '@writer' })).toContain('Follow sent');
    expect(await testDb.prepare('SELECT follower_uri FROM federation_followers WHERE actor_id = ?').bind(USERS.writer).first('follower_uri')).toBe(`${ORIGIN}/_/dev/fediverse/users/visitor`);
    await drainQueue();
    expect(await devPage()).toMatch(/<td>Accept<\/td>/);

    // Her new story arrives in the delivered list.
    const contentJson = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: 'A story for the local fediverse.', markups: [] }] });
    const id = (await writer.gql(SAVE, { title: 'Hello, fediverse', contentJson })).data!.saveDraft.post.id as string;
    const url = (await writer.gql(PUBLISH, { postId: id })).data!.publishPost.mediumUrl as string;
    await drainQueue();
    const listed = await devPage();
    expect(listed).toMatch(/<td>Create<\/td><td>Article <strong>Hello, fediverse<\/strong>/);

    // Reply: a response on the story's page, by the stand-in's person.
    expect(await press('reply', { story: `${ORIGIN}/ap/stories/${id}`, text: 'Greetings from the local fediverse!' })).toContain('Reply sent');
    const address = new URL(url);
    const story = (await send(address.pathname, { host: address.host })).text;
    expect(story).toContain('From the fediverse (1)');
    expect(story).toContain('Greetings from the local fediverse!');
    expect(story).toContain('@visitor@localhost:8787');

    // Like: counted on the writer's stats.
    expect(await press('like', { story: `${ORIGIN}/ap/stories/${id}` })).toContain('Like sent');
    expect((await writer.gql(STATS, { postId: id })).data?.writerStats.post.fediverseLikes).toBe(1);
  } finally {
    spy.mockRestore();
  }
});

it('outside development there is no stand-in, and the address guard of the federation stays closed to it', { timeout: 60_000 }, async () => {
  const production = { ...testEnv, ENVIRONMENT: 'production' };
  expect(await handleFediverseStandIn(new Request(`${ORIGIN}/_/dev/fediverse`), production)).toBeNull();
  expect(await handleFediverseStandIn(new Request(`${ORIGIN}/_/dev/fediverse/users/visitor`), production)).toBeNull();
  const standInActor = `${ORIGIN}/_/dev/fediverse/users/visitor`;
  expect(federationAddressCheck(testEnv)(standInActor).ok).toBe(true);
  expect(federationAddressCheck(production)(standInActor).ok).toBe(false);
  // In development too, only the stand-in's own addresses pass: the rest of the machine does not.
  expect(federationAddressCheck(testEnv)(`${ORIGIN}/ap/actors/${USERS.writer}`).ok).toBe(false);
  expect(federationAddressCheck(testEnv)('http://127.0.0.1:9000/_/dev/fediverse/users/visitor').ok).toBe(false);
});
