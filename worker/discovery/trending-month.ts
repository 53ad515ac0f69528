// Trending this month (docs/reader.md, "Discovery: ranking rules"): the month's stories carry
// posts.in_trending_month = 1, set by triggers whenever a story is published (and cleared when it
// is unpublished or deleted; migrations/0027_topic_curation_trending.sql). Time alone cannot
// clear it, so the daily job does: a story whose latest publication is over 30 days old leaves
// the posts_trending_month index. Until the job runs the ranking query tests the time too, so
// a story a day late is skipped, never shown.

/** The month's window (the same 30 days as TRENDING_MODES.MONTH). */
export const TRENDING_MONTH_MS = 30 * 24 * 60 * 60 * 1000;

/** Clears the flag of stories that left the month; returns how many left. */
export async function clearExpiredTrendingMonth(db: D1Database, now: number): Promise<number> {
  const result = await db
    .prepare('UPDATE posts INDEXED BY posts_trending_month SET in_trending_month = NULL WHERE in_trending_month = 1 AND latest_published_at < ?')
    .bind(now - TRENDING_MONTH_MS)
    .run();
  return result.meta.changes ?? 0;
}
