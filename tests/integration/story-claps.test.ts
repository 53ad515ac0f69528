// Claps (issue 6 item 1; docs/product/3-routes-data-calls-constants.md §3 clapCount /
// viewerClapCount, §9 "Per-post default 50"): 1 to 50 per reader per story, kept by SQL even under
// concurrent calls; signed in only; anti-forgery checked; the story's clapCount follows; the
// anonymous page copy is purged.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { clearEdgeCache } from './helpers/edge-cache.ts';
import { call, page, sessionOf, type TestSession } from './helpers/story.ts';

const CLAP = /* GraphQL */ `
  mutation ClapMutation($targetPostId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, numClaps: $numClaps) { id clapCount viewerEdge { clapCount } }
  }
`;

/** The newest bulk story (public, by author 1). */
const BULK_STORY = 'f00000000001';

let reader: TestSession;
let member: TestSession;
let writer: TestSession;

beforeAll(async () => {
  await seedWorld(env.DB);
  [reader, member, writer] = await Promise.all([sessionOf('reader'), sessionOf('member'), sessionOf('writer')]);
});
beforeEach(async () => {
  await clearEdgeCache();
});

async function storedClaps(userId: string, postId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT count FROM claps WHERE user_id = ? AND post_id = ?').bind(userId, postId).first<{ count: number }>();
  return row?.count ?? 0;
}

async function clapCountColumn(postId: string): Promise<number> {
  return (await env.DB.prepare('SELECT clap_count FROM posts WHERE id = ?').bind(postId).first<{ clap_count: number }>())!.clap_count;
}

async function sumOfClaps(postId: string): Promise<number> {
  return (await env.DB.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM claps WHERE post_id = ?').bind(postId).first<{ n: number }>())!.n;
}

describe('clap', () => {
  it('adds the claps to the reader’s own and to the story’s count', async () => {
    const before = await clapCountColumn(POSTS.unlisted);
    const first = await call(CLAP, { targetPostId: POSTS.unlisted, numClaps: 3 }, { session: reader });
    expect(first.errors).toBeUndefined();
    expect(first.data.clap.viewerEdge.clapCount).toBe(3);
    const second = await call(CLAP, { targetPostId: POSTS.unlisted, numClaps: 4 }, { session: reader });
    expect(second.data.clap.viewerEdge.clapCount).toBe(7);
    expect(await storedClaps(USERS.reader, POSTS.unlisted)).toBe(7);
    // The seeded count was not a sum of rows; from the first clap on it is.
    expect(second.data.clap.clapCount).toBe(await sumOfClaps(POSTS.unlisted));
    expect(await clapCountColumn(POSTS.unlisted)).toBe(second.data.clap.clapCount);
    expect(before).not.toBeNaN();
  });

  it('tells the writer: one unread CLAP notification however many claps', async () => {
    const writerId = (await env.DB.prepare('SELECT creator_id AS id FROM posts WHERE id = ?').bind(BULK_STORY).first<{ id: string }>())!.id;
    await call(CLAP, { targetPostId: BULK_STORY, numClaps: 2 }, { session: member });
    await call(CLAP, { targetPostId: BULK_STORY, numClaps: 5 }, { session: member });
    const rows = await env.DB.prepare("SELECT post_id, read_at FROM notifications WHERE user_id = ? AND actor_id = ? AND type = 'CLAP'")
      .bind(writerId, USERS.member)
      .all<{ post_id: string; read_at: number | null }>();
    expect(rows.results).toEqual([{ post_id: BULK_STORY, read_at: null }]);
  });

  it('stops at 50 per reader per story: extra claps are dropped', async () => {
    await call(CLAP, { targetPostId: POSTS.open, numClaps: 30 }, { session: reader });
    const answer = await call(CLAP, { targetPostId: POSTS.open, numClaps: 30 }, { session: reader });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.clap.viewerEdge.clapCount).toBe(50);
    const again = await call(CLAP, { targetPostId: POSTS.open, numClaps: 1 }, { session: reader });
    expect(again.data.clap.viewerEdge.clapCount).toBe(50);
    expect(await storedClaps(USERS.reader, POSTS.open)).toBe(50);
    // The member's 12 seeded claps and the reader's 50.
    expect(again.data.clap.clapCount).toBe(62);
  });

  it('never passes 50 under 20 concurrent requests', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(CLAP, { targetPostId: POSTS.locked, numClaps: 7 }, { session: member })),
    );
    for (const answer of answers) {
      expect(answer.errors).toBeUndefined();
      expect(answer.data.clap.viewerEdge.clapCount).toBeLessThanOrEqual(50);
    }
    expect(Math.max(...answers.map((a) => a.data.clap.viewerEdge.clapCount))).toBe(50);
    expect(await storedClaps(USERS.member, POSTS.locked)).toBe(50);
    expect(await clapCountColumn(POSTS.locked)).toBe(await sumOfClaps(POSTS.locked));
  });

  it.each([0, -1, 51, 1000])('refuses numClaps %i with a clear message', async (numClaps) => {
    const answer = await call(CLAP, { targetPostId: POSTS.unlisted, numClaps }, { session: member });
    expect(answer.errors?.[0]?.message).toBe(`numClaps must be between 1 and 50 (got ${numClaps}).`);
    expect(await storedClaps(USERS.member, POSTS.unlisted)).toBe(0);
  });

  it('refuses a visitor', async () => {
    const answer = await call(CLAP, { targetPostId: POSTS.unlisted, numClaps: 1 });
    expect(answer.errors?.[0]).toMatchObject({ message: 'Sign in to clap for a story.', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('refuses a call without the session’s anti-forgery value', async () => {
    for (const xsrf of [null, 'forged-value']) {
      const answer = await call(CLAP, { targetPostId: POSTS.bySuspendedWriter, numClaps: 5 }, { session: reader, xsrf });
      expect(answer.errors?.[0]?.message).toMatch(/anti-forgery/);
    }
    expect(await storedClaps(USERS.reader, POSTS.bySuspendedWriter)).toBe(0);
  });

  it('refuses stories the reader cannot open, drafts, and the writer’s own story', async () => {
    const cases: [string, TestSession, string][] = [
      ['ffffffffffff', reader, 'This story does not exist.'],
      [POSTS.draft, reader, 'This story does not exist.'],
      [POSTS.trashed, reader, 'This story was deleted by its author.'],
      [POSTS.suspended, reader, 'This story is under investigation or was found in violation of the Vellum Rules.'],
      [POSTS.draft, writer, 'Only published stories can be clapped for.'],
      [POSTS.open, writer, 'You cannot clap for your own story.'],
    ];
    for (const [postId, session, message] of cases) {
      const answer = await call(CLAP, { targetPostId: postId, numClaps: 1 }, { session });
      expect(answer.errors?.[0]?.message, postId).toBe(message);
    }
  });

  it('purges the story’s cached page: the next anonymous read shows the new count', async () => {
    const path = `/p/${BULK_STORY}`;
    expect((await page(path)).cacheStatus).toBe('MISS');
    expect((await page(path)).cacheStatus).toBe('HIT');
    const answer = await call(CLAP, { targetPostId: BULK_STORY, numClaps: 9 }, { session: reader });
    const after = await page(path);
    expect(after.cacheStatus).toBe('MISS');
    expect(after.text).toContain(`aria-label="${answer.data.clap.clapCount} claps"`);
  });

  it('shows a signed-in reader their own claps on the page', async () => {
    const html = (await page(`/p/${POSTS.unlisted}`, reader)).text;
    expect(html).toContain('data-testid="viewer-claps"');
    expect(html).toContain('+<!-- -->7');
  });
});
