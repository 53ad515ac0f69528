// D1 read replicas through the Sessions API (issue 17; docs/adr/0092-d1-read-replicas.md;
// worker/session/request-database.ts): a signed-in reader's answers carry their D1 session bookmark
// in the d1b cookie, and the next request reads through a session started at that bookmark, so
// a reader who claps or follows and reads right after sees their write even when reads go to a
// replica. Signed-out answers never carry the cookie (the edge cache stores only cookie-free
// pages); a forged bookmark is ignored (the read starts at the primary) and cannot break a page.
import { beforeAll, describe, expect, it } from 'vitest';
import { BOOKMARK_COOKIE } from '../../worker/session/request-database.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { GRAPHQL_URL, testDb, workerFetch } from './helpers/graphql-client.ts';

const CLAP = `mutation($id: ID!) { clap(targetPostId: $id, numClaps: 3) { id viewerEdge { clapCount } } }`;
const MY_CLAPS = `query($id: ID!) { post(id: $id) { id viewerEdge { clapCount } } }`;
const FOLLOW = `mutation($id: ID!) { followUser(targetUserId: $id) { __typename } }`;
const FOLLOWING = `query($id: ID!) { user(id: $id) { viewerEdge { isFollowing } } }`;

let sid: string;
let xsrf: string;

function bookmarkOf(response: Response): string | null {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`));
  return cookie ? cookie.slice(BOOKMARK_COOKIE.length + 1).split(';')[0]! : null;
}

async function gql(query: string, variables: Record<string, unknown>, cookies: string): Promise<{ response: Response; body: any }> {
  const response = await workerFetch(GRAPHQL_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ query, variables }),
  });
  expect(response.status).toBe(200);
  return { response, body: await response.json() };
}

beforeAll(async () => {
  await seedWorld(testDb);
  const session = await createSession(testDb, USERS.reader);
  [sid, xsrf] = [session.token, session.xsrf];
});

describe('a signed-in reader reads their own writes', () => {
  it('a clap answers with the session bookmark, and the next read at that bookmark shows the clap', async () => {
    const clapped = await gql(CLAP, { id: POSTS.open }, `sid=${sid}`);
    expect(clapped.body.data.clap.viewerEdge.clapCount).toBe(3);
    const bookmark = bookmarkOf(clapped.response);
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/i);
    const cookie = clapped.response.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Path=/');

    const read = await gql(MY_CLAPS, { id: POSTS.open }, `sid=${sid}; ${BOOKMARK_COOKIE}=${bookmark}`);
    expect(read.body.data.post.viewerEdge.clapCount).toBe(3);
  });

  it('a follow, then the writer’s profile page right after, shows the follow', async () => {
    const followed = await gql(FOLLOW, { id: USERS.friend }, `sid=${sid}`);
    expect(followed.body.data.followUser.__typename).toBe('ViewerEdgeUpdate');
    const bookmark = bookmarkOf(followed.response);
    expect(bookmark).not.toBeNull();
    const read = await gql(FOLLOWING, { id: USERS.friend }, `sid=${sid}; ${BOOKMARK_COOKIE}=${bookmark}`);
    expect(read.body.data.user.viewerEdge.isFollowing).toBe(true);
    // A page read at that bookmark (server rendering reads through the same kind of session).
    const page = await workerFetch('http://localhost:8787/@friend', { headers: { cookie: `sid=${sid}; ${BOOKMARK_COOKIE}=${bookmark}` } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Following');
  });

  it('a forged or malformed bookmark is ignored: the read starts at the primary and still sees the write', async () => {
    for (const forged of ['not-a-bookmark', '../../etc', 'ffffffff-ffffffff-ffffffff-ffffffffffffffffffffffffffffffff', '']) {
      const read = await gql(MY_CLAPS, { id: POSTS.open }, `sid=${sid}; ${BOOKMARK_COOKIE}=${forged}`);
      expect(read.body.errors).toBeUndefined();
      expect(read.body.data.post.viewerEdge.clapCount).toBe(3);
    }
  });
});

describe('signed out', () => {
  it('never carries the bookmark cookie (pages stay cacheable), even when one is sent', async () => {
    const page = await workerFetch(`http://localhost:8787/p/${POSTS.open}`, { headers: { cookie: `${BOOKMARK_COOKIE}=00000001-00000002-00000003-0000000000000004` } });
    expect(page.status).toBeLessThan(400);
    expect(page.headers.getSetCookie().filter((c) => c.startsWith(`${BOOKMARK_COOKIE}=`))).toEqual([]);
    const answer = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json', 'x-xsrf-token': '1' }, body: JSON.stringify({ query: MY_CLAPS, variables: { id: POSTS.open } }) });
    expect(answer.headers.getSetCookie()).toEqual([]);
  });
});
