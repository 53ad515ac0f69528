// NEW_STORY notifications: when a story is first published, the writer's followers (and, when
// it is published straight into a publication, that publication's followers) are told
// (docs/newsletters.md "New-story notifications").
//
// Once per story: the caller calls this only on a story's first publication (its
// firstPublishedAt was unset), so unpublishing and publishing again, or editing after
// publishing, never tells anyone twice. Unlisted stories and responses tell nobody: an
// unlisted story is not announced anywhere, and a response already notifies its story's author.
//
// On the fan-out queue (docs/adr/0090-one-fan-out-queue.md): the publish request queues one
// notifications.new-story message; each message writes the notifications of the next
// NEW_STORY_PAGE_SIZE followers (in follower order, through follows_by_target_follower) and
// queues the next page, so every follower is told however many there are. Writing is its own
// idempotency key: a follower who already has this story's NEW_STORY notification is skipped,
// so a retried page, or a follower of both the writer and the publication, is told once;
// neither side of a block is told.
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import type { NewStoryFollowersMessage } from '../queues/messages.ts';
import { enqueue } from '../queues/producer.ts';
import { tellSeriesFollowers } from './series-part.ts';

/** Followers one message tells. */
export const NEW_STORY_PAGE_SIZE = 1000;

export interface NewStory {
  postId: string;
  writerId: string;
  /** The publication it was published in (not merely submitted to). */
  collectionId: string | null;
  now: number;
}

/** Queues the telling of every follower (the publish request calls this and answers). */
export async function notifyFollowersOfNewStory(env: Env, story: NewStory): Promise<void> {
  await enqueue(env, [{ kind: 'notifications.new-story', ...story, after: '' }]);
}

/** One page of followers after `after`: their notifications, and the next page's message. */
export async function notifyFollowersPage(env: Env, page: NewStoryFollowersMessage, pageSize = NEW_STORY_PAGE_SIZE): Promise<void> {
  // A draft part of a published series, first published: the series' followers are told too
  // (once: the first page only; ./series-part.ts skips who already knows).
  if (page.after === '') await tellSeriesFollowers(env.DB, { postId: page.postId, writerId: page.writerId, now: page.now });
  const { followers, last } = await tellFollowers(env.DB, page, page.after, pageSize);
  if (followers === pageSize && last) await enqueue(env, [{ ...page, after: last }]);
}

/**
 * Records one unread NEW_STORY notification for each of the next `limit` followers after
 * `after` (in follower id order); answers how many followers the page held and the last one.
 */
export async function tellFollowers(db: D1Database, story: NewStory, after: string, limit: number): Promise<{ followers: number; written: number; last: string | null }> {
  const { postId, writerId, now } = story;
  const { results } = await db
    .prepare(
      `SELECT follower_id FROM follows WHERE target_type = 'USER' AND target_id = ?1 AND follower_id > ?3
       UNION
       SELECT follower_id FROM follows WHERE target_type = 'COLLECTION' AND target_id = ?2 AND follower_id > ?3
       ORDER BY follower_id LIMIT ?4`,
    )
    .bind(writerId, story.collectionId ?? '', after, limit)
    .all<{ follower_id: string }>();
  if (results.length === 0) return { followers: 0, written: 0, last: null };
  const written = await db
    .prepare(
      `INSERT INTO notifications (id, user_id, actor_id, type, post_id, created_at, read_at)
       SELECT lower(hex(randomblob(6))), f.value, ?1, 'NEW_STORY', ?2, ?3, NULL
       FROM json_each(?4) f
       WHERE f.value <> ?1
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = f.value AND b.blocked_id = ?1) OR (b.blocker_id = ?1 AND b.blocked_id = f.value))
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = f.value AND n.post_id = ?2 AND n.type = 'NEW_STORY')`,
    )
    .bind(writerId, postId, now, JSON.stringify(results.map((r) => r.follower_id)))
    .run();
  return { followers: results.length, written: written.meta.changes ?? 0, last: results.at(-1)!.follower_id };
}
