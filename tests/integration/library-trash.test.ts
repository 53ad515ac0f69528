// Deleting and restoring a story: DeletePost and UndeletePostMutation by the author only,
// with the story's cache tags purged; and the scheduled purge of trash older than 14 days
// (rows gone with their claps, tags, list items and responses; younger trash kept).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import worker from '../../worker/index.ts';
import { TRASH_RETENTION_MS } from '../../worker/trash/purge-trash.ts';

const DAY = 86_400_000;
const DELETE = `mutation($id: ID!) { deletePost(targetPostId: $id) { __typename ... on TrashedPost { id deletedAt purgeAt post { id type } } ... on NotFound { message } } }`;
const UNDELETE = `mutation($id: ID!) { undeletePost(targetPostId: $id) { __typename ... on Post { id type } ... on NotFound { message } } }`;
const RESULT = `query($id: ID!) { postResult(id: $id) { __typename } }`;

let world: World;
let writer: Caller;
let member: Caller;
beforeAll(async () => {
  world = await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
  member = await signedIn(USERS.member);
});

const invalidatedTags = async () =>
  ((await testDb.prepare('SELECT tag FROM cache_tag_invalidations').all<{ tag: string }>()).results ?? []).map((r) => r.tag);

describe('DeletePost and UndeletePostMutation', () => {
  it('only the author may delete: anyone else is told the story does not exist', async () => {
    expect((await member.gql(DELETE, { id: POSTS.open })).data.deletePost).toEqual({ __typename: 'NotFound', message: 'This story does not exist.' });
    const anonymous = await loggedOut.gql(DELETE, { id: POSTS.open });
    expect(anonymous.errors?.[0]).toMatchObject({ message: 'Sign in to delete a story.', extensions: { code: 'UNAUTHENTICATED' } });
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data.postResult.__typename).toBe('Post');
  });

  it('moves the story to the trash for 14 days and purges its cache tags', async () => {
    const answer = (await writer.gql(DELETE, { id: POSTS.open })).data.deletePost;
    expect(answer).toMatchObject({ __typename: 'TrashedPost', id: POSTS.open, post: { id: POSTS.open, type: 'deleted' } });
    expect(answer.purgeAt - answer.deletedAt).toBe(TRASH_RETENTION_MS);
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data.postResult.__typename).toBe('RemovedByUser');
    const feed = await loggedOut.gql(`{ homeFeed(paging: { limit: 50 }) { items { post { id } } } }`);
    expect(feed.data.homeFeed.items.map((i: any) => i.post.id)).not.toContain(POSTS.open);
    expect(await invalidatedTags()).toEqual(expect.arrayContaining([`post:${POSTS.open}`, `user:${USERS.writer}`, 'home', 'topic:writing']));

    const trash = await writer.gql(`{ viewer { trashedPostsConnection { items { id post { title } } } } }`);
    expect(trash.data.viewer.trashedPostsConnection.items.map((i: any) => i.id)).toContain(POSTS.open);
    const theirs = await member.gql(`{ user(username: "writer") { trashedPostsConnection { items { id } } } }`);
    expect(theirs.data.user.trashedPostsConnection).toBeNull();
  });

  it('only the author may restore it; restored, it is a story again', async () => {
    expect((await member.gql(UNDELETE, { id: POSTS.open })).data.undeletePost.__typename).toBe('NotFound');
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data.postResult.__typename).toBe('RemovedByUser');
    expect((await writer.gql(UNDELETE, { id: POSTS.open })).data.undeletePost).toEqual({ __typename: 'Post', id: POSTS.open, type: 'public' });
    expect((await loggedOut.gql(RESULT, { id: POSTS.open })).data.postResult.__typename).toBe('Post');
  });
});

