// Recording a notification for a reader: someone followed them, clapped for or responded
// to one of their stories, or mentioned them in a story. The writes that cause these
// (FollowUser, the clap and response mutations, publishing) call recordNotification once
// after their own write succeeds:
//
//   await recordNotification(context.db, { userId: writer.id, actorId: viewer.id, kind: 'CLAP', postId: post.id });
//
// Rules kept here so every caller gets them:
// - Nobody is notified of their own action (actor === recipient): nothing is written.
// - Repeats collapse while unread: a reader clapping 50 times, or following, unfollowing
//   and following again, leaves ONE unread notification (moved to the top), not fifty.
//   Once read, a new action makes a new notification.
// - MENTION and RESPONSE name the post they are about; FOLLOW names none (postId ignored);
//   NOTE_FOR_WRITER and NOTE_REPLY also name the note (and NOTE_REPLY its reply).
// - A kind the reader turned off in Settings → Notifications ("Notify me about claps on my
//   stories", shared/accounts/settings.ts) is not written.
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, isNull } from 'drizzle-orm';
import { newId } from '../lib/ids.ts';
import { notifications, NOTIFICATION_TYPES } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { PREFERENCES } from '../../shared/accounts/settings.ts';

export type NotificationKind = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationEvent {
  /** Who is told. */
  userId: string;
  /** Who did it. */
  actorId: string;
  kind: NotificationKind;
  /** CLAP: the clapped story; RESPONSE: the response; MENTION: the story that mentions; NOTE_*: the noted story. */
  postId?: string | null;
  /** NOTE_FOR_WRITER, NOTE_REPLY: the note (worker/highlights/note-replies.ts). */
  noteId?: string | null;
  /** NOTE_REPLY: the reply, opened at /p/notereplies/{replyId}. */
  noteReplyId?: string | null;
  /** Defaults to Date.now(). */
  now?: number;
}

export type RecordOutcome = 'created' | 'refreshed' | 'skipped';

/** The kinds a reader can turn off, and the preference that does it. */
const PREFERENCE_OF_KIND: Partial<Record<NotificationKind, string>> = { CLAP: 'notify_claps' };

async function isKindWanted(db: D1Database, userId: string, kind: NotificationKind): Promise<boolean> {
  const key = PREFERENCE_OF_KIND[kind];
  if (!key) return true;
  const row = await db.prepare('SELECT enabled FROM user_preferences WHERE user_id = ? AND key = ?').bind(userId, key).first<{ enabled: number }>();
  return row ? row.enabled === 1 : (PREFERENCES.find((p) => p.key === key)?.enabled ?? true);
}

export async function recordNotification(db: D1Database, event: NotificationEvent): Promise<RecordOutcome> {
  if (!NOTIFICATION_TYPES.includes(event.kind)) throw new Error(`Unknown notification kind ${String(event.kind)}.`);
  if (event.userId === event.actorId) return 'skipped';
  const now = event.now ?? Date.now();
  const postId = event.kind === 'FOLLOW' ? null : (event.postId ?? null);
  if (event.kind !== 'FOLLOW' && !postId) throw new Error(`A ${event.kind} notification needs the post it is about.`);
  if (!(await isKindWanted(db, event.userId, event.kind))) return 'skipped';

  const q = orm(db);
  const sameUnread = and(
    eq(notifications.userId, event.userId),
    eq(notifications.actorId, event.actorId),
    eq(notifications.type, event.kind),
    postId === null ? isNull(notifications.postId) : eq(notifications.postId, postId),
    isNull(notifications.readAt),
  );
  // A repeat names the newest note and reply (a second note on the story, the thread's last answer).
  const subject = { noteId: event.noteId ?? null, noteReplyId: event.noteReplyId ?? null };
  const refreshed = await q.update(notifications).set({ createdAt: now, ...subject }).where(sameUnread).returning({ id: notifications.id });
  if (refreshed.length > 0) return 'refreshed';
  await q.insert(notifications).values({ id: newId(), userId: event.userId, actorId: event.actorId, type: event.kind, postId, ...subject, createdAt: now, readAt: null });
  return 'created';
}

/**
 * A reply from the fediverse under the user's story (docs/adr/0215-notifications-from-fediverse-people.md):
 * a RESPONSE notification whose actor is the remote person (remoteActorUri; actorId null), about
 * the story, opening the reply. One per reply, ever (a unique index): a replayed Create or an
 * Update of the Note never tells the writer twice. Answers whether it was created.
 */
export async function recordFediverseResponseNotification(
  db: D1Database,
  event: { userId: string; remoteActorUri: string; storyId: string; fediverseResponseId: string; now: number },
): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO notifications (id, user_id, actor_id, type, post_id, remote_actor_uri, fediverse_response_id, created_at, read_at)
       VALUES (?, ?, NULL, 'RESPONSE', ?, ?, ?, ?, NULL) ON CONFLICT DO NOTHING`,
    )
    .bind(newId(), event.userId, event.storyId, event.remoteActorUri, event.fediverseResponseId, event.now)
    .run();
  return (result.meta.changes ?? 0) > 0;
}
