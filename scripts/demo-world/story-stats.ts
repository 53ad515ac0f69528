// Story stats of the demo writers (issue 13; docs/stats.md): ninety days of views, reads and
// reading seconds per published story of each demo account, so /me/stats shows something real on
// first start. Drawn from the seed alone and dated back from the world's `now` (whole UTC days,
// unlike the shifted instants of the rest of the world), so a world seeded today ends today.
import { Random } from './random.ts';
import type { PostStatsDailyRow, World } from './rows.ts';

export const DEMO_STATS_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

export function createStoryStats(world: World, writerIds: readonly string[], seed: number, now: number): void {
  const random = new Random(seed ^ 0x5a7a);
  const writers = new Set(writerIds);
  const today = Date.parse(new Date(now).toISOString().slice(0, 10));
  for (const post of world.posts) {
    if (!writers.has(post.creator_id) || post.status !== 'PUBLISHED' || post.deleted_at !== null || post.in_response_to_post_id !== null) continue;
    const published = post.first_published_at ?? now;
    // A story's popularity: most are read a little, a few a lot; attention fades after publishing.
    const popularity = 2 + Math.floor(random.float() ** 3 * 120);
    const minutes = Math.max(1, Math.round(post.reading_time));
    for (let back = DEMO_STATS_DAYS - 1; back >= 0; back--) {
      const dayStart = today - back * DAY_MS;
      if (dayStart + DAY_MS <= published) continue;
      const age = Math.max(0, (dayStart - published) / DAY_MS);
      const views = Math.round(popularity * (0.3 + random.float()) * (1 / (1 + age / 20)));
      if (views === 0) continue;
      const reads = Math.round(views * (0.25 + random.float() * 0.35));
      const row: PostStatsDailyRow = {
        post_id: post.id,
        day: new Date(dayStart).toISOString().slice(0, 10),
        views,
        reads,
        reading_seconds: reads * minutes * (30 + random.int(0, 30)) + (views - reads) * random.int(5, 25),
      };
      world.post_stats_daily.push(row);
    }
  }
}
