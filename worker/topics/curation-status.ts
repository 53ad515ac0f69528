// A story's curation status for topic curators (docs/reader.md "Topic curators", "Curation
// status"; docs/product/3-routes-data-calls-constants.md §4). What this service decides today:
// - DISABLED: the story cannot be put before a topic's readers: not published, in the trash,
//   unlisted, suspended, or a response;
// - DISTRIBUTED: a curator features it on one of its topics (topic_featured_posts);
// - NOT_REVIEWED: any other published story.
// PENDING and NOT_DISTRIBUTED belong to a review queue (a curator's "later" and "no") that the
// curators' pages do not have yet; nothing answers them.
import type { D1Database } from '@cloudflare/workers-types';
import type { CurationStatus } from '../../shared/stories/curation-status.ts';
import type { RequestViewer } from '../session/viewer.ts';

interface CurationRow {
  id: string;
  status: string;
  visibility: string;
  is_suspended: number;
  deleted_at: number | null;
  in_response_to_post_id: string | null;
  in_response_to_catalog_id: string | null;
  featured: number;
}

/** The statuses of the given stories (ids not found are left out). */
export async function curationStatuses(db: D1Database, ids: readonly string[]): Promise<Map<string, CurationStatus>> {
  const statuses = new Map<string, CurationStatus>();
  if (ids.length === 0) return statuses;
  const { results } = await db
    .prepare(
      `SELECT p.id, p.status, p.visibility, p.is_suspended, p.deleted_at, p.in_response_to_post_id, p.in_response_to_catalog_id,
              EXISTS (SELECT 1 FROM topic_featured_posts f WHERE f.post_id = p.id) AS featured
         FROM posts p WHERE p.id IN (${ids.map(() => '?').join(',')})`,
    )
    .bind(...ids)
    .all<CurationRow>();
  for (const row of results) statuses.set(row.id, curationStatusOf(row));
  return statuses;
}

function curationStatusOf(row: CurationRow): CurationStatus {
  const distributable =
    row.status === 'PUBLISHED' && row.deleted_at == null && row.visibility !== 'UNLISTED' && row.is_suspended === 0 && row.in_response_to_post_id == null && row.in_response_to_catalog_id == null;
  if (!distributable) return 'DISABLED';
  return row.featured === 1 ? 'DISTRIBUTED' : 'NOT_REVIEWED';
}

/**
 * The status as the viewer may see it: staff (not spoofing) and the curators of one of the
 * story's topics; null for everyone else (a writer does not learn how curators judged them).
 */
export async function viewerCurationStatus(db: D1Database, viewer: RequestViewer, postId: string): Promise<CurationStatus | null> {
  if (!viewer.user || viewer.isSpoofed) return null;
  if (!viewer.user.isStaff) {
    const curator = await db
      .prepare('SELECT 1 AS yes FROM topic_curators c JOIN post_tags pt ON pt.tag_slug = c.tag_slug WHERE c.user_id = ? AND pt.post_id = ? LIMIT 1')
      .bind(viewer.user.id, postId)
      .first();
    if (!curator) return null;
  }
  return (await curationStatuses(db, [postId])).get(postId) ?? null;
}

/**
 * Post.layerCake: how many layers of distribution the story has beyond its writer's own pages
 * and followers (docs/reader.md "Curation status"): 0 none, 1 distributed in its topics (a
 * curator features it), 2 also one of the staff picks (the STAFF_PICKS configuration).
 */
export function layerCakeOf(status: CurationStatus | undefined, postId: string, staffPicks: string | undefined): number {
  if (status !== 'DISTRIBUTED') return 0;
  const picks = (staffPicks ?? '').split(',').map((id) => id.trim());
  return picks.includes(postId) ? 2 : 1;
}
