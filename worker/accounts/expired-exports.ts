// The daily sweep of expired "Download your information" archives (docs/adr/0085-download-my-data.md):
// an archive is unreachable after its expiry (GET /me/export/{id} checks expires_at), and the
// daily job (worker/jobs/scheduled.ts) deletes its R2 object and then its row.
//
// Idempotent and resumable: objects go first, rows after, so a run that stops part-way leaves
// rows whose objects may already be gone — the next run deletes them again (deleting a missing R2
// key is a no-op) and then the rows. Never a row without its object being attempted, never an
// object left behind by a deleted row.
import type { D1Database, R2Bucket } from '@cloudflare/workers-types';
import { r2Key } from './account-export.ts';

/** R2 deletes at most 1000 keys per call; D1 binds the ids as one JSON array. */
const BATCH = 1000;

export interface ExpiredExportsReport {
  deleted: number;
}

export async function deleteExpiredExports(env: { DB: D1Database; IMAGES: R2Bucket }, now: number): Promise<ExpiredExportsReport> {
  let deleted = 0;
  for (;;) {
    const { results } = await env.DB.prepare('SELECT id FROM account_exports WHERE expires_at <= ? ORDER BY expires_at LIMIT ?')
      .bind(now, BATCH)
      .all<{ id: string }>();
    if (results.length === 0) return { deleted };
    const ids = results.map((row) => row.id);
    await env.IMAGES.delete(ids.map(r2Key));
    await env.DB.prepare('DELETE FROM account_exports WHERE id IN (SELECT value FROM json_each(?)) AND expires_at <= ?').bind(JSON.stringify(ids), now).run();
    deleted += ids.length;
    if (results.length < BATCH) return { deleted };
  }
}
