// The data client's transport (docs/product/2-sign-in-notices-cache-routing.md §7; docs/reader.md
// "The data client"): queries sent within BATCH_WINDOW_MS of each other go to /_/graphql in one
// POST — a JSON array of at most BATCH_MAX_OPERATIONS operations, answered by an array in the
// same order (worker/graphql/http.ts) — one batch per batch group. Every POST carries headers
// naming its operations, the app ("lite/" + version), the route's metric name (or
// "unidentified") and the path with its query string. Mutations go alone, at once: a change the
// reader made is never held back behind a timer. Results keep data and errors together (urql's
// CombinedError beside partial data: the error policy "all").
//
// No well-kept batching exchange exists for urql 5, and this one is small: it replaces
// fetchExchange at the end of the chain.
import { makeErrorResult, makeResult, stringifyDocument, type Exchange, type Operation, type OperationResult } from '@urql/core';
import { filter, make, merge, mergeMap, pipe, share, takeUntil } from 'wonka';

export const BATCH_WINDOW_MS = 20;
/** Name of the User Timing mark each call leaves when it joins a batch window. */
export const ENQUEUE_MARK = 'vellum:graphql-enqueue';
export const BATCH_MAX_OPERATIONS = 20;

/** The named batch groups of §7, and the group of everything else. */
export type BatchGroup = 'viewer-edge' | 'clap-count' | 'more-from' | 'home-sections' | 'default';

/**
 * Operations that batch in a named group. An operation may also name its group in its context
 * (`{ batchGroup: 'viewer-edge' }`). Viewer edges, clap counts and "More from" come with the
 * page's own query today (seeded by the server render), so only paging the home sections asks
 * on its own.
 */
export const BATCH_GROUP_BY_OPERATION: Readonly<Record<string, BatchGroup>> = {
  HomeFeedQuery: 'home-sections',
};

/** Where the call is made from: the route's metric name (null: unidentified) and the path with its query. */
export interface CallOrigin {
  routeMetric: string | null;
  path: string;
}

export interface BatchExchangeOptions {
  url: string;
  /** lite/ + the app's version. */
  app: string;
  origin: () => CallOrigin;
  /** Headers every call carries (anti-forgery marker, client name). */
  headers: () => Record<string, string>;
  fetch?: typeof fetch;
  windowMs?: number;
  maxOperations?: number;
}

interface Pending {
  operation: Operation;
  deliver: (result: OperationResult) => void;
}

export function operationName(operation: Operation): string {
  for (const definition of operation.query.definitions) {
    if (definition.kind === 'OperationDefinition' && definition.name) return definition.name.value;
  }
  return 'anonymous';
}

export function batchGroupOf(operation: Operation): BatchGroup {
  const named = (operation.context as { batchGroup?: BatchGroup }).batchGroup;
  return named ?? BATCH_GROUP_BY_OPERATION[operationName(operation)] ?? 'default';
}

/** The headers of one POST (docs/product/2-sign-in-notices-cache-routing.md §7). */
export function callHeaders(operations: readonly Operation[], group: BatchGroup | null, options: Pick<BatchExchangeOptions, 'app' | 'origin' | 'headers'>): Record<string, string> {
  const origin = options.origin();
  return {
    ...options.headers(),
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    'graphql-operation': operations.map(operationName).join(','),
    'vellum-frontend-app': options.app,
    'vellum-frontend-route': origin.routeMetric ?? 'unidentified',
    'vellum-frontend-path': origin.path,
    ...(group ? { 'vellum-batch-group': group } : {}),
  };
}

const body = (operation: Operation) => ({
  query: stringifyDocument(operation.query),
  operationName: operationName(operation),
  variables: operation.variables ?? {},
});

export function batchExchange(options: BatchExchangeOptions): Exchange {
  const windowMs = options.windowMs ?? BATCH_WINDOW_MS;
  const max = Math.min(options.maxOperations ?? BATCH_MAX_OPERATIONS, BATCH_MAX_OPERATIONS);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const queues = new Map<BatchGroup, { pending: Pending[]; timer: ReturnType<typeof setTimeout> | null }>();

  async function post(pending: readonly Pending[], group: BatchGroup | null): Promise<void> {
    const operations = pending.map((p) => p.operation);
    try {
      const response = await doFetch(options.url, {
        method: 'POST',
        credentials: 'same-origin',
        headers: callHeaders(operations, group, options),
        body: JSON.stringify(group ? operations.map(body) : body(operations[0]!)),
      });
      const payload = (await response.json()) as unknown;
      const results = group ? payload : [payload];
      if (!Array.isArray(results) || results.length !== pending.length) {
        const message = (payload as { errors?: { message?: string }[] })?.errors?.[0]?.message ?? `Unexpected answer (HTTP ${response.status})`;
        throw new Error(message);
      }
      pending.forEach((p, i) => p.deliver(makeResult(p.operation, results[i], response)));
    } catch (error) {
      for (const p of pending) p.deliver(makeErrorResult(p.operation, error instanceof Error ? error : new Error(String(error))));
    }
  }

  function flush(group: BatchGroup): void {
    const queue = queues.get(group);
    if (!queue) return;
    if (queue.timer) clearTimeout(queue.timer);
    queues.delete(group);
    for (let i = 0; i < queue.pending.length; i += max) void post(queue.pending.slice(i, i + max), group);
  }

  function enqueue(pending: Pending): () => void {
    const group = batchGroupOf(pending.operation);
    // A User Timing mark per call: when it joined its group's window, so a browser test can
    // check the 20 ms rule against real timings (tests/e2e/graphql-batching.test.ts).
    globalThis.performance?.mark?.(ENQUEUE_MARK, { detail: { group, operation: operationName(pending.operation) } });
    let queue = queues.get(group);
    if (!queue) queues.set(group, (queue = { pending: [], timer: null }));
    queue.pending.push(pending);
    if (queue.pending.length >= max) flush(group);
    else queue.timer ??= setTimeout(() => flush(group), windowMs);
    // Torn down before it was sent: it leaves the queue (an empty batch is never sent).
    return () => {
      const current = queues.get(group);
      if (!current) return;
      current.pending = current.pending.filter((p) => p !== pending);
      if (current.pending.length === 0) {
        if (current.timer) clearTimeout(current.timer);
        queues.delete(group);
      }
    };
  }

  return ({ forward }) =>
    (operations$) => {
      const shared$ = share(operations$);
      const sent$ = pipe(
        shared$,
        filter((operation) => operation.kind === 'query' || operation.kind === 'mutation'),
        mergeMap((operation) => {
          const teardown$ = pipe(
            shared$,
            filter((op) => op.kind === 'teardown' && op.key === operation.key),
          );
          return pipe(
            make<OperationResult>((observer) => {
              const deliver = (result: OperationResult) => {
                observer.next(result);
                observer.complete();
              };
              if (operation.kind === 'mutation') {
                void post([{ operation, deliver }], null);
                return () => {};
              }
              return enqueue({ operation, deliver });
            }),
            takeUntil(teardown$),
          );
        }),
      );
      const rest$ = pipe(
        shared$,
        filter((operation) => operation.kind !== 'query' && operation.kind !== 'mutation'),
        forward,
      );
      return merge([sent$, rest$]);
    };
}
