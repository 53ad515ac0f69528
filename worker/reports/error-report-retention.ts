// How long stored error reports are kept (docs/reader.md, "Errors, seen and reported"): 30 days,
// long enough to see a fault come and go across a few deployments; the daily job deletes older
// ones. Reports carry the reporter's user id and browser, so they are not kept for ever.

export const ERROR_REPORT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Rows one statement deletes: keeps each statement short, however many reports piled up. */
const PRUNE_BATCH = 5_000;
/** Batches one run deletes at most; what is left goes with the next day's run. */
const MAX_PRUNE_BATCHES = 20;

/** Deletes reports older than the retention; returns how many went. */
export async function pruneErrorReports(db: D1Database, now: number): Promise<number> {
  const before = now - ERROR_REPORT_RETENTION_MS;
  let deleted = 0;
  for (let batch = 0; batch < MAX_PRUNE_BATCHES; batch++) {
    const result = await db
      .prepare('DELETE FROM error_reports WHERE id IN (SELECT id FROM error_reports WHERE created_at < ? ORDER BY created_at LIMIT ?)')
      .bind(before, PRUNE_BATCH)
      .run();
    const changes = result.meta.changes ?? 0;
    deleted += changes;
    if (changes < PRUNE_BATCH) break;
  }
  return deleted;
}
