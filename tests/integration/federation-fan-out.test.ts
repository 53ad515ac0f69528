// A story reaches a large fediverse audience (issue 30 point 3; docs/adr/0211-federation-fan-out-in-bounded-batches.md):
// with 1,000 followers behind 50 shared inboxes, the federation.story message is not
// dead-lettered — the Create goes once to each of the 50 shared inboxes, through the fan-out
// queue in bounded batches. The stand-in servers take the deliveries that leave through fetch.
import { expect, it, vi } from 'vitest';
import { enqueue } from '../../worker/queues/producer.ts';
import { deliveryInboxesPage } from '../../worker/federation/followers.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';

const FOLLOWERS = 1_000;
const INSTANCES = 50;
const instance = (n: number) => `https://i${n % INSTANCES}.example.org`;

it('publishing to 1,000 fediverse followers on 50 instances delivers the Create once to each shared inbox, nothing dead-lettered', { timeout: 240_000 }, async () => {
  await seedWorld(testDb);
  await testDb.prepare('DELETE FROM queue_dead_letters').run();
  await testDb.prepare('DELETE FROM federation_followers').run();
  await testDb.prepare('DELETE FROM federated_stories').run();
  // 1,000 rows in a few statements (D1 binds at most 100 parameters: 14 rows of 7 a statement).
  const rows = Array.from({ length: FOLLOWERS }, (_, n) => {
    const origin = instance(n);
    return [USERS.writer, `${origin}/users/f${n}`, `${origin}/users/f${n}/inbox`, `${origin}/inbox`, `${origin}/follows/f${n}`, `f${n}`, n + 1];
  });
  const statements = [];
  for (let i = 0; i < rows.length; i += 14) {
    const chunk = rows.slice(i, i + 14);
    statements.push(
      testDb
        .prepare(`INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`)
        .bind(...chunk.flat()),
    );
  }
  await testDb.batch(statements);

  // The pages the deliveries are sent by: distinct inboxes, none twice, none left out, whatever the page size.
  const paged: string[] = [];
  let pages = 0;
  for (let after: string | null = ''; after !== null; pages++) {
    const page: Awaited<ReturnType<typeof deliveryInboxesPage>> = await deliveryInboxesPage(testDb, USERS.writer, after, 20);
    expect(page.inboxes.length).toBeLessThanOrEqual(20);
    paged.push(...page.inboxes.map((inbox) => inbox.inbox));
    after = page.nextAfter;
  }
  expect(pages).toBe(3);
  expect(new Set(paged).size).toBe(INSTANCES);
  expect(paged.length).toBe(INSTANCES);

  const delivered: { url: string; type: string }[] = [];
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!/^https:\/\/i\d+\.example\.org\//.test(request.url)) return runtimeFetch(input as RequestInfo, init);
    delivered.push({ url: request.url, type: (JSON.parse(await request.text()) as { type: string }).type });
    return new Response(null, { status: 202 });
  });
  try {
    await enqueue(testEnv, [{ kind: 'federation.story', postId: POSTS.open }]);
    await drainQueue();
    const dead = await testDb.prepare('SELECT kind, body_json AS body FROM queue_dead_letters').all<{ kind: string; body: string }>();
    expect(dead.results.map((row) => `${row.kind}: ${row.body.slice(0, 160)}`)).toEqual([]);
    const inboxes = new Set(delivered.map((d) => d.url));
    expect(inboxes.size).toBe(INSTANCES);
    expect([...inboxes].every((url) => /^https:\/\/i\d+\.example\.org\/inbox$/.test(url))).toBe(true);
    // Once per shared inbox, never once per follower.
    expect(delivered.length).toBe(INSTANCES);
    expect(new Set(delivered.map((d) => d.type))).toEqual(new Set(['Create']));
  } finally {
    spy.mockRestore();
  }
});
