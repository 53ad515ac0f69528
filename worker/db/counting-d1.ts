import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';

/**
 * Wraps a D1 binding so every statement that reaches the database is counted. The
 * count is reported on responses (`x-d1-queries`) and by the benchmarks: it is how we
 * show that a page costs a bounded number of queries, whatever the size of its lists.
 */
export interface CountingD1 {
  db: D1Database;
  /** Statements executed so far (a batch counts each statement it holds). */
  count(): number;
  /**
   * Calls that reached the database (x-d1-round-trips): a batch counts once, so the reads a
   * request's D1 sends together in one turn (./turn-batch.ts) are one round trip.
   */
  roundTrips(): number;
  /**
   * Rows D1 reports having read (result meta rows_read) for the statements whose answer carries
   * it (all, run, batch); first and raw answer without meta, so this is a lower bound
   * (x-d1-rows-read; the cost model of docs/scale.md reads it).
   */
  rowsRead(): number;
  /** Whether a statement or batch of this request failed (the page is then a 503: worker/pipeline/unavailable.ts). */
  failed(): boolean;
}

const RUNNERS = new Set(['first', 'all', 'run', 'raw']);
const ORIGINAL = Symbol('original statement');

export function countingD1(inner: D1Database, innerRoundTrips?: () => number): CountingD1 {
  let executed = 0;
  let calls = 0;
  let rowsRead = 0;
  let failed = false;
  const noteRows = <T>(result: T): T => {
    for (const one of Array.isArray(result) ? result : [result]) {
      const read = (one as { meta?: { rows_read?: number } } | null)?.meta?.rows_read;
      if (typeof read === 'number') rowsRead += read;
    }
    return result;
  };
  const noteFailure = (error: unknown): never => {
    failed = true;
    throw error;
  };

  const wrapStatement = (statement: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === ORIGINAL) return target;
        // D1 statements keep state in private fields: call methods on the target itself.
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop === 'bind') {
          return (...args: unknown[]) => wrapStatement((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args));
        }
        if (typeof prop === 'string' && RUNNERS.has(prop)) {
          return (...args: unknown[]) => {
            executed++;
            calls++;
            return ((value as (...a: unknown[]) => Promise<unknown>).apply(target, args)).then(noteRows, noteFailure);
          };
        }
        return value.bind(target);
      },
    });

  const db = new Proxy(inner, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      if (prop === 'prepare') {
        return (sql: string) => wrapStatement(target.prepare(sql));
      }
      if (prop === 'batch') {
        return (statements: D1PreparedStatement[]) => {
          executed += statements.length;
          calls++;
          // The wrapped statements are proxies; D1 needs the originals.
          return target.batch(statements.map(unwrap)).then(noteRows, noteFailure);
        };
      }
      if (prop === 'exec') {
        return (sql: string) => {
          executed++;
          calls++;
          return target.exec(sql).catch(noteFailure);
        };
      }
      return value.bind(target);
    },
  });

  return { db, count: () => executed, roundTrips: innerRoundTrips ?? (() => calls), rowsRead: () => rowsRead, failed: () => failed };
}

function unwrap(statement: D1PreparedStatement): D1PreparedStatement {
  return ((statement as unknown as Record<symbol, D1PreparedStatement>)[ORIGINAL] ?? statement);
}
