// Fault injection for tests (docs/adr/0008-hardening.md, "Faults"). A request may ask for
// parts to fail with the header `x-vellum-fault: d1, cache-match, cache-put, mailer`; it is
// honoured only when BOTH the binding FAULT_INJECTION is "on" (set by vitest.config.ts alone:
// never in wrangler.toml, never in the development vars) and ENVIRONMENT is development. A
// deployment ignores the header (tests/integration/faults.test.ts proves it).
import type { D1Database } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../env.ts';
import type { PageStore } from '../cache/storage.ts';
import type { Mailer } from '../mail/mailer.ts';

export const FAULT_HEADER = 'x-vellum-fault';
export const FAULT_NAMES = ['d1', 'cache-match', 'cache-put', 'mailer'] as const;
export type FaultName = (typeof FAULT_NAMES)[number];

/** What a failing D1 throws: the message D1 gives when its storage cannot be reached. */
export const INJECTED_D1_MESSAGE = 'D1_ERROR: Network connection lost. (injected fault)';

/** The faults this request asked for, when this worker honours the header at all. */
export function requestedFaults(request: Request, env: Env): ReadonlySet<FaultName> | null {
  if (env.FAULT_INJECTION !== 'on' || !isDevelopment(env)) return null;
  const header = request.headers.get(FAULT_HEADER);
  if (!header) return null;
  const names = header.split(',').map((name) => name.trim());
  const faults = new Set(FAULT_NAMES.filter((name) => names.includes(name)));
  return faults.size ? faults : null;
}

/** A D1 binding every query of which fails, as D1 does when it is unreachable. */
function failingD1(): D1Database {
  const fail = () => Promise.reject(new Error(INJECTED_D1_MESSAGE));
  const statement = (): unknown => ({ bind: () => statement(), first: fail, all: fail, run: fail, raw: fail });
  return { prepare: () => statement(), batch: fail, exec: fail, dump: fail, withSession: () => failingD1() } as unknown as D1Database;
}

/** The env of a request: the same object unless it asked for faults (then a copy with them). */
export function envWithFaults(request: Request, env: Env): Env {
  const faults = requestedFaults(request, env);
  if (!faults) return env;
  return { ...env, ...(faults.has('d1') ? { DB: failingD1() } : {}), INJECTED_FAULTS: faults };
}

function hasFault(env: Env, name: FaultName): boolean {
  return env.INJECTED_FAULTS?.has(name) ?? false;
}

/** The page store, failing its match or put when the request asked. */
export function storeWithFaults(store: PageStore, env: Env): PageStore {
  if (!env.INJECTED_FAULTS) return store;
  const failing = (operation: string) => () => Promise.reject(new Error(`Cache ${operation} failed (injected fault)`));
  return {
    match: hasFault(env, 'cache-match') ? failing('match') : (key) => store.match(key),
    put: hasFault(env, 'cache-put') ? failing('put') : (key, response) => store.put(key, response),
    delete: (key) => store.delete(key),
  };
}

/** The mailer, failing as a mail provider that answers 503 when the request asked. */
export function mailerWithFaults(mailer: Mailer, env: Env): Mailer {
  if (!hasFault(env, 'mailer')) return mailer;
  return {
    async send() {
      throw new Error('Mail provider answered 503: service unavailable (injected fault)');
    },
  };
}
