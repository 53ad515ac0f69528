// The drizzle schema (worker/db/schema.ts) must describe the migrated D1 exactly: every
// table, column (type, NOT NULL, default, primary key), foreign key, unique constraint
// and index. A migration that changes the database without the schema fails here.

import { is, SQL } from 'drizzle-orm';
import { getTableConfig, SQLiteSyncDialect, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../worker/db/schema.ts';
import { testDb } from './helpers/graphql-client.ts';

interface ColumnInfo {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}
interface IndexListRow {
  name: string;
  unique: number;
  origin: 'c' | 'u' | 'pk';
  partial: number;
}
interface IndexColumnRow {
  name: string | null;
  desc: number;
  key: number;
}
interface ForeignKeyRow {
  table: string;
  from: string;
  to: string;
  on_delete: string;
}

const dialect = new SQLiteSyncDialect();
/** Lowercase SQL text without quotes, table qualifiers or repeated spaces. */
const normalizeSql = (text: string) =>
  text
    .replace(/"/g, '')
    .replace(/\b\w+\.(?=\w)/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Statements take names as bound parameters (pragma table functions), never spliced in. */
async function all<T>(sql: string, ...params: string[]): Promise<T[]> {
  return (await testDb.prepare(sql).bind(...params).all<T>()).results;
}

function drizzleDefault(column: SQLiteColumn): string | null {
  if (!column.hasDefault || column.default === undefined) return null;
  const value = column.default;
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function indexColumnText(column: unknown): string {
  if (is(column, SQL)) return normalizeSql(dialect.sqlToQuery(column).sql);
  return (column as SQLiteColumn).name;
}

describe('worker/db/schema.ts mirrors the migrated database', () => {
  it('has a table for every table of the database, and no other', async () => {
    const rows = await all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations'",
    );
    // FTS5 virtual tables (search, migrations/0012_search.sql) and their shadow tables are
    // not drizzle tables: drizzle cannot describe them.
    const virtual = (await all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'")).map((r) => r.name);
    const isFts = (name: string) => virtual.some((v) => name === v || /^_(data|idx|content|docsize|config)$/.test(name.slice(v.length)) && name.startsWith(v));
    rows.splice(0, rows.length, ...rows.filter((r) => !isFts(r.name)));
    expect(Object.keys(TABLES).sort()).toEqual(rows.map((r) => r.name).sort());
    for (const [name, table] of Object.entries(TABLES)) expect(getTableConfig(table).name).toBe(name);
  });

  for (const [tableName, table] of Object.entries(TABLES)) {
    describe(tableName, () => {
      const config = getTableConfig(table);
      const compositeKey = new Set(config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name)));

      it('has the same columns: name, type, NOT NULL, default, primary key', async () => {
        const info = await all<ColumnInfo>('SELECT * FROM pragma_table_info(?)', tableName);
        const inDatabase = info.map((c) => ({
          name: c.name,
          type: c.type.toUpperCase(),
          // SQLite lets a non-INTEGER single-column primary key hold NULL unless declared
          // NOT NULL; drizzle treats every primary key as NOT NULL.
          notNull: c.notnull === 1 || c.pk > 0,
          default: c.dflt_value,
          primaryKey: c.pk > 0,
        }));
        const inSchema = config.columns.map((c) => ({
          name: c.name,
          type: c.getSQLType().toUpperCase(),
          notNull: c.notNull || c.primary,
          default: drizzleDefault(c),
          primaryKey: c.primary || compositeKey.has(c.name),
        }));
        expect(inSchema).toEqual(inDatabase);
      });

      it('has the same foreign keys', async () => {
        const rows = await all<ForeignKeyRow>('SELECT * FROM pragma_foreign_key_list(?)', tableName);
        const inDatabase = rows.map((r) => `${r.from} -> ${r.table}.${r.to} on delete ${r.on_delete.toLowerCase()}`).sort();
        const inSchema = config.foreignKeys
          .map((fk) => {
            const ref = fk.reference();
            const from = ref.columns.map((c) => c.name).join(',');
            const to = ref.foreignColumns.map((c) => c.name).join(',');
            return `${from} -> ${getTableConfig(ref.foreignTable).name}.${to} on delete ${(fk.onDelete ?? 'no action').toLowerCase()}`;
          })
          .sort();
        expect(inSchema).toEqual(inDatabase);
      });

      it('has the same unique constraints and indexes', async () => {
        const list = await all<IndexListRow>('SELECT * FROM pragma_index_list(?)', tableName);
        const sqlOf = new Map(
          (await all<{ name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ?", tableName)).map(
            (r) => [r.name, r.sql],
          ),
        );
        const uniqueInDatabase: string[] = [];
        const indexesInDatabase: string[] = [];
        for (const index of list) {
          if (index.origin === 'pk') continue;
          const columns = (await all<IndexColumnRow>('SELECT * FROM pragma_index_xinfo(?)', index.name))
            .filter((c) => c.key === 1)
            .map((c) => `${c.name}${c.desc ? ' desc' : ''}`);
          if (index.origin === 'u') {
            uniqueInDatabase.push(columns.join(','));
          } else {
            const where = /\bWHERE\b(.*)$/is.exec(sqlOf.get(index.name) ?? '')?.[1];
            indexesInDatabase.push(`${index.name}${index.unique ? ' unique' : ''} (${columns.join(', ')})${where ? ` where ${normalizeSql(where)}` : ''}`);
          }
        }
        const uniqueInSchema = [
          ...config.columns.filter((c) => c.isUnique).map((c) => c.name),
          ...config.uniqueConstraints.map((u) => u.columns.map((c) => c.name).join(',')),
        ];
        const indexesInSchema = config.indexes.map((index) => {
          const { name, unique, columns, where } = index.config;
          const whereText = where ? ` where ${normalizeSql(dialect.sqlToQuery(where).sql)}` : '';
          return `${name}${unique ? ' unique' : ''} (${columns.map(indexColumnText).join(', ')})${whereText}`;
        });
        expect(uniqueInSchema.sort()).toEqual(uniqueInDatabase.sort());
        expect(indexesInSchema.sort()).toEqual(indexesInDatabase.sort());
      });
    });
  }
});
