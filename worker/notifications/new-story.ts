// NEW_STORY notifications: when a story is first published, the writer's followers (and, when
// it is published straight into a publication, that publication's followers) are told
// (docs/newsletters.md "New-story notifications").
//
// Once per story: the caller calls this only on a story's first publication (its
// firstPublishedAt was unset), so unpublishing and publishing again, or editing after
// publishing, never tells anyone twice. Unlisted stories and responses tell nobody: an
// unlisted story is not announced anywhere, and a response already notifies its story's author.
//
// Bounded work per request: one INSERT … SELECT writes at most NEW_STORY_FAN_OUT_CAP rows
// (the most recent followers first; a follower of both the writer and the publication is told
// once; neither side of a block is told). A writer with more followers than that notifies the newest ones only, until the fan-out
// moves to a queue (issue 17), which can page through every follower.
import type { D1Database } from '@cloudflare/workers-types';

export const NEW_STORY_FAN_OUT_CAP = 2000;

export interface NewStory {
  postId: string;
  writerId: string;
  /** The publication it was published in (not merely submitted to). */
  collectionId: string | null;
  now: number;
}

/** Records one unread NEW_STORY notification per follower; answers how many were written. */
export async function notifyFollowersOfNewStory(db: D1Database, story: NewStory, cap = NEW_STORY_FAN_OUT_CAP): Promise<number> {
  const { postId, writerId, now } = story;
  const result = await db
    .prepare(
      `INSERT INTO notifications (id, user_id, actor_id, type, post_id, created_at, read_at)
       SELECT lower(hex(randomblob(6))), follower_id, ?, 'NEW_STORY', ?, ?, NULL
       FROM (
         SELECT f.follower_id AS follower_id, max(f.created_at) AS followed_at FROM follows f
         WHERE ((f.target_type = 'USER' AND f.target_id = ?) OR (f.target_type = 'COLLECTION' AND f.target_id = ?))
           AND f.follower_id <> ?
           AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = f.follower_id AND b.blocked_id = ?) OR (b.blocker_id = ? AND b.blocked_id = f.follower_id))
           AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = f.follower_id AND n.post_id = ? AND n.type = 'NEW_STORY')
         GROUP BY f.follower_id
         ORDER BY followed_at DESC
         LIMIT ?
       )`,
    )
    .bind(writerId, postId, now, writerId, story.collectionId ?? '', writerId, writerId, writerId, postId, cap)
    .run();
  return result.meta.changes ?? 0;
}
