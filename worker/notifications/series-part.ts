// SERIES_PART notifications (docs/series.md "Following a series"): a series' followers are told
// of its new part, once per part: when a published story joins a published series
// (worker/series/series-edits.ts), or when a draft part is first published (./new-story.ts).
// A follower who already has this part's SERIES_PART notification is skipped (a part removed
// and added again tells nobody twice); neither side of a block is told. A series' followers are
// few next to a writer's, so one statement writes them all.
import type { D1Database } from '@cloudflare/workers-types';

export interface NewSeriesPart {
  postId: string;
  writerId: string;
  now: number;
}

/** Tells the followers of the published series that holds this published story; answers how many were told. */
export async function tellSeriesFollowers(db: D1Database, part: NewSeriesPart): Promise<number> {
  const written = await db
    .prepare(
      `INSERT INTO notifications (id, user_id, actor_id, type, post_id, created_at, read_at)
       SELECT lower(hex(randomblob(6))), f.follower_id, ?1, 'SERIES_PART', ?2, ?3, NULL
       FROM series_parts sp
       JOIN series s ON s.id = sp.series_id AND s.published_at IS NOT NULL
       JOIN posts p ON p.id = sp.post_id AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL
       JOIN series_follows f ON f.series_id = sp.series_id
       WHERE sp.post_id = ?2
         AND f.follower_id <> ?1
         AND NOT EXISTS (SELECT 1 FROM blocks b WHERE (b.blocker_id = f.follower_id AND b.blocked_id = ?1) OR (b.blocker_id = ?1 AND b.blocked_id = f.follower_id))
         AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.user_id = f.follower_id AND n.post_id = ?2 AND n.type = 'SERIES_PART')`,
    )
    .bind(part.writerId, part.postId, part.now)
    .run();
  return written.meta.changes ?? 0;
}
