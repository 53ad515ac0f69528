// Story details (/p/{postId}/info and /info/{order}/{filter}; docs/reader.md "Story details"):
// the author sees the story's state and its responses, the hidden ones included, ordered and
// filtered by the address; anyone else gets the 404 page, and Post.authorResponses is null for them.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const RESPOND = `mutation($p: ID!, $t: String!) { publishPostThreadedResponse(inResponseToPostId: $p, text: $t) { id } }`;
const HIDE = `mutation($p: ID!, $r: ID!) { hidePostResponseOnParentPost(parentPostId: $p, postResponseId: $r) { id } }`;
const RESPONSES = `query($p: ID!, $o: String, $f: String) { post(id: $p) { authorResponses(order: $o, filter: $f) { hidden post { id } } } }`;

let writer: Caller;
let member: Caller;
let later: string;

async function page(path: string, userId?: string) {
  const headers: Record<string, string> = {};
  if (userId) headers.cookie = `sid=${(await createSession(testDb, userId)).token}`;
  const response = await workerFetch(`http://localhost:8787${path}`, { headers });
  return { status: response.status, html: await response.text() };
}

beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  member = await signedIn(USERS.member);
  // A second response, later than the reader's, which the author then hides.
  later = (await member.gql(RESPOND, { p: POSTS.locked, t: 'A later thought, soon hidden.' })).data!.publishPostThreadedResponse.id;
  expect((await writer.gql(HIDE, { p: POSTS.locked, r: later })).errors).toBeUndefined();
});

describe('Post.authorResponses', () => {
  it('lists the author every response, the hidden one marked, newest first by default', async () => {
    const all = (await writer.gql(RESPONSES, { p: POSTS.locked })).data!.post.authorResponses;
    expect(all).toEqual([
      { hidden: true, post: { id: later } },
      { hidden: false, post: { id: POSTS.response } },
    ]);
    const oldest = (await writer.gql(RESPONSES, { p: POSTS.locked, o: 'oldest' })).data!.post.authorResponses;
    expect(oldest.map((r: { post: { id: string } }) => r.post.id)).toEqual([POSTS.response, later]);
    expect((await writer.gql(RESPONSES, { p: POSTS.locked, f: 'hidden' })).data!.post.authorResponses).toEqual([{ hidden: true, post: { id: later } }]);
    expect((await writer.gql(RESPONSES, { p: POSTS.locked, f: 'shown' })).data!.post.authorResponses).toEqual([{ hidden: false, post: { id: POSTS.response } }]);
  });

  it('is null for anyone but the author', async () => {
    expect((await member.gql(RESPONSES, { p: POSTS.locked })).data!.post.authorResponses).toBeNull();
    expect((await loggedOut.gql(RESPONSES, { p: POSTS.locked })).data!.post.authorResponses).toBeNull();
  });
});

describe('the page', () => {
  it('shows the author the story and its responses, the hidden one with Show again', async () => {
    const shown = await page(`/p/${POSTS.locked}/info`, USERS.writer);
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('Story details');
    expect(shown.html).toContain(`data-response-id="${later}" data-hidden="true"`);
    expect(shown.html).toContain('Show again');
    expect(shown.html).toContain(`href="/p/${POSTS.locked}/settings"`);
    const hidden = await page(`/p/${POSTS.locked}/info/oldest/hidden`, USERS.writer);
    expect(hidden.status).toBe(200);
    expect(hidden.html).toContain(`data-response-id="${later}"`);
    expect(hidden.html).not.toContain(`data-response-id="${POSTS.response}"`);
  });

  it('is the 404 page for anyone else and for an unknown order or filter; signed out, it asks to sign in', async () => {
    expect((await page(`/p/${POSTS.locked}/info`, USERS.member)).status).toBe(404);
    expect((await page(`/p/${POSTS.locked}/info/sideways/all`, USERS.writer)).status).toBe(404);
    expect((await page(`/p/${POSTS.locked}/info/newest/everything`, USERS.writer)).status).toBe(404);
    expect((await page('/p/ffffffffffff/info', USERS.writer)).status).toBe(404);
    const signedOut = await page(`/p/${POSTS.locked}/info`);
    expect(signedOut.status).toBe(200);
    expect(signedOut.html).not.toContain('data-response-id');
  });
});
