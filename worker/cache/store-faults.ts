// The page store failing its match or put when a test request asked for it
// (docs/adr/0053-fault-injection-seam.md; which faults a request asked for:
// worker/hardening/fault-injection.ts).
import type { Env } from '../env.ts';
import { hasFault } from '../hardening/fault-injection.ts';
import type { PageStore } from './storage.ts';

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
