// The stories IFTTT's triggers report (docs/adr/0089-ifttt.md): newly published, listed
// stories (public or member-only; never unlisted, responses, trashed or suspended ones, nor those
// of suspended or deleted writers), newest first, as IFTTT's trigger items — ingredients plus
// meta { id, timestamp } (seconds).
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../../env.ts';
import { canonicalStoryUrl } from '../../host/canonical-urls.ts';

export interface StoryTriggerItem {
  title: string;
  url: string;
  author_name: string;
  author_username: string;
  published_at: string;
  meta: { id: string; timestamp: number };
}

const LISTED = `p.status = 'PUBLISHED' AND p.visibility IN ('PUBLIC', 'LOCKED') AND p.deleted_at IS NULL AND p.is_suspended = 0
  AND p.in_response_to_post_id IS NULL AND p.in_response_to_catalog_id IS NULL AND u.deleted_at IS NULL AND u.is_suspended = 0`;

type Row = {
  id: string;
  title: string;
  slug: string;
  first_published_at: number;
  name: string;
  username: string;
  has_subdomain: number;
  custom_domain: string | null;
  custom_domain_state: string;
  c_id: string | null;
  c_slug: string | null;
  c_domain: string | null;
  c_state: string | null;
};

/** Whose stories: the user's own, or those of the writers the user follows (muted writers left out). */
export type StorySource = 'mine' | 'following';

export async function storiesForTrigger(db: D1Database, env: Pick<Env, 'MAIN_HOST'>, userId: string, source: StorySource, limit: number): Promise<StoryTriggerItem[]> {
  if (limit <= 0) return [];
  const who =
    source === 'mine'
      ? 'p.creator_id = ?1'
      : `p.creator_id IN (SELECT target_id FROM follows WHERE follower_id = ?1 AND target_type = 'USER')
         AND p.creator_id NOT IN (SELECT target_id FROM mutes WHERE muter_id = ?1 AND target_type = 'USER')`;
  const { results } = await db
    .prepare(
      `SELECT p.id, p.title, p.slug, p.first_published_at, u.name, u.username, u.has_subdomain, u.custom_domain, u.custom_domain_state,
              c.id AS c_id, c.slug AS c_slug, c.domain AS c_domain, c.custom_domain_state AS c_state
         FROM posts p JOIN users u ON u.id = p.creator_id LEFT JOIN collections c ON c.id = p.collection_id
        WHERE ${who} AND ${LISTED}
        ORDER BY p.first_published_at DESC, p.id DESC LIMIT ?2`,
    )
    .bind(userId, limit)
    .all<Row>();
  return results.map((r) => ({
    title: r.title,
    url: canonicalStoryUrl(
      env,
      { username: r.username, hasSubdomain: r.has_subdomain === 1, customDomain: r.custom_domain, customDomainState: r.custom_domain_state as 'NONE' | 'PENDING' | 'LIVE' },
      r.c_id ? { id: r.c_id, slug: r.c_slug!, domain: r.c_domain, customDomainState: (r.c_state ?? 'NONE') as 'NONE' | 'PENDING' | 'LIVE' } : null,
      { slug: r.slug, id: r.id },
    ),
    author_name: r.name,
    author_username: r.username,
    published_at: new Date(r.first_published_at).toISOString(),
    meta: { id: r.id, timestamp: Math.floor(r.first_published_at / 1000) },
  }));
}
