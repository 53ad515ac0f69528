// The trash (docs/product/2-sign-in-notices-cache-routing.md §9: retention 14 days). DeletePost
// moves a story to the trash (posts.deleted_at); UndeletePost takes it out. A story that has been
// in the trash for longer than 14 days is deleted for good by the daily scheduled job
// (worker/index.ts, wrangler.toml [triggers]), with everything that hangs on it:
//   its claps, tags, list items, reading-history rows and notifications (ON DELETE CASCADE),
//   and its responses, with their own replies (a thread without its story cannot be shown;
//   not shown in the spec, decided here).
// The counters kept beside those rows (catalogs.item_count, tags.post_count, a surviving
// parent's response_count) are recomputed for what the purge touched.
import type { D1Database } from '@cloudflare/workers-types';

export const TRASH_RETENTION_DAYS = 14;
export const TRASH_RETENTION_MS = TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000;

/** When a story trashed at `deletedAt` is purged. */
export function purgeDueAt(deletedAt: number): number {
  return deletedAt + TRASH_RETENTION_MS;
}

export interface TrashPurgeReport {
  /** Every post deleted: the expired stories and their responses. */
  purgedPostIds: string[];
}

// The ids are passed as one JSON array (json_each), so a purge of any size binds a single
// parameter (D1 allows 100 per statement).
const IDS = 'SELECT value FROM json_each(?1)';

const EXPIRED_WITH_THREADS = `
  WITH RECURSIVE doomed(id) AS (
    SELECT id FROM posts WHERE deleted_at IS NOT NULL AND deleted_at <= ?1
    UNION
    SELECT posts.id FROM posts JOIN doomed ON posts.in_response_to_post_id = doomed.id
  )
  SELECT id FROM doomed`;

export async function purgeExpiredTrash(db: D1Database, now: number): Promise<TrashPurgeReport> {
  const cutoff = now - TRASH_RETENTION_MS;
  const { results: doomed } = await db.prepare(EXPIRED_WITH_THREADS).bind(cutoff).all<{ id: string }>();
  const ids = doomed.map((row) => row.id);
  if (ids.length === 0) return { purgedPostIds: [] };
  const json = JSON.stringify(ids);

  const [catalogRows, tagRows, parentRows] = await db.batch<{ id: string }>([
    db.prepare(`SELECT DISTINCT catalog_id AS id FROM catalog_items WHERE post_id IN (${IDS})`).bind(json),
    db.prepare(`SELECT DISTINCT tag_slug AS id FROM post_tags WHERE post_id IN (${IDS})`).bind(json),
    db
      .prepare(
        `SELECT DISTINCT in_response_to_post_id AS id FROM posts
         WHERE id IN (${IDS}) AND in_response_to_post_id IS NOT NULL AND in_response_to_post_id NOT IN (${IDS})`,
      )
      .bind(json),
  ]);
  const list = (rows: { results: { id: string }[] } | undefined) => JSON.stringify((rows?.results ?? []).map((r) => r.id));

  // One transaction: the posts go (their dependants by cascade) and the counters follow.
  await db.batch([
    db.prepare(`DELETE FROM posts WHERE id IN (${IDS})`).bind(json),
    db
      .prepare(`UPDATE catalogs SET item_count = (SELECT count(*) FROM catalog_items WHERE catalog_id = catalogs.id) WHERE id IN (${IDS})`)
      .bind(list(catalogRows)),
    db
      .prepare(
        `UPDATE tags SET post_count = (SELECT count(*) FROM post_tags WHERE tag_slug = tags.slug AND published_at IS NOT NULL) WHERE slug IN (${IDS})`,
      )
      .bind(list(tagRows)),
    db
      .prepare(`UPDATE posts SET response_count = (SELECT count(*) FROM posts r WHERE r.in_response_to_post_id = posts.id) WHERE id IN (${IDS})`)
      .bind(list(parentRows)),
  ]);
  return { purgedPostIds: ids };
}
