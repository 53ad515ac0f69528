// Requests through the worker's HTTP surface for the edge-cache tests: the worker's own
// fetch handler (worker/index.ts) with an execution context the test waits on, so a copy
// stored in waitUntil is in the cache before the next request; configuration can be
// overridden per request (the same vars a deployment sets).
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { vi } from 'vitest';
import worker from '../../../worker/index.ts';
import type { DecisionLogLine } from '../../../worker/cache/decision-log.ts';

export const MAIN = 'localhost:8787';

export interface Answer {
  status: number;
  cacheStatus: string | null;
  headers: Headers;
  text: string;
  bytes: Uint8Array;
  /** The edge_cache decision lines logged while the request ran. */
  decisions: DecisionLogLine[];
  /** Every other structured line logged (console.log / console.warn / console.error) while it ran. */
  logs: Record<string, unknown>[];
}

export interface RequestOptions {
  host?: string;
  /** Session cookie token (sid). */
  session?: string;
  headers?: Record<string, string>;
  /** Configuration overrides ([vars] and secrets). */
  vars?: Record<string, string | undefined>;
  /** A D1 binding to use instead of the test's (e.g. one that fails). */
  db?: D1Database;
  method?: string;
  body?: string;
}

function parsedLines(calls: unknown[][]): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const call of calls) {
    const text = call[0];
    if (typeof text !== 'string' || !text.startsWith('{')) continue;
    try {
      out.push(JSON.parse(text) as Record<string, unknown>);
    } catch {
      // not one of ours
    }
  }
  return out;
}

/** One request through the worker, waiting for everything it left running (cache.put). */
export async function send(path: string, options: RequestOptions = {}): Promise<Answer> {
  const host = options.host ?? MAIN;
  const headers = new Headers(options.headers);
  headers.set('host', host);
  if (options.session) headers.set('cookie', `sid=${options.session}`);
  const request = new Request(`http://${host}${path}`, {
    method: options.method ?? 'GET',
    headers,
    redirect: 'manual',
    ...(options.body !== undefined ? { body: options.body } : {}),
  });
  const bindings = { ...env, ...(options.db ? { DB: options.db } : {}), ...options.vars };
  const log = vi.spyOn(console, 'log');
  const warn = vi.spyOn(console, 'warn');
  const error = vi.spyOn(console, 'error');
  try {
    const ctx = createExecutionContext();
    const response = await worker.fetch(request, bindings as never, ctx);
    const bytes = new Uint8Array(await response.arrayBuffer());
    await waitOnExecutionContext(ctx);
    const lines = parsedLines([...log.mock.calls, ...warn.mock.calls, ...error.mock.calls]);
    return {
      status: response.status,
      cacheStatus: response.headers.get('x-cache-status'),
      headers: response.headers,
      bytes,
      text: new TextDecoder().decode(bytes),
      decisions: lines.filter((l) => l.event === 'edge_cache') as unknown as DecisionLogLine[],
      logs: lines.filter((l) => l.event !== 'edge_cache'),
    };
  } finally {
    log.mockRestore();
    warn.mockRestore();
    error.mockRestore();
  }
}

/** The one decision a page request logged. */
export function decisionOf(answer: Answer): DecisionLogLine {
  if (answer.decisions.length !== 1) throw new Error(`expected one decision line, got ${answer.decisions.length}`);
  return answer.decisions[0]!;
}

export const DEV_TOKEN = 'dev-purge-token';

