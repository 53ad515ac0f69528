// Stored error reports are kept 30 days (docs/reader.md, "Errors, seen and reported"): the
// daily job deletes older ones, in batches, and keeps every newer one.
import { env } from 'cloudflare:workers';
import { beforeAll, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { runScheduledJobs } from '../../worker/jobs/scheduled.ts';
import { ERROR_REPORT_RETENTION_MS } from '../../worker/reports/error-report-retention.ts';

const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await seedWorld(env.DB);
});

it('the daily job deletes reports older than 30 days and keeps the rest', async () => {
  const now = Date.now();
  await env.DB.prepare('DELETE FROM error_reports').run();
  const ages = [31 * DAY, ERROR_REPORT_RETENTION_MS + 1, 400 * DAY, ERROR_REPORT_RETENTION_MS - 60_000, 2 * DAY, 0];
  // 6,000 more stale reports: more than one delete batch.
  const insert = env.DB.prepare("INSERT INTO error_reports (id, created_at, source, message) VALUES (?, ?, 'client', 'boom')");
  const rows = [
    ...ages.map((age, i) => insert.bind(`age-${i}`, now - age)),
    ...Array.from({ length: 6_000 }, (_, i) => insert.bind(`old-${i}`, now - 40 * DAY - i)),
  ];
  for (let i = 0; i < rows.length; i += 500) await env.DB.batch(rows.slice(i, i + 500));

  await runScheduledJobs(env, now);

  const { results } = await env.DB.prepare('SELECT id FROM error_reports ORDER BY id').all<{ id: string }>();
  expect(results.map((r: { id: string }) => r.id)).toEqual(['age-3', 'age-4', 'age-5']);
});
