// A bench-only wrapper around the Vellum worker that answers D1 from memory.
//
// Locally D1 runs inside the same workerd process as the worker (miniflare implements it
// as a SQLite-backed Durable Object), so the workerd CPU of a request includes SQLite's own
// execution and the D1 plumbing, which in production run on the D1 server and do not count
// against the worker's CPU time. This wrapper serves the real worker (worker/index.ts)
// with a D1 binding that records each statement's answer the first time it is asked
// (sql, bound values, method) and answers it from memory afterwards. After a warm-up
// request, a page served through it costs the worker's own CPU only: the difference from
// the same page on the plain site is local D1's share (docs/adr/0034-measuring-the-workers-own-cpu.md).
//
// Every response says how many statements reached the real database (`x-d1-real`), so the
// bench can check that the measured requests were answered from memory only.
import type { D1Database, D1PreparedStatement, D1Result, ExecutionContext } from '@cloudflare/workers-types';
import vellum from '../../worker/index.ts';
import type { Env } from '../../worker/env.ts';

type Method = 'all' | 'raw' | 'first' | 'run';

class ReplayStatement {
  constructor(
    readonly replay: ReplayD1,
    readonly sql: string,
    readonly params: unknown[] = [],
  ) {}

  bind(...params: unknown[]): ReplayStatement {
    return new ReplayStatement(this.replay, this.sql, params);
  }

  all(): Promise<unknown> {
    return this.replay.answer(this, 'all', []);
  }

  raw(...args: unknown[]): Promise<unknown> {
    return this.replay.answer(this, 'raw', args);
  }

  first(...args: unknown[]): Promise<unknown> {
    return this.replay.answer(this, 'first', args);
  }

  run(): Promise<unknown> {
    return this.replay.answer(this, 'run', []);
  }

  key(): string {
    return `${this.sql}\u0000${JSON.stringify(this.params)}`;
  }

  real(db: D1Database): D1PreparedStatement {
    return db.prepare(this.sql).bind(...this.params);
  }
}

class ReplayD1 {
  readonly recorded = new Map<string, unknown>();
  realStatements = 0;

  constructor(private readonly inner: D1Database) {}

  prepare(sql: string): ReplayStatement {
    return new ReplayStatement(this, sql);
  }

  async answer(statement: ReplayStatement, method: Method, args: unknown[]): Promise<unknown> {
    const key = `${method}\u0000${JSON.stringify(args)}\u0000${statement.key()}`;
    if (this.recorded.has(key)) return this.recorded.get(key);
    this.realStatements++;
    const real = statement.real(this.inner) as unknown as Record<Method, (...a: unknown[]) => Promise<unknown>>;
    const value = await real[method](...args);
    this.recorded.set(key, value);
    return value;
  }

  async batch(statements: ReplayStatement[]): Promise<D1Result[]> {
    const key = `batch\u0000${statements.map((s) => s.key()).join('\u0001')}`;
    if (this.recorded.has(key)) return this.recorded.get(key) as D1Result[];
    this.realStatements += statements.length;
    const value = await this.inner.batch(statements.map((s) => s.real(this.inner)));
    this.recorded.set(key, value);
    return value;
  }

  exec(sql: string): Promise<unknown> {
    this.realStatements++;
    return this.inner.exec(sql);
  }
}

// One recording per isolate: the bench's requests all reach the same one.
let replay: ReplayD1 | undefined;
// The worker's env with the replayed D1, one object per runtime env as the runtime passes the
// same env to every request: a copy per request would miss every cache the worker keeps per env
// (startup configuration, deployment version, cache configuration, required settings), which
// production never misses, and charge that to the worker's own CPU.
const replayedEnvs = new WeakMap<Env, Env>();

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    replay ??= new ReplayD1(env.DB);
    const before = replay.realStatements;
    let replayed = replayedEnvs.get(env);
    if (!replayed) replayedEnvs.set(env, (replayed = { ...env, DB: replay as unknown as D1Database }));
    const response = await vellum.fetch(request, replayed, ctx);
    const answered = new Response(response.body, response);
    answered.headers.set('x-d1-real', String(replay.realStatements - before));
    return answered;
  },
};