/** POST /_/admin/cache/purge. */
export function purge(body: unknown, options: { token?: string | null; vars?: RequestOptions['vars']; raw?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = options.token === undefined ? DEV_TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return send('/_/admin/cache/purge', { method: 'POST', headers, body: options.raw ?? JSON.stringify(body), vars: options.vars });
}

/** Empties the cache and its records: every stored copy the tag index knows, the index, the ledger. */
export async function clearEdgeCache(): Promise<void> {
  const cache = (caches as unknown as { default: Cache }).default;
  const { results } = await env.DB.prepare('SELECT key FROM cache_entries').all<{ key: string }>();
  await Promise.all(results.map((row: { key: string }) => cache.delete(new Request(row.key))));
  await env.DB.batch([
    env.DB.prepare('DELETE FROM cache_entry_tags'),
    env.DB.prepare('DELETE FROM cache_entries'),
    env.DB.prepare('DELETE FROM cache_tag_invalidations'),
  ]);
}

export async function storedCopyCount(): Promise<number> {
  const row = await env.DB.prepare('SELECT count(*) AS n FROM cache_entries').first<{ n: number }>();
  return row?.n ?? 0;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A D1 binding that fails the first statement whose SQL matches, then behaves. */
export function failingOnce(db: D1Database, pattern: RegExp): D1Database & { fired(): boolean } {
  let fired = false;
  const failing = {
    bind() {
      return failing;
    },
    all: () => Promise.reject(new Error('D1_ERROR: injected failure')),
    raw: () => Promise.reject(new Error('D1_ERROR: injected failure')),
    first: () => Promise.reject(new Error('D1_ERROR: injected failure')),
    run: () => Promise.reject(new Error('D1_ERROR: injected failure')),
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'fired') return () => fired;
      // The request's read-replica session (worker/session/request-database.ts) is this same wrapper.
      if (prop === 'withSession') return () => receiver;
      const value = Reflect.get(target, prop, target);
      if (prop === 'prepare') {
        return (sql: string) => {
          if (!fired && pattern.test(sql)) {
            fired = true;
            return failing;
          }
          return target.prepare(sql);
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as D1Database & { fired(): boolean };
}

/** A D1 binding that refuses every use, and remembers what was asked of it (SQL, or the method). */
export function unavailableD1(): D1Database & { touched(): string[] } {
  const touched: string[] = [];
  const refuse = (what: string) => {
    touched.push(what);
    throw new Error('D1 is unavailable in this test');
  };
  return new Proxy({} as D1Database & { touched(): string[] }, {
    get(_target, prop) {
      if (prop === 'touched') return () => [...touched];
      if (prop === 'then') return undefined;
      return (...args: unknown[]) => refuse(prop === 'prepare' || prop === 'exec' ? String(args[0]) : String(prop));
    },
  });
}

/** A D1 binding that runs `action` before the first statement whose SQL matches runs, then behaves. */
export function beforeFirstMatch(db: D1Database, pattern: RegExp, action: () => Promise<unknown>): D1Database & { fired(): boolean } {
  let fired = false;
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === 'fired') return () => fired;
      // The request's read-replica session (worker/session/request-database.ts) is this same wrapper.
      if (prop === 'withSession') return () => receiver;
      const value = Reflect.get(target, prop, target);
      if (prop === 'prepare') {
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (fired || !pattern.test(sql)) return statement;
          fired = true;
          const ran = action();
          const after = <T>(run: () => Promise<T>) => ran.then(run);
          return new Proxy(statement, {
            get(inner, name) {
              const member = Reflect.get(inner, name, inner);
              if (typeof member !== 'function') return member;
              if (name === 'bind') return (...args: unknown[]) => {
                const bound = (member as (...a: unknown[]) => D1PreparedStatement).apply(inner, args);
                return new Proxy(bound, {
                  get(b, n) {
                    const m = Reflect.get(b, n, b);
                    if (typeof m !== 'function') return m;
                    if (n === 'all' || n === 'first' || n === 'raw' || n === 'run') return (...a: unknown[]) => after(() => (m as (...x: unknown[]) => Promise<unknown>).apply(b, a));
                    return m.bind(b);
                  },
                });
              };
              if (name === 'all' || name === 'first' || name === 'raw' || name === 'run') return (...a: unknown[]) => after(() => (member as (...x: unknown[]) => Promise<unknown>).apply(inner, a));
              return member.bind(inner);
            },
          });
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as D1Database & { fired(): boolean };
}
