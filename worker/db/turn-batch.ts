import type { D1Database, D1PreparedStatement, D1Result } from '@cloudflare/workers-types';

/**
 * Wraps a request's D1 so that the reads it issues in one turn go to the database as ONE
 * `batch()`: one round trip instead of one per statement (issue 25 point 4,
 * docs/adr/0210-reads-of-one-turn-in-one-batch.md).
 *
 * A page's reads come from GraphQL resolvers through per-request loaders: the resolvers of one
 * level of the page's query all run before any of their statements can be answered, so every
 * statement started before the next macrotask is independent of the others. They are queued,
 * and a zero-delay timer (which runs once the microtasks of the turn are done) sends them
 * together; a turn with one statement sends it alone, as before.
 *
 * D1's `batch()` answers every statement's rows as objects keyed by column name, so a join's
 * repeated names (`id` of posts and of users) would collapse, and the query builder's `raw()`
 * reads rows as arrays by position. A batched `raw()` is therefore sent as
 * `SELECT * FROM (<statement>)`: SQLite names a subquery's repeated columns apart (`id`,
 * `id:1`), keeps the subquery's order (the outer query has no ORDER BY of its own and a single
 * source), and the objects' values in key order are the row by position. A row whose keys
 * include an integer-like name (JavaScript would order it first) is read again alone.
 *
 * Only reads are batched (`raw()`, `all()`, `first()` of a statement that starts with SELECT);
 * writes and statements run with options go straight through. A batch that fails fails each of
 * its statements (the page is then a 503: worker/pipeline/unavailable.ts).
 */
export interface TurnBatchingD1 {
  db: D1Database;
  /** Calls that reached the database so far: a batch counts once (x-d1-round-trips). */
  roundTrips(): number;
}

type Method = 'raw' | 'all' | 'first';

interface Queued {
  statement: TurnStatement;
  method: Method;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

const READ = /^\s*select\b/i;
const INTEGER_LIKE = /^(0|[1-9]\d*)$/;

/** The SQL D1's batch runs for a statement read by position (see above). */
export function positionalSql(sql: string): string {
  return `SELECT * FROM (\n${sql.replace(/[\s;]+$/, '')}\n)`;
}

/** Rows D1's batch answered as objects, as the arrays `raw()` would have answered; null when keys cannot keep their order. */
export function rowsByPosition(rows: readonly Record<string, unknown>[]): unknown[][] | null {
  const first = rows[0];
  if (first && Object.keys(first).some((key) => INTEGER_LIKE.test(key))) return null;
  return rows.map((row) => Object.values(row));
}

class TurnStatement {
  constructor(
    private readonly owner: TurnBatcher,
    readonly sql: string,
    readonly args: readonly unknown[],
  ) {}

  bind(...args: unknown[]): TurnStatement {
    return new TurnStatement(this.owner, this.sql, args);
  }

  /** The database's own statement, prepared and bound. */
  real(sql = this.sql): D1PreparedStatement {
    const statement = this.owner.inner.prepare(sql);
    return this.args.length > 0 ? statement.bind(...this.args) : statement;
  }

  raw(options?: unknown): Promise<unknown> {
    if (options !== undefined || !READ.test(this.sql)) return this.owner.alone(() => this.real().raw(options as never));
    return this.owner.enqueue(this, 'raw');
  }

  all(): Promise<unknown> {
    if (!READ.test(this.sql)) return this.owner.alone(() => this.real().all());
    return this.owner.enqueue(this, 'all');
  }

  first(column?: string): Promise<unknown> {
    if (column !== undefined || !READ.test(this.sql)) return this.owner.alone(() => this.real().first(column as never));
    return this.owner.enqueue(this, 'first');
  }

  run(): Promise<unknown> {
    return this.owner.alone(() => this.real().run());
  }
}

class TurnBatcher {
  trips = 0;
  private queue: Queued[] = [];

  constructor(readonly inner: D1Database) {}

  /** One call to the database; a binding that throws at once (a stand-in, an unavailable D1) rejects instead. */
  alone<T>(call: () => Promise<T>): Promise<T> {
    this.trips++;
    try {
      return call();
    } catch (error) {
      return Promise.reject(error);
    }
  }

  enqueue(statement: TurnStatement, method: Method): Promise<unknown> {
    return new Promise((resolve, reject) => {
      if (this.queue.length === 0) setTimeout(() => void this.flush(), 0);
      this.queue.push({ statement, method, resolve, reject });
    });
  }

  private async flush(): Promise<void> {
    const queued = this.queue;
    this.queue = [];
    if (queued.length === 1) {
      const [one] = queued as [Queued];
      this.alone(() => runAlone(one)).then(one.resolve, one.reject);
      return;
    }
    let results: D1Result[];
    try {
      results = await this.alone(() =>
        this.inner.batch(queued.map((entry) => (entry.method === 'raw' ? entry.statement.real(positionalSql(entry.statement.sql)) : entry.statement.real()))),
      );
    } catch (error) {
      for (const entry of queued) entry.reject(error);
      return;
    }
    queued.forEach((entry, i) => {
      const result = results[i]!;
      const rows = (result.results ?? []) as Record<string, unknown>[];
      if (entry.method === 'all') return entry.resolve(result);
      if (entry.method === 'first') return entry.resolve(rows[0] ?? null);
      const positional = rowsByPosition(rows);
      if (positional) return entry.resolve(positional);
      this.alone(() => runAlone(entry)).then(entry.resolve, entry.reject);
    });
  }
}

function runAlone(entry: Queued): Promise<unknown> {
  const statement = entry.statement.real();
  return entry.method === 'raw' ? statement.raw() : entry.method === 'all' ? statement.all() : statement.first();
}

export function turnBatchingD1(inner: D1Database): TurnBatchingD1 {
  const batcher = new TurnBatcher(inner);
  const db = {
    prepare: (sql: string) => new TurnStatement(batcher, sql, []),
    // A caller's own batch (a write and its reads together) goes as it is.
    batch: (statements: unknown[]) => batcher.alone(() => inner.batch(statements.map((statement) => (statement instanceof TurnStatement ? statement.real() : (statement as unknown as D1PreparedStatement))))),
    exec: (sql: string) => batcher.alone(() => inner.exec(sql)),
    withSession: undefined,
    dump: () => inner.dump(),
  };
  return { db: db as unknown as D1Database, roundTrips: () => batcher.trips };
}