describe('the scheduled trash purge', () => {
  const count = async (sql: string, ...values: unknown[]) => (await testDb.prepare(sql).bind(...values).first<{ n: number }>())!.n;

  it('deletes stories trashed more than 14 days ago with their claps, tags, list items and responses; keeps younger trash', async () => {
    const old = world.bulk[0]!.id;
    const now = Date.now();
    await testDb.batch([
      testDb.prepare('UPDATE posts SET deleted_at = ? WHERE id = ?').bind(now - 15 * DAY, old),
      testDb.prepare('INSERT INTO claps (user_id, post_id, count, updated_at) VALUES (?, ?, 5, ?)').bind(USERS.member, old, now),
      testDb.prepare("INSERT INTO catalogs (id, creator_id, name, type, visibility, item_count, created_at, updated_at) VALUES ('ca00000000ff', ?, 'Keep', 'LISTS', 'PUBLIC', 2, ?, ?)").bind(USERS.member, now, now),
      testDb.prepare("INSERT INTO catalog_items (id, catalog_id, post_id, created_at) VALUES ('c100000000f1', 'ca00000000ff', ?, ?)").bind(old, now),
      testDb.prepare("INSERT INTO catalog_items (id, catalog_id, post_id, created_at) VALUES ('c100000000f2', 'ca00000000ff', ?, ?)").bind(POSTS.locked, now),
      testDb.prepare('INSERT INTO reading_history (user_id, post_id, read_at) VALUES (?, ?, ?)').bind(USERS.member, old, now),
      testDb.prepare(
        `INSERT INTO posts (id, creator_id, in_response_to_post_id, title, status, content, created_at, updated_at, first_published_at, latest_published_at)
         VALUES ('ee00000000f1', ?, ?, 'Reply', 'PUBLISHED', '{"paragraphs":[]}', ?, ?, ?, ?)`,
      ).bind(USERS.member, old, now, now, now, now),
      testDb.prepare(
        `INSERT INTO posts (id, creator_id, in_response_to_post_id, title, status, content, created_at, updated_at, first_published_at, latest_published_at)
         VALUES ('ee00000000f2', ?, 'ee00000000f1', 'Reply to reply', 'PUBLISHED', '{"paragraphs":[]}', ?, ?, ?, ?)`,
      ).bind(USERS.reader, now, now, now, now),
    ]);
    const tagsOfOld = await count('SELECT count(*) AS n FROM post_tags WHERE post_id = ?', old);
    expect(tagsOfOld).toBeGreaterThan(0);

    // The worker's own scheduled handler, as the cron trigger runs it.
    const ctx = createExecutionContext();
    (worker as unknown as { scheduled: (c: unknown, e: unknown, x: unknown) => void }).scheduled(
      createScheduledController({ scheduledTime: new Date(now), cron: '0 3 * * *' }),
      env,
      ctx,
    );
    await waitOnExecutionContext(ctx);

    expect(await count('SELECT count(*) AS n FROM posts WHERE id IN (?, ?, ?)', old, 'ee00000000f1', 'ee00000000f2')).toBe(0);
    expect(await count('SELECT count(*) AS n FROM claps WHERE post_id = ?', old)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM post_tags WHERE post_id = ?', old)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM catalog_items WHERE post_id = ?', old)).toBe(0);
    expect(await count('SELECT count(*) AS n FROM reading_history WHERE post_id = ?', old)).toBe(0);
    expect(await count("SELECT item_count AS n FROM catalogs WHERE id = 'ca00000000ff'")).toBe(1);
    // Younger trash (one day old) stays, restorable.
    expect(await count('SELECT count(*) AS n FROM posts WHERE id IN (?, ?)', POSTS.trashed, POSTS.trashedDraft)).toBe(2);
    expect(await count('SELECT count(*) AS n FROM posts WHERE id = ?', POSTS.locked)).toBe(1);
    // The purged story's tag (writing, by the fixtures' tag cycle) has its count recomputed from what is left.
    const left = await count("SELECT count(*) AS n FROM post_tags WHERE tag_slug = 'writing' AND published_at IS NOT NULL");
    expect(await count("SELECT post_count AS n FROM tags WHERE slug = 'writing'")).toBe(left);
  });
});
