// Reading history: recorded when a signed-in reader's story page is rendered (and by
// markPostAsRead), newest first, removable one by one, clearable, and only ever the
// viewer's own.
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';
import { createSession } from '../../worker/session/session-store.ts';

const HISTORY = `{ viewer { readingHistoryConnection { items { readAt post { id title } } pagingInfo { next { to } } } } }`;

let world: World;
let reader: Caller;
beforeAll(async () => {
  world = await seedWorld(testDb);
  reader = await signedIn(USERS.reader);
});

const historyIds = async (caller: Caller) =>
  ((await caller.gql(HISTORY)).data.viewer.readingHistoryConnection.items as { post: { id: string } }[]).map((i) => i.post.id);

async function openStoryPage(userId: string | null, postId: string): Promise<Response> {
  const headers: Record<string, string> = {};
  if (userId) headers.cookie = `sid=${(await createSession(testDb, userId)).token}`;
  const response = await workerFetch(`http://localhost:8787/p/${postId}`, { headers });
  await response.text();
  return response;
}

describe('recording a read', () => {
  it('the story page rendered for a signed-in reader records it', async () => {
    const story = world.bulk[0]!.id;
    const page = await openStoryPage(USERS.reader, story);
    expect(page.status).toBe(200);
    // Recorded once the page is answered (docs/adr/0216-reading-history-after-the-response.md).
    await expect.poll(() => historyIds(reader), { timeout: 30_000 }).toEqual([story]);
  });

  it('a logged-out read, a story the reader cannot retrieve and the writer\'s own story are not recorded', async () => {
    await openStoryPage(null, world.bulk[1]!.id);
    await openStoryPage(USERS.reader, POSTS.draft);
    const writer = await signedIn(USERS.writer);
    await openStoryPage(USERS.writer, POSTS.open);
    // A read the reader may record, opened after those: once it shows, the pages opened before it
    // have had their turn too, and recorded nothing.
    await openStoryPage(USERS.reader, world.bulk[6]!.id);
    await expect.poll(() => historyIds(reader), { timeout: 30_000 }).toEqual([world.bulk[6]!.id, world.bulk[0]!.id]);
    expect(await historyIds(writer)).toEqual([]);
  });

  it('markPostAsRead records a read reached without a page load', async () => {
    const answer = await reader.gql(`mutation($id: ID!) { markPostAsRead(postId: $id) }`, { id: world.bulk[2]!.id });
    expect(answer.data.markPostAsRead).toBe(true);
    expect(await historyIds(reader)).toContain(world.bulk[2]!.id);
    const own = await reader.gql(`mutation($id: ID!) { markPostAsRead(postId: $id) }`, { id: POSTS.response });
    expect(own.data.markPostAsRead).toBe(false);
  });
});

describe('the reading history list', () => {
  let member: Caller;
  const stories = () => [world.bulk[3]!.id, world.bulk[4]!.id, world.bulk[5]!.id];
  beforeAll(async () => {
    member = await signedIn(USERS.member);
    const [a, b, c] = stories();
    const at = Date.now();
    // Read at known times: c newest, then a, then b.
    for (const [postId, readAt] of [[a, at - 2000], [b, at - 3000], [c, at - 1000]] as const) {
      await testDb.prepare('INSERT INTO reading_history (user_id, post_id, read_at) VALUES (?, ?, ?)').bind(USERS.member, postId, readAt).run();
    }
  });

  it('shows the newest read first, and only to the reader', async () => {
    const [a, b, c] = stories();
    expect(await historyIds(member)).toEqual([c, a, b]);
    const other = await reader.gql(`{ user(username: "member") { readingHistoryConnection { items { post { id } } } } }`);
    expect(other.data.user.readingHistoryConnection).toBeNull();
  });

  it('drops a story that went to the trash', async () => {
    const [a, b, c] = stories();
    await testDb.prepare('UPDATE posts SET deleted_at = ? WHERE id = ?').bind(Date.now(), a).run();
    expect(await historyIds(member)).toEqual([c, b]);
    await testDb.prepare('UPDATE posts SET deleted_at = NULL WHERE id = ?').bind(a).run();
  });

  it('removes one story, then clears the rest', async () => {
    const [a, b, c] = stories();
    const removed = await member.gql(`mutation($id: ID!) { removeFromReadingHistory(postId: $id) { removedCount } }`, { id: a });
    expect(removed.data.removeFromReadingHistory.removedCount).toBe(1);
    expect(await historyIds(member)).toEqual([c, b]);
    const cleared = await member.gql(`mutation { clearReadingHistory { removedCount } }`);
    expect(cleared.data.clearReadingHistory.removedCount).toBe(2);
    expect(await historyIds(member)).toEqual([]);
    // The reader's history is untouched.
    expect((await historyIds(reader)).length).toBeGreaterThan(0);
  });

  it('changing it needs a signed-in viewer with the anti-forgery header', async () => {
    const response = await workerFetch('http://localhost:8787/_/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `sid=${(await createSession(testDb, USERS.reader)).token}` },
      body: JSON.stringify({ query: 'mutation { clearReadingHistory { removedCount } }' }),
    });
    const body = (await response.json()) as { errors?: { message: string }[] };
    expect(body.errors?.[0]?.message).toBe('Missing or invalid anti-forgery token.');
    expect((await historyIds(reader)).length).toBeGreaterThan(0);
  });
});
