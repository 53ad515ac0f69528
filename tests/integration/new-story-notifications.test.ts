// NEW_STORY notifications (issue 12 item 4; docs/newsletters.md "New-story notifications"):
// publishing a story for the first time tells the writer's followers and, when it goes straight
// into a publication, the publication's followers — once each, never again on republish, never
// for an unlisted story, never across a block. The fan-out runs on the queue (docs/adr/0090-one-fan-out-queue.md):
// the tests drain it after publishing; it pages through every follower.
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORS, COLLECTIONS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';
import { tellFollowers } from '../../worker/notifications/new-story.ts';
import { drainQueue } from './helpers/queue.ts';

const SAVE = `mutation($postId: ID, $baseRev: Int!, $title: String!, $contentJson: String!) { saveDraft(postId: $postId, baseRev: $baseRev, title: $title, subtitle: "", contentJson: $contentJson) { __typename ... on DraftSaved { rev post { id } } } }`;
const PUBLISH = `mutation($postId: ID!, $unlisted: Boolean!, $collectionId: ID) { publishPost(postId: $postId, tags: [], memberOnly: false, unlisted: $unlisted, collectionId: $collectionId) { __typename ... on Post { id isPublished } } }`;
const UNPUBLISH = `mutation($postId: ID!) { unpublishPost(postId: $postId) { __typename } }`;
const LIST = `{ viewer { notificationsConnection { notifications { notificationType isUnread actor { username } post { id title } } } } }`;
const content = (text: string) => JSON.stringify({ paragraphs: [{ name: '0001', type: 'P', text, markups: [] }] });

let writer: Caller;
let reader: Caller;

async function draft(title: string, postId: string | null = null, baseRev = 0): Promise<{ id: string; latestRev: number }> {
  const answer = await writer.gql(SAVE, { postId, baseRev, title, contentJson: content(`${title} body.`) });
  expect(answer.data!.saveDraft.__typename).toBe('DraftSaved');
  return { id: answer.data!.saveDraft.post.id, latestRev: answer.data!.saveDraft.rev };
}

async function publish(postId: string, options: { unlisted?: boolean; collectionId?: string } = {}) {
  const answer = await writer.gql(PUBLISH, { postId, unlisted: options.unlisted ?? false, collectionId: options.collectionId ?? null });
  expect(answer.data!.publishPost).toEqual({ __typename: 'Post', id: postId, isPublished: true });
  await drainQueue();
}

async function toldOf(postId: string): Promise<string[]> {
  const { results } = await testDb.prepare("SELECT user_id FROM notifications WHERE type = 'NEW_STORY' AND post_id = ? ORDER BY user_id").bind(postId).all<{ user_id: string }>();
  return (results ?? []).map((r) => r.user_id);
}

beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
  const follow = (followerId: string, type: string, targetId: string) =>
    testDb.prepare('INSERT OR IGNORE INTO follows (follower_id, target_type, target_id, created_at) VALUES (?, ?, ?, ?)').bind(followerId, type, targetId, Date.now()).run();
  await follow(USERS.reader, 'USER', USERS.writer); // follows the writer and The Quill: told once
  await follow(USERS.reader, 'COLLECTION', COLLECTIONS.quill);
  // The member follows The Quill only (the world also has them follow the writer).
  await testDb.prepare("DELETE FROM follows WHERE follower_id = ? AND target_type = 'USER' AND target_id = ?").bind(USERS.member, USERS.writer).run();
  await follow(USERS.member, 'COLLECTION', COLLECTIONS.quill);
  await follow(USERS.friend, 'USER', USERS.writer);
  await follow(AUTHORS[0], 'USER', USERS.writer); // blocked by the writer: never told
  await testDb.prepare('INSERT OR IGNORE INTO blocks (blocker_id, blocked_id, created_at) VALUES (?, ?, ?)').bind(USERS.writer, AUTHORS[0], Date.now()).run();
});

