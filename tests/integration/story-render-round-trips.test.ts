// Issue 25 point 4 (docs/adr/0210-reads-of-one-turn-in-one-batch.md): a fresh story render runs a
// bounded number of D1 statements (x-d1-queries), and the independent ones go in one batch()
// (x-d1-round-trips): the story (with its writer, publication, design, series, the writer's
// membership promotion and the count of its replies from the fediverse), then one batch of the
// rest. The goal is 6 statements; two round trips.
// The batched rows are read by position (SELECT * FROM (…)), so a join's repeated column names
// (posts.id and users.id) must still land in the right fields: checked through what the reader sees.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, POSTS, USERS, seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { postGraphQL } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';

const FRESH = { vars: { EDGE_CACHE: 'off' } };
const MAX_STATEMENTS = 6;
const MAX_ROUND_TRIPS = 2;

beforeAll(async () => {
  await seedWorld(env.DB);
});

describe('a fresh story render', () => {
  it(`runs at most ${MAX_STATEMENTS} statements in at most ${MAX_ROUND_TRIPS} round trips, and shows the story, its writer and its publication`, async () => {
    // The story in a publication with a design: the page reads the most.
    const [one, two] = [await send(`/p/${POSTS.open}`, FRESH), await send(`/p/${POSTS.open}`, FRESH)];
    for (const answer of [one, two]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-page-name')).toBe('post');
      expect(Number(answer.headers.get('x-d1-queries'))).toBeLessThanOrEqual(MAX_STATEMENTS);
      expect(Number(answer.headers.get('x-d1-round-trips'))).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
      // Fewer trips than statements: the independent reads went together.
      expect(Number(answer.headers.get('x-d1-round-trips'))).toBeLessThan(Number(answer.headers.get('x-d1-queries')));
      expect(answer.text).toContain('Open Story');
      expect(answer.text).toContain('Wren Writer');
      expect(answer.text).toContain('The Quill');
    }
  }, 60_000);

  it('the locked story with its one response: the response, its writer and the count come right out of the batch', async () => {
    const answer = await send(`/p/${POSTS.locked}`, FRESH);
    expect(answer.status).toBe(200);
    expect(Number(answer.headers.get('x-d1-queries'))).toBeLessThanOrEqual(MAX_STATEMENTS);
    expect(answer.text).toContain('Rae Reader');
    // The writer keeps the membership promotion on (no preference row): the paywall invites support.
    expect(answer.text).toContain('data-testid="paywall-support-writer"');
  }, 60_000);

  it("the writer's promotion and the story's replies from the fediverse ride on the story's read: the list is read only when there is one", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO user_preferences (user_id, key, enabled, updated_at) VALUES (?, 'membership_promotion', 0, ?)").bind(USERS.writer, now),
      env.DB.prepare("INSERT INTO remote_authors (actor_uri, handle, name, profile_url, updated_at) VALUES ('https://social.example.org/users/bob', '@bob@social.example.org', 'Bob Remote', 'https://social.example.org/@bob', ?)").bind(now),
      env.DB.prepare(
        "INSERT INTO fediverse_responses (id, post_id, author_uri, note_uri, url, content, created_at, updated_at) VALUES ('fr0000000001', ?, 'https://social.example.org/users/bob', 'https://social.example.org/notes/1', 'https://social.example.org/@bob/1', ?, ?, ?)",
      ).bind(POSTS.locked, JSON.stringify({ paragraphs: [{ name: '0000', type: 'P', text: 'Greetings from the fediverse', markups: [] }] }), now, now),
    ]);
    try {
      const answer = await send(`/p/${POSTS.locked}`, FRESH);
      expect(answer.status).toBe(200);
      expect(answer.text).toContain('Greetings from the fediverse');
      expect(answer.text).not.toContain('data-testid="paywall-support-writer"');
      // The one statement more: the replies' list, in the same batch as the rest.
      expect(Number(answer.headers.get('x-d1-queries'))).toBeLessThanOrEqual(MAX_STATEMENTS + 1);
      expect(Number(answer.headers.get('x-d1-round-trips'))).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
    } finally {
      await env.DB.batch([
        env.DB.prepare("DELETE FROM user_preferences WHERE user_id = ? AND key = 'membership_promotion'").bind(USERS.writer),
        env.DB.prepare("DELETE FROM fediverse_responses WHERE id = 'fr0000000001'"),
      ]);
    }
  }, 60_000);
});

describe("a signed-in reader's story page", () => {
  it('reads its membership with the first batch: at most 10 statements in 2 round trips (docs/adr/0222-signed-in-story-page-reads.md); the read is recorded once the page is answered', async () => {
    const session = (await createSession(env.DB, USERS.reader)).token;
    await env.DB.prepare('DELETE FROM reading_history WHERE user_id = ? AND post_id = ?').bind(USERS.reader, POSTS.open).run();
    const answer = await send(`/p/${POSTS.open}`, { session });
    expect(answer.status).toBe(200);
    expect(answer.cacheStatus).toBe('DYNAMIC');
    expect(answer.text).toContain('Open Story');
    expect(answer.text).toContain('"isLoggedInCookie":true');
    expect(Number(answer.headers.get('x-d1-queries'))).toBeLessThanOrEqual(10);
    expect(Number(answer.headers.get('x-d1-round-trips'))).toBeLessThanOrEqual(2);
    // send() waits for the response's waitUntil, where the read is written.
    const row = await env.DB.prepare('SELECT read_at AS readAt FROM reading_history WHERE user_id = ? AND post_id = ?').bind(USERS.reader, POSTS.open).first<{ readAt: number }>();
    expect(row).not.toBeNull();
  }, 60_000);
});

const THREAD = `
  query Thread($postId: ID!) {
    postResult(id: $postId) { ... on Post { id postResponses { count } } }
    postPageExtras: post(id: $postId) {
      id
      threadedPostResponses(paging: { limit: 5 }, sortType: NEWEST) { posts { id title creator { id name } collection { id } } }
      collection { id name }
      creator { id name }
    }
  }`;
const COUNT_ONLY = 'query Count($postId: ID!) { post(id: $postId) { id postResponses { count } } }';

describe("a thread's count and first page", () => {
  it('are read by one statement, and agree with the count read alone', async () => {
    const both = await postGraphQL({ query: THREAD, variables: { postId: POSTS.locked } });
    expect(both.body.errors).toBeUndefined();
    const extras = both.body.data.postPageExtras;
    expect(both.body.data.postResult).toEqual({ id: POSTS.locked, postResponses: { count: 1 } });
    expect(extras.threadedPostResponses.posts).toEqual([{ id: POSTS.response, title: 'A Response', creator: { id: USERS.reader, name: 'Rae Reader' }, collection: null }]);
    const alone = await postGraphQL({ query: COUNT_ONLY, variables: { postId: POSTS.locked } });
    expect(alone.body.data.post.postResponses.count).toBe(1);
    // The story and its thread (count included): no statement of its own for the count.
    expect(Number(both.headers.get('x-d1-queries'))).toBeLessThanOrEqual(Number(alone.headers.get('x-d1-queries')) + 1);
  });

  it('a story in a publication: its writer and publication beside it, each in its own fields', async () => {
    const answer = await postGraphQL({ query: THREAD, variables: { postId: POSTS.open } });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.postResult.postResponses.count).toBe(0);
    expect(answer.body.data.postPageExtras).toMatchObject({
      id: POSTS.open,
      threadedPostResponses: { posts: [] },
      collection: { id: COLLECTIONS.quill, name: 'The Quill' },
      creator: { id: USERS.writer, name: 'Wren Writer' },
    });
  });
});
