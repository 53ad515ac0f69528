// Moderation seen by writers (issue 12 item 9): staff suspend and restore a story or an account
// (the pages that showed it are purged); nobody else can; the author of a suspended story sees
// the "under investigation" notice in the editor.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const SUSPEND_POST = `mutation($id: ID!, $s: Boolean!) { setPostSuspended(postId: $id, suspended: $s) { __typename ... on ModerationDone { id isSuspended } ... on NotFound { message } } }`;
const SUSPEND_USER = `mutation($id: ID!, $s: Boolean!) { setUserSuspended(userId: $id, suspended: $s) { __typename ... on ModerationDone { id isSuspended } ... on NotFound { message } } }`;
const RESULT = `query($id: ID!) { postResult(id: $id) { __typename } }`;

let staff: Caller;
let writer: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  staff = await signedIn(USERS.staff);
  writer = await signedIn(USERS.writer);
});

const invalidated = async () => ((await testDb.prepare('SELECT tag FROM cache_tag_invalidations').all<{ tag: string }>()).results ?? []).map((r) => r.tag);

describe('moderation', () => {
  it('only staff may suspend: anyone else is told the story does not exist, and nothing changes', async () => {
    expect((await writer.gql(SUSPEND_POST, { id: POSTS.open, s: true })).data!.setPostSuspended.__typename).toBe('NotFound');
    expect((await loggedOut.gql(SUSPEND_POST, { id: POSTS.open, s: true })).errors?.[0]?.message).toBe('Sign in to moderate.');
    expect((await writer.gql(SUSPEND_USER, { id: USERS.member, s: true })).data!.setUserSuspended.__typename).toBe('NotFound');
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data!.postResult.__typename).toBe('Post');
  });

  it('staff suspend a story: readers get PostSuspended, its pages are purged, its author sees the notice; restore undoes it', async () => {
    expect((await staff.gql(SUSPEND_POST, { id: POSTS.open, s: true })).data!.setPostSuspended).toEqual({ __typename: 'ModerationDone', id: POSTS.open, isSuspended: true });
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data!.postResult.__typename).toBe('PostSuspended');
    expect(await invalidated()).toEqual(expect.arrayContaining([`post:${POSTS.open}`, 'home']));
    const cookie = `sid=${(await createSession(testDb, USERS.writer)).token}`;
    const editor = await (await workerFetch(`http://localhost:8787/p/${POSTS.open}/edit`, { headers: { cookie } })).text();
    expect(editor).toContain('This story is under investigation or was found in violation of the');
    await staff.gql(SUSPEND_POST, { id: POSTS.open, s: false });
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data!.postResult.__typename).toBe('Post');
  });

  it('staff suspend an account: its stories answer AccountSuspended and its profile and stories are purged', async () => {
    await testDb.prepare('DELETE FROM cache_tag_invalidations').run();
    expect((await staff.gql(SUSPEND_USER, { id: USERS.writer, s: true })).data!.setUserSuspended.isSuspended).toBe(true);
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data!.postResult.__typename).toBe('AccountSuspended');
    expect(await invalidated()).toEqual(expect.arrayContaining([`user:${USERS.writer}`, `post:${POSTS.open}`, 'home']));
    await staff.gql(SUSPEND_USER, { id: USERS.writer, s: false });
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data!.postResult.__typename).toBe('Post');
  });
});
