// Notifications: recordNotification (what the follow, clap and response mutations call),
// the viewer's list with unread marks, marking read, and the header's unread count.
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';
import { recordNotification } from '../../worker/notifications/notify.ts';

const LIST = `{ viewer { notificationStatus { unreadNotificationCount } notificationsConnection { notifications { notificationType isUnread actor { username } post { id } } } } }`;
const MARK = `mutation($before: Long) { markNotificationsAsRead(before: $before) { id unreadNotificationCount } }`;

let writer: Caller;
const base = Date.now() - 60_000;
beforeAll(async () => {
  await seedWorld(testDb);
  writer = await signedIn(USERS.writer);
});

describe('recordNotification', () => {
  it('writes one unread notification per repeated action, and none for one\'s own', async () => {
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: USERS.member, kind: 'CLAP', postId: POSTS.open, now: base })).toBe('created');
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: USERS.member, kind: 'CLAP', postId: POSTS.open, now: base + 10 })).toBe('refreshed');
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: USERS.writer, kind: 'CLAP', postId: POSTS.open })).toBe('skipped');
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: USERS.reader, kind: 'FOLLOW', postId: POSTS.open, now: base + 20 })).toBe('created');
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: USERS.reader, kind: 'RESPONSE', postId: POSTS.response, now: base + 30 })).toBe('created');
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: AUTHORS[0], kind: 'MENTION', postId: 'f00000000001', now: base + 40 })).toBe('created');
    const { results } = await testDb.prepare('SELECT type, post_id FROM notifications WHERE user_id = ? ORDER BY created_at').bind(USERS.writer).all();
    expect(results).toEqual([
      { type: 'CLAP', post_id: POSTS.open },
      { type: 'FOLLOW', post_id: null },
      { type: 'RESPONSE', post_id: POSTS.response },
      { type: 'MENTION', post_id: 'f00000000001' },
    ]);
  });

  it('refuses a clap, response or mention without its post', async () => {
    await expect(recordNotification(testDb, { userId: USERS.writer, actorId: USERS.member, kind: 'CLAP' })).rejects.toThrow('needs the post');
  });
});

describe('the notifications page data', () => {
  it('lists the viewer\'s notifications newest first with actors, posts and unread marks', async () => {
    const answer = await writer.gql(LIST);
    expect(answer.errors).toBeUndefined();
    expect(answer.data.viewer.notificationStatus.unreadNotificationCount).toBe(4);
    expect(answer.data.viewer.notificationsConnection.notifications).toEqual([
      { notificationType: 'MENTION', isUnread: true, actor: { username: 'author1' }, post: { id: 'f00000000001' } },
      { notificationType: 'RESPONSE', isUnread: true, actor: { username: 'reader' }, post: { id: POSTS.response } },
      { notificationType: 'FOLLOW', isUnread: true, actor: { username: 'reader' }, post: null },
      { notificationType: 'CLAP', isUnread: true, actor: { username: 'member' }, post: { id: POSTS.open } },
    ]);
  });

  it('are nobody else\'s to read', async () => {
    const member = await signedIn(USERS.member);
    const answer = await member.gql(`{ user(username: "writer") { notificationsConnection { notifications { notificationType } } } }`);
    expect(answer.data.user.notificationsConnection).toBeNull();
    expect((await member.gql(LIST)).data.viewer.notificationsConnection.notifications).toEqual([]);
  });

  it('marking read keeps anything newer than the page unread, and the count drops', async () => {
    const marked = await writer.gql(MARK, { before: base + 25 });
    expect(marked.data.markNotificationsAsRead).toEqual({ id: USERS.writer, unreadNotificationCount: 2 });
    const after = (await writer.gql(LIST)).data.viewer;
    expect(after.notificationsConnection.notifications.map((n: any) => n.isUnread)).toEqual([true, true, false, false]);
    expect((await writer.gql(MARK)).data.markNotificationsAsRead.unreadNotificationCount).toBe(0);
    expect((await writer.gql(`{ viewer { notificationStatus { unreadNotificationCount } } }`)).data.viewer.notificationStatus.unreadNotificationCount).toBe(0);
  });

  it('a new clap after reading makes a new unread notification', async () => {
    expect(await recordNotification(testDb, { userId: USERS.writer, actorId: USERS.member, kind: 'CLAP', postId: POSTS.open })).toBe('created');
    expect((await writer.gql(LIST)).data.viewer.notificationStatus.unreadNotificationCount).toBe(1);
  });

  it('marking read needs sign-in', async () => {
    const answer = await loggedOut.gql(MARK);
    expect(answer.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('who a notification comes from', () => {
  it('keeps notices without an actor and leaves out suspended actors', async () => {
    const friend = await signedIn(USERS.friend);
    const now = Date.now();
    await testDb.batch([
      testDb.prepare("INSERT INTO notifications (id, user_id, actor_id, type, created_at) VALUES ('n0000000000a', ?, NULL, 'FOLLOW', ?)").bind(USERS.friend, now - 2),
      testDb.prepare("INSERT INTO notifications (id, user_id, actor_id, type, created_at) VALUES ('n0000000000b', ?, ?, 'FOLLOW', ?)").bind(USERS.friend, USERS.suspendedWriter, now - 1),
    ]);
    const list = (await friend.gql(LIST)).data.viewer.notificationsConnection.notifications;
    expect(list).toEqual([{ notificationType: 'FOLLOW', isUnread: true, actor: null, post: null }]);
  });
});

describe('the reader\'s notification preferences', () => {
  it('writes no clap notification for someone who turned "Notify me about claps on my stories" off, and again once it is on', async () => {
    const reader = await signedIn(USERS.reader);
    const SET = `mutation($on: Boolean!) { setPreference(key: "notify_claps", enabled: $on) { ... on Preference { key enabled } } }`;
    expect((await reader.gql(SET, { on: false })).data.setPreference).toEqual({ key: 'notify_claps', enabled: false });
    try {
      expect(await recordNotification(testDb, { userId: USERS.reader, actorId: USERS.writer, kind: 'CLAP', postId: POSTS.open })).toBe('skipped');
      expect(await recordNotification(testDb, { userId: USERS.reader, actorId: USERS.writer, kind: 'FOLLOW' })).toBe('created');
      const kinds = (await reader.gql(LIST)).data.viewer.notificationsConnection.notifications.map((n: any) => n.notificationType);
      expect(kinds).not.toContain('CLAP');
    } finally {
      await reader.gql(SET, { on: true });
    }
    expect(await recordNotification(testDb, { userId: USERS.reader, actorId: USERS.writer, kind: 'CLAP', postId: POSTS.open })).toBe('created');
    await testDb.prepare('DELETE FROM notifications WHERE user_id = ? AND actor_id = ?').bind(USERS.reader, USERS.writer).run();
  });
});
