// A publication's fediverse followers receive its stories (issue 30 points 2–3;
// docs/adr/0207-fediverse-followers-in-the-audience.md): a story published in a publication whose
// writer has no fediverse followers is still sent — by the publication's actor, to the
// publication's followers (one delivery per shared inbox), the Article attributed to the writer —
// and its unpublishing sends them the Delete. The federation.story message is queued as the
// consequences queue it; the stand-in server takes the deliveries that leave through fetch.
import { expect, it, vi } from 'vitest';
import { enqueue } from '../../worker/queues/producer.ts';
import { COLLECTIONS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';
import { drainQueue } from './helpers/queue.ts';

const PUB = 'https://pub.example.org';
const WRITER_ACTOR = `http://localhost:8787/ap/actors/${USERS.writer}`;
const QUILL_ACTOR = `http://localhost:8787/ap/actors/${COLLECTIONS.quill}`;

it("a publication's fediverse followers are sent its stories by the publication's actor: Create, then Delete", { timeout: 120_000 }, async () => {
  await seedWorld(testDb);
  const follower = (name: string, at: number) =>
    testDb
      .prepare('INSERT INTO federation_followers (actor_id, follower_uri, inbox, shared_inbox, follow_uri, handle, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .bind(COLLECTIONS.quill, `${PUB}/users/${name}`, `${PUB}/users/${name}/inbox`, `${PUB}/inbox`, `${PUB}/follows/${name}`, name, at)
      .run();
  await follower('pia', 1);
  await follower('quin', 2);
  const delivered: { url: string; body: string }[] = [];
  const runtimeFetch = globalThis.fetch;
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (!request.url.startsWith(PUB)) return runtimeFetch(input as RequestInfo, init);
    delivered.push({ url: request.url, body: await request.text() });
    return new Response(null, { status: 202 });
  });
  try {
    expect((await testDb.prepare('SELECT count(*) AS n FROM federation_followers WHERE actor_id = ?').bind(USERS.writer).first<{ n: number }>())?.n).toBe(0);
    await enqueue(testEnv, [{ kind: 'federation.story', postId: POSTS.open }]);
    await drainQueue();
    const created = delivered.splice(0);
    expect(created.map((d) => d.url)).toEqual([`${PUB}/inbox`]);
    const activity = JSON.parse(created[0]!.body);
    expect(activity.type).toBe('Create');
    expect(activity.actor).toBe(QUILL_ACTOR);
    expect(activity.object.type).toBe('Article');
    expect(activity.object.attributedTo).toBe(WRITER_ACTOR);
    expect(activity.object.id).toBe(`http://localhost:8787/ap/stories/${POSTS.open}`);

    await testDb.prepare("UPDATE posts SET status = 'DRAFT' WHERE id = ?").bind(POSTS.open).run();
    await enqueue(testEnv, [{ kind: 'federation.story', postId: POSTS.open }]);
    await drainQueue();
    const deleted = delivered.splice(0).map((d) => JSON.parse(d.body));
    expect(deleted.map((a) => [a.type, a.actor, a.object.id])).toEqual([['Delete', QUILL_ACTOR, `http://localhost:8787/ap/stories/${POSTS.open}`]]);
  } finally {
    spy.mockRestore();
  }
});
