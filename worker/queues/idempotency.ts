// Idempotency keys (docs/adr/0091-idempotency-keys.md): queues deliver at least once, so
// work that must not happen twice (an email, a charge) claims a key in D1 before acting. A
// second delivery finds the key and does nothing; a failed action gives the key back so the
// retry can do it. The window left open: the action succeeded but the worker died before the
// key was kept, which D1's single statement makes as small as it can be.
import type { D1Database } from '@cloudflare/workers-types';

/** Runs `action` once per key: answers false (and does nothing) when the key was already claimed. */
export async function oncePerKey(db: D1Database, key: string, action: () => Promise<void>, now = Date.now()): Promise<boolean> {
  const claimed = await db.prepare('INSERT OR IGNORE INTO queue_idempotency_keys (key, claimed_at) VALUES (?, ?)').bind(key, now).run();
  if ((claimed.meta.changes ?? 0) === 0) return false;
  try {
    await action();
  } catch (error) {
    await db.prepare('DELETE FROM queue_idempotency_keys WHERE key = ?').bind(key).run();
    throw error;
  }
  return true;
}

/** How long a key is kept: past the queue's longest retention (14 days), no redelivery can come. */
export const IDEMPOTENCY_KEY_DAYS = 15;

/** The daily job's part (worker/jobs/scheduled.ts): keys no redelivery can need any more. */
export async function forgetExpiredKeys(db: D1Database, now: number): Promise<number> {
  const result = await db.prepare('DELETE FROM queue_idempotency_keys WHERE claimed_at < ?').bind(now - IDEMPOTENCY_KEY_DAYS * 86_400_000).run();
  return result.meta.changes ?? 0;
}