describe('a first publication', () => {
  it('tells the writer’s followers and the publication’s, once each, but not a blocked follower', async () => {
    const post = await draft('A brand new story');
    await publish(post.id, { collectionId: COLLECTIONS.quill });
    expect(await toldOf(post.id)).toEqual([USERS.reader, USERS.member, USERS.friend].sort());
  });

  it('shows in the follower’s notifications with the writer and the story', async () => {
    const post = await draft('Seen in notifications');
    await publish(post.id);
    const notifications = (await reader.gql(LIST)).data!.viewer.notificationsConnection.notifications;
    expect(notifications[0]).toEqual({ notificationType: 'NEW_STORY', isUnread: true, actor: { username: 'writer' }, post: { id: post.id, title: 'Seen in notifications' } });
    // The page says it in words.
    const cookie = `sid=${(await createSession(testDb, USERS.reader)).token}`;
    const page = await (await workerFetch('http://localhost:8787/me/notifications', { headers: { cookie } })).text();
    expect(page).toMatch(/data-type="NEW_STORY"[\s\S]*?published a new story: <a[^>]*>Seen in notifications<\/a>/);
  });

  it('tells only the writer’s followers when the story is published outside the publication', async () => {
    const post = await draft('On my profile only');
    await publish(post.id);
    expect(await toldOf(post.id)).toEqual([USERS.reader, USERS.friend].sort());
  });
});

describe('never twice, never for what is not announced', () => {
  it('an edit republished, or an unpublish and a publish again, tells nobody again', async () => {
    const post = await draft('Published twice');
    await publish(post.id);
    expect(await toldOf(post.id)).toEqual([USERS.reader, USERS.friend].sort());
    // Gone from the table (as if cleared), so only the once-per-story rule can keep them away.
    await testDb.prepare("DELETE FROM notifications WHERE type = 'NEW_STORY' AND post_id = ?").bind(post.id).run();
    const edited = await draft('Published twice, edited', post.id, post.latestRev);
    await publish(edited.id);
    expect((await writer.gql(UNPUBLISH, { postId: post.id })).data!.unpublishPost.__typename).toBe('Post');
    await publish(post.id);
    expect(await toldOf(post.id)).toEqual([]);
  });

  it('an unlisted story tells nobody', async () => {
    const post = await draft('Quietly unlisted');
    await publish(post.id, { unlisted: true });
    expect(await toldOf(post.id)).toEqual([]);
  });
});

describe('paged fan-out', () => {
  // Was "bounded fan-out" (at most a cap per request, newest followers first): on the queue
  // every follower is told, one page after another (issue 17).
  it('pages through every follower in follower order, and a page run again tells nobody twice', async () => {
    const post = await draft('Paged');
    const story = { postId: post.id, writerId: USERS.writer, collectionId: null, now: Date.now() };
    const followers = (await testDb.prepare("SELECT follower_id FROM follows WHERE target_type = 'USER' AND target_id = ? ORDER BY follower_id").bind(USERS.writer).all<{ follower_id: string }>()).results.map((r) => r.follower_id);
    expect(followers.length).toBeGreaterThanOrEqual(2);
    const reachable = followers.filter((id) => id !== AUTHORS[0]); // the writer blocked AUTHORS[0]
    const first = await tellFollowers(testDb, story, '', 1);
    expect(first).toMatchObject({ followers: 1, last: followers[0] });
    expect(await toldOf(post.id)).toEqual(reachable.includes(followers[0]!) ? [followers[0]] : []);
    // The same page again (a retried message): nobody is told twice.
    expect(await tellFollowers(testDb, story, '', 1)).toEqual({ followers: 1, written: 0, last: followers[0] });
    const rest = await tellFollowers(testDb, story, first.last!, 100);
    expect(rest.followers).toBe(followers.length - 1);
    expect(await toldOf(post.id)).toEqual([...reachable].sort());
  });
});
