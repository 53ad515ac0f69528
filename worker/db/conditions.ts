// Query conditions every list shares: keyset paging's "after the cursor" and which accounts
// a list of people shows.
import { and, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { users } from './schema.ts';

/** Rows after the cursor of a list ordered by (sortKey DESC, id DESC). */
export function after(sortKey: SQLiteColumn, id: SQLiteColumn, cursor: { sortKey: number; id: string } | null): SQL[] {
  if (!cursor) return [];
  return [or(lt(sortKey, cursor.sortKey), and(eq(sortKey, cursor.sortKey), lt(id, cursor.id)))!];
}

/** People shown in a list of people: accounts neither deleted nor suspended. */
export const activeAccount = (): SQL[] => [isNull(users.deletedAt), eq(users.isSuspended, false)];
