// Failures that are passing rather than bugs of ours, answered 503 with Retry-After
// (docs/adr/0054-what-a-reader-sees-when-a-part-fails.md): the database could not be reached, or the
// deployment lacks a required setting.
import type { CountingD1 } from '../db/counting-d1.ts';

/** How long a reader is asked to wait when D1 failed. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/**
 * What D1 says when it fails (its errors start "D1_ERROR", "D1_EXEC_ERROR", … or name its storage).
 * Not D1_TYPE_ERROR: a value of the wrong type was bound, which is our caller's bug or input, not
 * an outage (issue 29 item 4).
 */
const D1_FAILURE = /\bD1_(?!TYPE_ERROR)[A-Z_]*ERROR\b|\bD1 DB\b|Network connection lost|storage operation exceeded timeout|storage caused object to be reset/i;

/**
 * Whether a request failed because D1 did: a statement of its counted D1 failed, or the
 * error (or one it was caused by: drizzle wraps D1's errors) is D1's.
 */
export function isDatabaseFailure(error: unknown, d1?: Pick<CountingD1, 'failed'>): boolean {
  if (d1?.failed()) return true;
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    if (D1_FAILURE.test(cause.message)) return true;
  }
  return false;
}
