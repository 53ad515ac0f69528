// A world as SQL: literal multi-row INSERTs for `wrangler d1 execute --file`, or
// statements with bound parameters for `db.batch(...)` inside workerd.
//
// D1 limits respected: at most 100 bound parameters per statement and at most 100 KB
// of SQL text per statement (we stay under 90,000 bytes); 100 rows per INSERT at most.

import { rebuildStatements } from '../../worker/search/index-sql.ts';
import { TABLES_IN_FK_ORDER, TABLE_COLUMNS, type Row, type SqlValue, type TableName, type World } from './rows.ts';

export const MAX_ROWS_PER_INSERT = 100;
export const MAX_STATEMENT_BYTES = 90_000;
export const MAX_BOUND_PARAMETERS = 100;

/** Every table the seed replaces, children first; sessions too, since they point at users. */
export const TABLES_IN_DELETE_ORDER: readonly string[] = [...TABLES_IN_FK_ORDER].reverse().flatMap((t) => (t === 'users' ? ['sessions', t] : [t]));

export interface BoundStatement {
  sql: string;
  params: unknown[];
}

/** A value as an SQL literal: strings single-quoted with quotes doubled, NULL, finite numbers. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`cannot write ${value} as SQL`);
    return String(value);
  }
  if (value.includes('\u0000')) throw new Error('NUL characters cannot go into an SQL literal');
  return `'${value.replaceAll("'", "''")}'`;
}

/** UTF-8 length without allocating (TextEncoder would copy every literal). */
export function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code < 0x800 || (code >= 0xd800 && code <= 0xdfff) ? 1 : 2;
  }
  return bytes;
}

function insertHead(table: TableName): string {
  return `INSERT INTO ${table} (${TABLE_COLUMNS[table].join(', ')}) VALUES\n`;
}

function rowTuple(table: TableName, row: Row): string {
  return `(${TABLE_COLUMNS[table].map((column) => sqlLiteral(row[column] as SqlValue)).join(', ')})`;
}

/** DELETE statements that empty every seeded table (and sessions) in an order foreign keys accept. */
export function deleteStatements(): string[] {
  return TABLES_IN_DELETE_ORDER.map((table) => `DELETE FROM ${table};`);
}

/**
 * INSERT statements for the whole world in foreign-key order, one at a time (a generator,
 * so a 50,000-story world never has to exist as one string).
 */
export function* insertStatements(world: World): Generator<string> {
  for (const table of TABLES_IN_FK_ORDER) {
    const rows = world[table] as readonly Row[];
    const head = insertHead(table);
    const headBytes = utf8Length(head);
    let tuples: string[] = [];
    let bytes = headBytes;
    for (const row of rows) {
      const tuple = rowTuple(table, row);
      const tupleBytes = utf8Length(tuple) + 2; // ",\n" or ";\n"
      if (headBytes + tupleBytes > MAX_STATEMENT_BYTES) {
        throw new Error(`a ${table} row (${String(row['id'] ?? '')}) needs ${tupleBytes} bytes of SQL, over D1's statement limit`);
      }
      if (tuples.length === MAX_ROWS_PER_INSERT || bytes + tupleBytes > MAX_STATEMENT_BYTES) {
        yield `${head}${tuples.join(',\n')};`;
        tuples = [];
        bytes = headBytes;
      }
      tuples.push(tuple);
      bytes += tupleBytes;
    }
    if (tuples.length > 0) yield `${head}${tuples.join(',\n')};`;
  }
  // The search index, built in SQL from the rows just inserted (worker/search/index-sql.ts).
  for (const statement of rebuildStatements()) yield `${statement.sql};`;
}

/** The whole world as one SQL script (for small worlds; large ones should stream insertStatements). */
export function worldToSql(world: World, options: { clearFirst?: boolean } = {}): string {
  const statements = options.clearFirst ? deleteStatements() : [];
  for (const statement of insertStatements(world)) statements.push(statement);
  return `${statements.join('\n')}\n`;
}

/**
 * The world as parameterized INSERTs for `db.batch(...)`: as many rows per statement as
 * fit in D1's 100 bound parameters (3 posts, 25 claps, ...).
 */
export function worldToStatements(world: World): BoundStatement[] {
  const out: BoundStatement[] = [];
  for (const table of TABLES_IN_FK_ORDER) {
    const columns = TABLE_COLUMNS[table];
    const rowsPerStatement = Math.max(1, Math.min(MAX_ROWS_PER_INSERT, Math.floor(MAX_BOUND_PARAMETERS / columns.length)));
    const placeholders = `(${columns.map(() => '?').join(', ')})`;
    const rows = world[table] as readonly Row[];
    for (let i = 0; i < rows.length; i += rowsPerStatement) {
      const chunk = rows.slice(i, i + rowsPerStatement);
      const params: unknown[] = [];
      for (const row of chunk) for (const column of columns) params.push(row[column] ?? null);
      out.push({
        sql: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${chunk.map(() => placeholders).join(', ')}`,
        params,
      });
    }
  }
  for (const statement of rebuildStatements()) out.push({ sql: statement.sql, params: statement.params });
  return out;
}
