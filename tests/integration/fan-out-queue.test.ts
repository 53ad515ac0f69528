// The fan-out queue (issue 17; docs/adr/0090-one-fan-out-queue.md): publishing for a writer with 1,000
// newsletter subscribers answers before any email is sent; after the queue drains every
// subscriber has exactly one email, also when a batch fails half-way once and is retried; a
// poison message ends in the dead-letter queue, logged and recorded.
import { beforeAll, describe, expect, it, vi } from 'vitest';

// The queue runs in real time (batches wait up to max_batch_timeout): drains take seconds.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 90_000 });
import { sendCounted } from '../../worker/queues/producer.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { GRAPHQL_URL, testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { drainQueue, queueBacklog } from './helpers/queue.ts';
import { createSession } from '../../worker/session/session-store.ts';

const SUBSCRIBERS = 1000;
const SAVE = `mutation($title: String!, $contentJson: String!) { saveDraft(postId: null, baseRev: 0, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { post { id } } } }`;
const PUBLISH = `mutation($postId: ID!) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: false, sendToSubscribers: true) { __typename ... on Post { id } } }`;

let writerHeaders: Record<string, string>;

async function gql(query: string, variables: Record<string, unknown>, extra: Record<string, string> = {}) {
  const response = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { ...writerHeaders, ...extra }, body: JSON.stringify({ query, variables }) });
  expect(response.status).toBe(200);
  return (await response.json()) as { data: any };
}

async function draft(title: string): Promise<string> {
  const content = JSON.stringify({ paragraphs: [{ name: 'p0', type: 'P', text: `${title} body.`, markups: [] }] });
  return (await gql(SAVE, { title, contentJson: content })).data.saveDraft.post.id;
}

/** Emails of a subject per recipient: [address, count][]. */
async function emailsPerRecipient(subject: string): Promise<Map<string, number>> {
  const { results } = await testDb.prepare('SELECT to_address, count(*) AS n FROM dev_mailbox WHERE subject = ? GROUP BY to_address').bind(subject).all<{ to_address: string; n: number }>();
  return new Map(results.map((r) => [r.to_address, r.n]));
}

const subscriberEmail = (i: number) => `subscriber${i}@fan-out.test`;

beforeAll(async () => {
  await seedWorld(testDb);
  // 1,000 readers subscribed to the writer's newsletter.
  const now = Date.now();
  const statements = [];
  for (let i = 0; i < SUBSCRIBERS; i++) {
    const id = `f${i.toString(16).padStart(11, '0')}`;
    statements.push(
      testDb.prepare('INSERT INTO users (id, username, name, email, created_at) VALUES (?, ?, ?, ?, ?)').bind(id, `fan${i}`, `Fan ${i}`, subscriberEmail(i), now),
      testDb.prepare('INSERT INTO newsletter_subscriptions (subscriber_id, writer_id, created_at) VALUES (?, ?, ?)').bind(id, USERS.writer, now),
    );
  }
  for (let i = 0; i < statements.length; i += 200) await testDb.batch(statements.slice(i, i + 200));
  await testDb.prepare('DELETE FROM newsletter_subscriptions WHERE writer_id = ? AND subscriber_id NOT LIKE ?').bind(USERS.writer, 'f%').run();
  const session = await createSession(testDb, USERS.writer);
  writerHeaders = { 'content-type': 'application/json', cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf };
  await drainQueue();
});

