// /p/{postId}/upvotes: who clapped for a story, most recent clap first, with each reader's
// claps; suspended accounts left out; paged by cursor; a story nobody may open is a 404.
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { loggedOut, signedIn } from './helpers/signed-in.ts';

const CLAP = `mutation($id: ID!, $n: Int!) { clap(targetPostId: $id, numClaps: $n) { clapCount } }`;
const CLAPPERS = `query($id: ID!, $paging: PagingOptions) { post(id: $id) { clappersConnection(paging: $paging) { claps { clapCount user { username } } pagingInfo { next { limit to } } } } }`;

async function page(path: string) {
  const response = await workerFetch(`http://localhost:8787${path}`);
  return { status: response.status, pageName: response.headers.get('x-page-name'), html: await response.text() };
}

beforeAll(async () => {
  await seedWorld(testDb);
  // Known claps and order: only these three, the member first, the reader last.
  await testDb.prepare('DELETE FROM claps WHERE post_id = ?').bind(POSTS.open).run();
  await (await signedIn(USERS.member)).gql(CLAP, { id: POSTS.open, n: 7 });
  await testDb.prepare('UPDATE claps SET updated_at = updated_at - 60000 WHERE user_id = ? AND post_id = ?').bind(USERS.member, POSTS.open).run();
  await (await signedIn(USERS.reader)).gql(CLAP, { id: POSTS.open, n: 3 });
  // A suspended account's claps stay counted but the account is not listed.
  await testDb.prepare('INSERT INTO claps (user_id, post_id, count, updated_at) VALUES (?, ?, 2, ?) ON CONFLICT DO NOTHING').bind(USERS.suspendedWriter, POSTS.open, Date.now()).run();
});

describe('who clapped', () => {
  it('lists the readers who clapped, most recent first, with their claps', async () => {
    const answer = await page(`/p/${POSTS.open}/upvotes`);
    expect(answer.status).toBe(200);
    expect(answer.pageName).toBe('post-upvotes');
    const rae = answer.html.indexOf('Rae Reader');
    const mia = answer.html.indexOf('Mia Member');
    expect(rae).toBeGreaterThan(-1);
    expect(mia).toBeGreaterThan(rae);
    expect(answer.html).toMatch(/Rae Reader[\s\S]*?3 claps/);
    expect(answer.html).toMatch(/Mia Member[\s\S]*?7 claps/);
    expect(answer.html).not.toContain('Sus Pended');
  });

  it('pages by cursor through GraphQL', async () => {
    const first = (await loggedOut.gql(CLAPPERS, { id: POSTS.open, paging: { limit: 1 } })).data.post.clappersConnection;
    expect(first.claps).toEqual([{ clapCount: 3, user: { username: 'reader' } }]);
    expect(first.pagingInfo.next).not.toBeNull();
    const second = (await loggedOut.gql(CLAPPERS, { id: POSTS.open, paging: first.pagingInfo.next })).data.post.clappersConnection;
    expect(second.claps).toEqual([{ clapCount: 7, user: { username: 'member' } }]);
    expect(second.pagingInfo.next).toBeNull();
  });

  it('is a 404 for a draft, a trashed story or no story, with nothing of it', async () => {
    for (const id of [POSTS.draft, POSTS.trashed, '0123456789ab']) {
      const answer = await page(`/p/${id}/upvotes`);
      expect(answer.status, id).toBe(404);
      expect(answer.html).not.toContain('Draft Story');
    }
  });

  it('the story page links its clap count to the list', async () => {
    const story = await page(`/p/${POSTS.open}`);
    expect(story.html).toContain(`href="/p/${POSTS.open}/upvotes"`);
  });
});
