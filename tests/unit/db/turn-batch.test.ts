// The request's D1 sends the reads of one turn as one batch (worker/db/turn-batch.ts,
// docs/adr/0210-reads-of-one-turn-in-one-batch.md). Checked against a real SQLite (node:sqlite)
// behind a stand-in that answers like D1: raw() as arrays by position, batch() as objects keyed
// by column name (D1's toArrayOfObjects), so a join's repeated names would collapse there.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { positionalSql, rowsByPosition, turnBatchingD1 } from '../../../worker/db/turn-batch.ts';

function localD1() {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec(`
    CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT, created_at INTEGER);
    CREATE TABLE posts (id TEXT PRIMARY KEY, creator_id TEXT, title TEXT, created_at INTEGER);
    INSERT INTO users VALUES ('u1', 'Wren', 1), ('u2', 'Rae', 2);
    INSERT INTO posts VALUES ('p1', 'u1', 'First', 10), ('p2', 'u2', 'Second', 20), ('p3', 'u1', 'Third', 30);
  `);
  let batches = 0;
  const rowsOf = (sql: string, args: unknown[]) => {
    const statement = sqlite.prepare(sql);
    const columns = statement.columns().map((column) => column.name);
    statement.setReturnArrays(true);
    return { columns, rows: statement.all(...(args as never[])) as unknown as unknown[][] };
  };
  const objects = ({ columns, rows }: { columns: string[]; rows: unknown[][] }) =>
    rows.map((row) => Object.fromEntries(row.map((cell, i) => [columns[i], cell])));
  const statement = (sql: string, args: unknown[] = []) => ({
    sql,
    args,
    bind: (...values: unknown[]) => statement(sql, values),
    raw: async () => rowsOf(sql, args).rows,
    all: async () => ({ success: true, meta: {}, results: objects(rowsOf(sql, args)) }),
    first: async () => objects(rowsOf(sql, args))[0] ?? null,
    run: async () => {
      sqlite.prepare(sql).run(...(args as never[]));
      return { success: true, meta: {} };
    },
  });
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (statements: ReturnType<typeof statement>[]) => {
      batches++;
      if (statements.some((one) => /no_such_table/.test(one.sql))) throw new Error('D1_ERROR: no such table');
      return statements.map((one) => ({ success: true, meta: {}, results: objects(rowsOf(one.sql, one.args)) }));
    },
  };
  return { db: db as unknown as D1Database, batches: () => batches };
}

const JOINED = 'SELECT posts.id, posts.title, posts.created_at, users.id, users.name, users.created_at FROM posts JOIN users ON users.id = posts.creator_id WHERE posts.creator_id = ? ORDER BY posts.created_at DESC';

describe('reads of one turn', () => {
  it('go in one batch, and a join read by position keeps its repeated columns apart and its order', async () => {
    const local = localD1();
    const alone = await local.db.prepare(JOINED).bind('u1').raw();
    const batching = turnBatchingD1(local.db);
    const [joined, count, first, all] = await Promise.all([
      batching.db.prepare(JOINED).bind('u1').raw(),
      batching.db.prepare('SELECT count(*) FROM posts').raw(),
      batching.db.prepare('SELECT id, title FROM posts WHERE id = ?').bind('p2').first(),
      batching.db.prepare('SELECT id FROM users ORDER BY id').all(),
    ]);
    expect(joined).toEqual([
      ['p3', 'Third', 30, 'u1', 'Wren', 1],
      ['p1', 'First', 10, 'u1', 'Wren', 1],
    ]);
    expect(joined).toEqual(alone);
    expect(count).toEqual([[3]]);
    expect(first).toEqual({ id: 'p2', title: 'Second' });
    expect((all as { results: unknown[] }).results).toEqual([{ id: 'u1' }, { id: 'u2' }]);
    expect(local.batches()).toBe(1);
    expect(batching.roundTrips()).toBe(1);
  });

  it('a turn with one read sends it alone; a write goes straight, never batched', async () => {
    const local = localD1();
    const batching = turnBatchingD1(local.db);
    expect(await batching.db.prepare('SELECT name FROM users WHERE id = ?').bind('u2').first()).toEqual({ name: 'Rae' });
    await batching.db.prepare('UPDATE users SET name = ? WHERE id = ?').bind('Rae R.', 'u2').run();
    expect(await batching.db.prepare('SELECT name FROM users WHERE id = ?').bind('u2').raw()).toEqual([['Rae R.']]);
    expect(local.batches()).toBe(0);
    expect(batching.roundTrips()).toBe(3);
  });

  it('a row whose column names JavaScript would reorder (integer-like) is read again alone', async () => {
    const local = localD1();
    const batching = turnBatchingD1(local.db);
    const [numbered, other] = await Promise.all([
      batching.db.prepare('SELECT id, 7 FROM users ORDER BY id').raw(),
      batching.db.prepare('SELECT title FROM posts WHERE id = ?').bind('p1').raw(),
    ]);
    expect(numbered).toEqual([
      ['u1', 7],
      ['u2', 7],
    ]);
    expect(other).toEqual([['First']]);
    expect(batching.roundTrips()).toBe(2);
  });

  it('a batch that fails fails each of its reads', async () => {
    const local = localD1();
    const batching = turnBatchingD1(local.db);
    const results = await Promise.allSettled([batching.db.prepare('SELECT * FROM no_such_table').raw(), batching.db.prepare('SELECT 1 AS one').first()]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('reading a batch by position', () => {
  it('wraps the statement so SQLite names repeated columns apart', () => {
    expect(positionalSql('SELECT a.id, b.id FROM a JOIN b ;  ')).toBe('SELECT * FROM (\nSELECT a.id, b.id FROM a JOIN b\n)');
  });

  it('answers rows as arrays, or null when a key is integer-like', () => {
    expect(rowsByPosition([{ id: 'p1', 'id:1': 'u1' }])).toEqual([['p1', 'u1']]);
    expect(rowsByPosition([{ id: 'p1', 2: 2 }])).toBeNull();
    expect(rowsByPosition([])).toEqual([]);
  });
});

describe('a database that throws at once', () => {
  it('rejects the reads queued for it, alone or batched, instead of leaving them waiting', async () => {
    const refusing = {
      prepare: () => {
        throw new Error('D1 is unavailable');
      },
      batch: () => {
        throw new Error('D1 is unavailable');
      },
    } as unknown as D1Database;
    const batching = turnBatchingD1(refusing);
    await expect(batching.db.prepare('SELECT 1 AS one').first()).rejects.toThrow('D1 is unavailable');
    const both = await Promise.allSettled([batching.db.prepare('SELECT 1 AS one').raw(), batching.db.prepare('SELECT 2 AS two').raw()]);
    expect(both.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  });
});