describe('a newsletter to 1,000 subscribers', () => {
  it('the publish answers before any email is sent; after the queue drains each subscriber has exactly one', async () => {
    const title = 'A letter to a thousand';
    const postId = await draft(title);
    expect((await gql(PUBLISH, { postId })).data.publishPost).toEqual({ __typename: 'Post', id: postId });
    const answeredAt = Date.now();
    // Nothing sent yet: the request queued the work and answered.
    expect((await emailsPerRecipient(title)).size).toBe(0);
    await drainQueue();
    const perRecipient = await emailsPerRecipient(title);
    expect(perRecipient.size).toBe(SUBSCRIBERS);
    expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
    expect(perRecipient.has(subscriberEmail(0)) && perRecipient.has(subscriberEmail(SUBSCRIBERS - 1))).toBe(true);
    // Every email was made after the publish had answered.
    const earliest = await testDb.prepare('SELECT min(created_at) AS at FROM dev_mailbox WHERE subject = ?').bind(title).first<{ at: number }>();
    expect(earliest!.at).toBeGreaterThanOrEqual(answeredAt);
    expect(await testDb.prepare('SELECT recipient_count FROM newsletter_sends WHERE post_id = ?').bind(postId).first('recipient_count')).toBe(SUBSCRIBERS);
  });

  it('a batch that fails half-way once is retried, and still nobody gets two', async () => {
    const errors = vi.spyOn(console, 'error');
    const title = 'A letter through a failing batch';
    const postId = await draft(title);
    expect((await gql(PUBLISH, { postId }, { 'x-vellum-fault': 'queue-batch' })).data.publishPost.__typename).toBe('Post');
    await drainQueue();
    const perRecipient = await emailsPerRecipient(title);
    expect(perRecipient.size).toBe(SUBSCRIBERS);
    expect([...perRecipient.values()].filter((n) => n !== 1)).toEqual([]);
    // The fault did happen: batches failed half-way, after sending some of their emails.
    expect(errors.mock.calls.some(([line]) => String(line).includes('queue_batch_failed'))).toBe(true);
    errors.mockRestore();
  });
});

describe('a poison message', () => {
  it('fails every attempt, lands in the dead-letter queue, is logged and recorded', async () => {
    const errors = vi.spyOn(console, 'error');
    await sendCounted(testEnv, testEnv.FANOUT_QUEUE!, [{ kind: 'no-such-kind', payload: 'poison' }]);
    await drainQueue();
    const letters = await testDb.prepare("SELECT kind, body_json FROM queue_dead_letters WHERE kind = 'no-such-kind'").all<{ kind: string; body_json: string }>();
    expect(letters.results).toEqual([{ kind: 'no-such-kind', body_json: JSON.stringify({ kind: 'no-such-kind', payload: 'poison' }) }]);
    const logged = errors.mock.calls.map(([line]) => String(line));
    expect(logged.filter((line) => line.includes('"event":"queue_message_failed"') && line.includes('Not a fan-out message')).length).toBeGreaterThanOrEqual(2);
    expect(logged.some((line) => line.includes('"event":"queue_dead_letter"') && line.includes('no-such-kind'))).toBe(true);
    errors.mockRestore();
  });
});

describe('without a queue binding', () => {
  it('the work runs after the answer through waitUntil, and nothing is lost', async () => {
    const { enqueue } = await import('../../worker/queues/producer.ts');
    const post = (await testDb.prepare("SELECT id FROM posts WHERE creator_id = ? AND status = 'PUBLISHED' LIMIT 1").bind(USERS.writer).first<{ id: string }>())!;
    await testDb.prepare('INSERT OR IGNORE INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, ?, ?, ?)').bind(USERS.reader, 'USER', USERS.writer, Date.now()).run();
    const told = () => testDb.prepare("SELECT count(*) AS n FROM notifications WHERE post_id = ? AND type = 'NEW_STORY' AND user_id = ?").bind(post.id, USERS.reader).first<number>('n');
    expect(await told()).toBe(0);
    const backlog = await queueBacklog();
    await enqueue({ ...testEnv, FANOUT_QUEUE: undefined }, [{ kind: 'notifications.new-story', postId: post.id, writerId: USERS.writer, collectionId: null, now: Date.now(), after: '' }]);
    await vi.waitFor(async () => expect(await told()).toBe(1), { timeout: 10_000, interval: 50 });
    expect(await queueBacklog()).toEqual(backlog); // nothing went through the queue
  });
});

describe('idempotency keys', () => {
  it('the daily job forgets keys past any redelivery and keeps the recent ones', async () => {
    const { runScheduledJobs } = await import('../../worker/jobs/scheduled.ts');
    const now = Date.now();
    await testDb.batch([
      testDb.prepare('INSERT INTO queue_idempotency_keys (key, claimed_at) VALUES (?, ?)').bind('test:old', now - 16 * 86_400_000),
      testDb.prepare('INSERT INTO queue_idempotency_keys (key, claimed_at) VALUES (?, ?)').bind('test:recent', now - 13 * 86_400_000),
    ]);
    await runScheduledJobs(testEnv, now);
    const keys = (await testDb.prepare("SELECT key FROM queue_idempotency_keys WHERE key LIKE 'test:%' ORDER BY key").all<{ key: string }>()).results.map((r) => r.key);
    expect(keys).toEqual(['test:recent']);
  });
});
