// The demo world's series (docs/series.md): the demo writer (ada) has one published series of
// three of her stories, the third member-only when she has one, and the demo reader follows it.
// So /s/a-year-of-reading-slowly, "Part 2 of 3" on its parts, /@ada/series, /me/series and
// /me/stats/series show something real on first start. Chosen from the world alone (no draws):
// the rest of the world is unchanged by it. Run after the world's instants are shifted.
import type { World } from './rows.ts';

export interface SeriesRow { id: string; creator_id: string; slug: string; title: string; description: string; published_at: number | null; created_at: number; updated_at: number }
export interface SeriesPartRow { series_id: string; post_id: string; position: number; added_at: number }
export interface SeriesFollowRow { follower_id: string; series_id: string; created_at: number }

export const DEMO_SERIES_SLUG = 'a-year-of-reading-slowly';
export const DEMO_SERIES_TITLE = 'A Year of Reading Slowly';
const DEMO_SERIES_ID = 'a5e000000001';

export function createSeries(world: World, writerId: string, readerId: string | null): void {
  const stories = world.posts
    .filter((p) => p.creator_id === writerId && p.status === 'PUBLISHED' && p.deleted_at === null && p.in_response_to_post_id === null && p.visibility !== 'UNLISTED')
    .sort((a, b) => (a.first_published_at ?? 0) - (b.first_published_at ?? 0) || a.id.localeCompare(b.id));
  const open = stories.filter((p) => p.visibility === 'PUBLIC');
  const locked = stories.find((p) => p.visibility === 'LOCKED');
  const parts = [...open.slice(0, locked ? 2 : 3), ...(locked ? [locked] : [])];
  if (parts.length === 0) return;
  const publishedAt = Math.max(...parts.map((p) => p.first_published_at ?? 0));
  world.series.push({
    id: DEMO_SERIES_ID,
    creator_id: writerId,
    slug: DEMO_SERIES_SLUG,
    title: DEMO_SERIES_TITLE,
    description: 'Three essays on taking the long way through a book.',
    published_at: publishedAt,
    created_at: Math.min(...parts.map((p) => p.first_published_at ?? publishedAt)),
    updated_at: publishedAt,
  });
  parts.forEach((post, index) => world.series_parts.push({ series_id: DEMO_SERIES_ID, post_id: post.id, position: index + 1, added_at: post.first_published_at ?? publishedAt }));
  if (readerId) world.series_follows.push({ follower_id: readerId, series_id: DEMO_SERIES_ID, created_at: publishedAt });
}
