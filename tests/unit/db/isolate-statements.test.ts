// Typed queries built once per isolate and bound per request (worker/db/isolate-statements.ts,
// docs/adr/0222-signed-in-story-page-reads.md): a shape is built the first time, then each request
// runs the same SQL text on its own D1 with its own values, and gets the same mapped rows drizzle
// would have answered. Checked against a real SQLite (node:sqlite) behind a stand-in that answers
// raw() as arrays by position, as D1 does.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { D1Database } from '@cloudflare/workers-types';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle, type DrizzleD1Database } from 'drizzle-orm/d1';
import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';
import { placeholders, runShape, runWriteShape, valuesOf } from '../../../worker/db/isolate-statements.ts';

const users = sqliteTable('users', { id: text('id').primaryKey(), name: text('name').notNull() });
const posts = sqliteTable('posts', { id: text('id').primaryKey(), creatorId: text('creator_id').notNull(), title: text('title').notNull(), claps: integer('claps').notNull() });

function localD1(): { db: D1Database; ran: { sql: string; args: unknown[] }[] } {
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec(`
    CREATE TABLE users (id TEXT PRIMARY KEY, name TEXT NOT NULL);
    CREATE TABLE posts (id TEXT PRIMARY KEY, creator_id TEXT NOT NULL, title TEXT NOT NULL, claps INTEGER NOT NULL);
    INSERT INTO users VALUES ('u1', 'Wren'), ('u2', 'Rae');
    INSERT INTO posts VALUES ('p1', 'u1', 'First', 3), ('p2', 'u2', 'Second', 5), ('p3', 'u1', 'Third', 8);
  `);
  const ran: { sql: string; args: unknown[] }[] = [];
  const statement = (text: string, args: unknown[] = []) => ({
    bind: (...values: unknown[]) => statement(text, values),
    raw: async () => {
      ran.push({ sql: text, args });
      const prepared = sqlite.prepare(text);
      prepared.setReturnArrays(true);
      return prepared.all(...(args as never[]));
    },
    run: async () => {
      ran.push({ sql: text, args });
      sqlite.prepare(text).run(...(args as never[]));
      return { success: true, meta: {}, results: [] };
    },
  });
  return { db: { prepare: (text: string) => statement(text) } as unknown as D1Database, ran };
}

const storiesOf = (db: D1Database, shape: string, writer: string, ids: string[], onBuild: () => void) =>
  runShape(
    db,
    shape,
    (b) => {
      onBuild();
      return b
        .select({ post: posts, writer: users, doubled: sql<number>`${posts.claps} * 2` })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.creatorId))
        .where(and(eq(posts.creatorId, sql.placeholder('writer')), inArray(posts.id, placeholders('k', ids.length))))
        .orderBy(posts.id)
        .prepare();
    },
    valuesOf('k', ids, { writer }),
  );

describe('a shape built once per isolate', () => {
  it('is built the first time only, and each request runs it on its own D1 with its own values', async () => {
    let builds = 0;
    const one = localD1();
    const two = localD1();
    const shape = `test-stories:${Math.random()}:2`;
    const first = await storiesOf(one.db, shape, 'u1', ['p1', 'p3'], () => builds++);
    const second = await storiesOf(two.db, shape, 'u2', ['p2', 'p3'], () => builds++);
    expect(builds).toBe(1);
    expect(first).toEqual([
      { post: { id: 'p1', creatorId: 'u1', title: 'First', claps: 3 }, writer: { id: 'u1', name: 'Wren' }, doubled: 6 },
      { post: { id: 'p3', creatorId: 'u1', title: 'Third', claps: 8 }, writer: { id: 'u1', name: 'Wren' }, doubled: 16 },
    ]);
    expect(second).toEqual([{ post: { id: 'p2', creatorId: 'u2', title: 'Second', claps: 5 }, writer: { id: 'u2', name: 'Rae' }, doubled: 10 }]);
    expect(one.ran).toHaveLength(1);
    expect(two.ran).toHaveLength(1);
    expect(one.ran[0]!.args).toEqual(['u1', 'p1', 'p3']);
    expect(two.ran[0]!.args).toEqual(['u2', 'p2', 'p3']);
    expect(two.ran[0]!.sql).toBe(one.ran[0]!.sql);
  });

  it('runs the same statement and answers the same rows as the query built per request', async () => {
    const local = localD1();
    const perRequest = await drizzle(local.db)
      .select({ post: posts, writer: users, doubled: sql<number>`${posts.claps} * 2` })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.creatorId))
      .where(and(eq(posts.creatorId, 'u1'), inArray(posts.id, ['p1', 'p3'])))
      .orderBy(posts.id);
    const once = await storiesOf(local.db, `test-stories:${Math.random()}:2`, 'u1', ['p1', 'p3'], () => undefined);
    expect(once).toEqual(perRequest);
    expect(local.ran[1]!.sql).toBe(local.ran[0]!.sql);
    expect(local.ran[1]!.args).toEqual(local.ran[0]!.args);
  });
});

describe('a write built once per isolate', () => {
  // An upsert like the reading history's (worker/reading/record-read.ts).
  const upsert = (b: DrizzleD1Database, values: { id: unknown; claps: unknown }) =>
    b
      .insert(posts)
      .values({ id: values.id as string, creatorId: 'u1', title: 'New', claps: values.claps as number })
      .onConflictDoUpdate({ target: posts.id, set: { claps: sql`excluded.claps` } });

  it('runs the statement built per request, with the request’s values, and writes the same rows', async () => {
    const local = localD1();
    const shape = `test-upsert:${Math.random()}`;
    const write = (id: string, claps: number) =>
      runWriteShape(local.db, shape, (b) => upsert(b, { id: sql.placeholder('id'), claps: sql.placeholder('claps') }).prepare(), { id, claps });
    await write('p4', 1);
    await write('p4', 2);
    await write('p1', 9);
    const perRequest = upsert(drizzle(local.db), { id: 'p4', claps: 2 }).toSQL();
    expect(local.ran.map((r) => r.sql)).toEqual([perRequest.sql, perRequest.sql, perRequest.sql]);
    expect(local.ran[1]!.args).toEqual(perRequest.params);
    expect(local.ran.map((r) => r.args)).toEqual([
      ['p4', 'u1', 'New', 1],
      ['p4', 'u1', 'New', 2],
      ['p1', 'u1', 'New', 9],
    ]);
    const rows = await drizzle(local.db).select({ id: posts.id, claps: posts.claps }).from(posts).orderBy(posts.id);
    expect(rows).toEqual([
      { id: 'p1', claps: 9 },
      { id: 'p2', claps: 5 },
      { id: 'p3', claps: 8 },
      { id: 'p4', claps: 2 },
    ]);
  });
});
