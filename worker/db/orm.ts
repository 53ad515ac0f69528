// The typed query builder (drizzle-orm) over a D1 binding. Every folder that reads or
// writes D1 through typed queries takes its builder from here.
import type { D1Database } from '@cloudflare/workers-types';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';

const ormByDatabase = new WeakMap<D1Database, DrizzleD1Database>();

/** The typed query builder over a D1 binding (one per binding object, reused). */
export function orm(db: D1Database): DrizzleD1Database {
  let builder = ormByDatabase.get(db);
  if (!builder) {
    builder = drizzle(db);
    ormByDatabase.set(db, builder);
  }
  return builder;
}
