import type { D1Database } from '@cloudflare/workers-types';
import { sql, type Placeholder } from 'drizzle-orm';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';

/**
 * Typed queries built once per isolate and bound per request (issue 25 point 4,
 * docs/adr/0222-signed-in-story-page-reads.md).
 *
 * Building a drizzle query (its SQL text, its parameters' order, the map from columns to fields)
 * costs CPU on every request for the same few statements: a page's loaders ask the same shapes
 * again and again. Here a shape (a name and, for `IN (…)` lists, the number of keys) is built once
 * per isolate with placeholders, over a builder that never runs anything; a request then binds its
 * values and runs the same prepared query on its own D1 (its session, its batching:
 * worker/session/request-database.ts) — the statement goes through the request's D1 exactly as
 * before, with the same text and the same row mapping, and only the building is skipped.
 *
 * Drizzle's prepared query is bound to one client (its `stmt`): a request's copy of it is the
 * isolate's query with the request's own statement in that field, nothing else changed.
 */

/** A client that only names statements: the isolate's queries are built over it, never run. */
const builder = drizzle({ prepare: (text: string) => ({ text }) } as unknown as D1Database);

interface PreparedShape {
  all(values?: Record<string, unknown>): Promise<unknown>;
  /** drizzle's built query (its SQL text); read to prepare the request's own statement. */
  getQuery(): { sql: string };
}

const shapes = new Map<string, PreparedShape>();
/** Bounded: shapes are a few per loader and key count (≤ 100 each); cleared when full. */
const MAX_SHAPES = 2000;

/** How many shapes were built in this isolate (for the unit test). */
export function builtShapes(): number {
  return shapes.size;
}

/** A value given as itself (a statement built per request) or as a placeholder (built once per isolate). */
export type Bound<T> = T | Placeholder;

/** A keyset cursor in a statement: rows after this sort key and id (worker/db/conditions.ts: after). */
export interface BoundCursor {
  at: Bound<number>;
  id: Bound<string>;
}

/** The cursor of a shape: its placeholders, bound by cursorValues. */
export const CURSOR_PLACEHOLDERS: BoundCursor = { at: sql.placeholder('at'), id: sql.placeholder('afterId') };

/** The values for CURSOR_PLACEHOLDERS from a page request's cursor. */
export function cursorValues(after: { sortKey: number; id: string }, into: Record<string, unknown>): Record<string, unknown> {
  into.at = after.sortKey;
  into.afterId = after.id;
  return into;
}

/** `count` placeholders named `${name}0`, `${name}1`, … (an IN list of that many keys). */
export function placeholders(name: string, count: number): Placeholder[] {
  return Array.from({ length: count }, (_, i) => sql.placeholder(`${name}${i}`));
}

/** The values for `placeholders(name, keys.length)`. */
export function valuesOf(name: string, keys: readonly unknown[], into: Record<string, unknown> = {}): Record<string, unknown> {
  keys.forEach((key, i) => (into[`${name}${i}`] = key));
  return into;
}

/**
 * Runs the query of `shape` (built by `build` the first time this isolate meets the shape) on the
 * request's D1 with `values` bound to its placeholders; answers what drizzle's `all()` answers.
 */
export function runShape<Q extends PreparedShape>(db: D1Database, shape: string, build: (q: DrizzleD1Database) => Q, values: Record<string, unknown>): Promise<Awaited<ReturnType<Q['all']>>> {
  return boundShape(db, shape, build).all(values) as Promise<Awaited<ReturnType<Q['all']>>>;
}

/** A write built once per isolate (an insert or update with placeholders), run on the request's D1 with `values`. */
export function runWriteShape<Q extends PreparedShape & { run(values?: Record<string, unknown>): Promise<unknown> }>(
  db: D1Database,
  shape: string,
  build: (q: DrizzleD1Database) => Q,
  values: Record<string, unknown>,
): Promise<unknown> {
  return boundShape(db, shape, build).run(values);
}

/** The isolate's query of `shape` (built the first time), bound to a statement of the request's D1. */
function boundShape<Q extends PreparedShape>(db: D1Database, shape: string, build: (q: DrizzleD1Database) => Q): Q {
  let prepared = shapes.get(shape) as Q | undefined;
  if (!prepared) {
    if (shapes.size >= MAX_SHAPES) shapes.clear();
    prepared = build(builder);
    shapes.set(shape, prepared);
  }
  const text = prepared.getQuery().sql;
  const bound = Object.create(prepared) as Q & { stmt: unknown };
  bound.stmt = db.prepare(text);
  return bound;
}
