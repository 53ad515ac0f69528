// The edge cache's records in D1: the tag ledger (tag → last invalidation) and the tag
// index (stored copy → tags) that lets a purge delete the copies held where it runs. A HIT
// reads neither: the ledger is read only after a fresh render was stored, to withdraw a
// render that a purge overtook (freshness.ts). Statements are built with drizzle; lists are
// sent in chunks that keep each statement under D1's 100 bound parameters.
import type { D1Database } from '@cloudflare/workers-types';
import { eq, inArray, lt, max, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { cacheEntries, cacheEntryTags, cacheTagInvalidations } from '../db/edge-cache-tables.ts';

/** Values per statement: lists bind one parameter per item, rows of two columns two. */
const CHUNK = 90;
const ROW_CHUNK = 45;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const orm = (db: D1Database) => drizzle(db);

/** The latest invalidation (ms) of any of the tags, or null when none was ever purged. */
export async function latestInvalidation(db: D1Database, tags: readonly string[]): Promise<number | null> {
  let latest: number | null = null;
  for (const part of chunks(tags)) {
    const [row] = await orm(db)
      .select({ at: max(cacheTagInvalidations.invalidatedAt) })
      .from(cacheTagInvalidations)
      .where(inArray(cacheTagInvalidations.tag, part));
    const at = row?.at ?? null;
    if (at !== null && (latest === null || at > latest)) latest = at;
  }
  return latest;
}

/**
 * Records that the tags were invalidated at `at` (a later time never moves back), and drops
 * ledger rows older than `forgetBefore`: no render still running started before then.
 */
export async function recordInvalidations(db: D1Database, tags: readonly string[], at: number, forgetBefore: number): Promise<void> {
  const d = orm(db);
  const statements = chunks(tags, ROW_CHUNK).map((part) =>
    d
      .insert(cacheTagInvalidations)
      .values(part.map((tag) => ({ tag, invalidatedAt: at })))
      .onConflictDoUpdate({
        target: cacheTagInvalidations.tag,
        set: { invalidatedAt: sql`max(${cacheTagInvalidations.invalidatedAt}, excluded.invalidated_at)` },
      }),
  );
  const prune = d.delete(cacheTagInvalidations).where(lt(cacheTagInvalidations.invalidatedAt, forgetBefore));
  if (statements.length === 0) {
    await prune;
    return;
  }
  const [first, ...rest] = statements;
  await d.batch([first!, ...rest, prune]);
}

/** Adds a stored copy to the tag index (replacing what the index knew of that key). */
export async function indexStoredCopy(db: D1Database, key: string, tags: readonly string[], storedAt: number, expiresAt: number): Promise<void> {
  const d = orm(db);
  await d.batch([
    d
      .insert(cacheEntries)
      .values({ key, storedAt, expiresAt })
      .onConflictDoUpdate({ target: cacheEntries.key, set: { storedAt, expiresAt } }),
    d.delete(cacheEntryTags).where(eq(cacheEntryTags.key, key)),
    ...chunks(tags, ROW_CHUNK).map((part) => d.insert(cacheEntryTags).values(part.map((tag) => ({ tag, key }))).onConflictDoNothing()),
  ]);
}

/** Keys of the indexed copies that carry any of the tags. */
export async function keysWithTags(db: D1Database, tags: readonly string[]): Promise<string[]> {
  const keys = new Set<string>();
  for (const part of chunks(tags)) {
    const rows = await orm(db).selectDistinct({ key: cacheEntryTags.key }).from(cacheEntryTags).where(inArray(cacheEntryTags.tag, part));
    for (const row of rows) keys.add(row.key);
  }
  return [...keys];
}

/** Removes copies from the index with their tags, and the copies storage has dropped by now. */
export async function forgetStoredCopies(db: D1Database, keys: readonly string[], now: number): Promise<void> {
  const d = orm(db);
  const expiredKeys = d.select({ key: cacheEntries.key }).from(cacheEntries).where(lt(cacheEntries.expiresAt, now));
  await d.batch([
    d.delete(cacheEntryTags).where(inArray(cacheEntryTags.key, expiredKeys)),
    d.delete(cacheEntries).where(lt(cacheEntries.expiresAt, now)),
    ...chunks(keys).flatMap((part) => [
      d.delete(cacheEntryTags).where(inArray(cacheEntryTags.key, part)),
      d.delete(cacheEntries).where(inArray(cacheEntries.key, part)),
    ]),
  ]);
}
