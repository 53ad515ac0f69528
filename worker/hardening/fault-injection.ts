// Fault injection for tests (docs/adr/0053-fault-injection-seam.md). A request may ask for
// parts to fail with the header `x-vellum-fault: d1, cache-match, cache-put, mailer, payments` (or
// `d1-writes-to:TABLE`: only statements writing that table fail, and a batch holding one
// fails whole, as D1 rolls a batch back — what a write cut off half-way would look like); it is
// honoured only when BOTH the binding FAULT_INJECTION is "on" (set by vitest.config.ts alone:
// never in wrangler.toml, never in the development vars) and ENVIRONMENT is development. A
// deployment ignores the header (tests/integration/faults.test.ts proves it).
//
// This file reads which faults a request asked for and fails the D1 binding itself; the
// failing page store, mailer and payment provider sit next to what they wrap
// (worker/cache/store-faults.ts, worker/mail/mailer.ts, worker/payments/provider-faults.ts)
// and ask hasFault.
import type { D1Database, D1PreparedStatement } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../env.ts';

export const FAULT_HEADER = 'x-vellum-fault';
// queue-batch: the fan-out work this request queues fails its first batch half-way (worker/jobs/queue-consumer.ts).
export const FAULT_NAMES = ['d1', 'cache-match', 'cache-put', 'mailer', 'payments', 'queue-batch'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** What a failing D1 throws: the message D1 gives when its storage cannot be reached. */
export const INJECTED_D1_MESSAGE = 'D1_ERROR: Network connection lost. (injected fault)';

const WRITES_TO = /^d1-writes-to:([a-z_]+)$/;

interface Requested {
  faults: Set<FaultName>;
  /** Tables whose writes fail (d1-writes-to:TABLE). */
  failingWrites: string[];
}

/** The faults this request asked for, when this worker honours the header at all. */
export function requestedFaults(request: Request, env: Env): Requested | null {
  if (env.FAULT_INJECTION !== 'on' || !isDevelopment(env)) return null;
  const header = request.headers.get(FAULT_HEADER);
  if (!header) return null;
  const names = header.split(',').map((name) => name.trim());
  const faults = new Set(FAULT_NAMES.filter((name) => names.includes(name)));
  const failingWrites = names.flatMap((name) => WRITES_TO.exec(name)?.[1] ?? []);
  return faults.size || failingWrites.length ? { faults, failingWrites } : null;
}

const ORIGINAL = Symbol('original statement');
const FAILING = Symbol('failing statement');

/**
 * The real D1, except that statements writing one of `tables` fail, and so does any batch
 * that holds one (nothing of it is written: D1 runs a batch as one transaction).
 */
function d1FailingWritesTo(inner: D1Database, tables: readonly string[]): D1Database {
  const writes = new RegExp(`^\\s*(insert\\s+(or\\s+\\w+\\s+)?into|update|delete\\s+from)\\s+"?(${tables.join('|')})"?[\\s(]`, 'i');
  const fail = () => Promise.reject(new Error(`D1_ERROR: write to ${tables.join(', ')} failed (injected fault)`));
  const wrap = (statement: D1PreparedStatement, failing: boolean): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, prop) {
        if (prop === ORIGINAL) return target;
        if (prop === FAILING) return failing;
        const value = Reflect.get(target, prop, target);
        if (typeof value !== 'function') return value;
        if (prop === 'bind') return (...args: unknown[]) => wrap((value as (...a: unknown[]) => D1PreparedStatement).apply(target, args), failing);
        if (failing && (prop === 'run' || prop === 'all' || prop === 'first' || prop === 'raw')) return fail;
        return value.bind(target);
      },
    });
  const unwrap = (statement: D1PreparedStatement) => (statement as unknown as Record<symbol, D1PreparedStatement>)[ORIGINAL] ?? statement;
  const isFailing = (statement: D1PreparedStatement) => (statement as unknown as Record<symbol, boolean>)[FAILING] === true;
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'prepare') return (sql: string) => wrap(target.prepare(sql), writes.test(sql));
      if (prop === 'batch') return (statements: D1PreparedStatement[]) => (statements.some(isFailing) ? fail() : target.batch(statements.map(unwrap)));
      // A read-replica session of the request (worker/session/request-database.ts) fails the same writes.
      if (prop === 'withSession') return (constraint?: string) => d1FailingWritesTo(target.withSession(constraint) as unknown as D1Database, tables);
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** A D1 binding every query of which fails, as D1 does when it is unreachable. */
function failingD1(): D1Database {
  const fail = () => Promise.reject(new Error(INJECTED_D1_MESSAGE));
  const statement = (): unknown => ({ bind: () => statement(), first: fail, all: fail, run: fail, raw: fail });
  return { prepare: () => statement(), batch: fail, exec: fail, dump: fail, withSession: () => failingD1() } as unknown as D1Database;
}

/** The env of a request: the same object unless it asked for faults (then a copy with them). */
export function envWithFaults(request: Request, env: Env): Env {
  const requested = requestedFaults(request, env);
  if (!requested) return env;
  const { faults, failingWrites } = requested;
  const db = faults.has('d1') ? failingD1() : failingWrites.length ? d1FailingWritesTo(env.DB, failingWrites) : env.DB;
  return { ...env, DB: db, INJECTED_FAULTS: faults };
}

/** Whether this request asked for the fault (envWithFaults put it in its env). */
export function hasFault(env: Pick<Env, 'INJECTED_FAULTS'>, name: FaultName): boolean {
  return env.INJECTED_FAULTS?.has(name) ?? false;
}
