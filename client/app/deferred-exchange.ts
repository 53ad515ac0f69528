// An exchange whose code loads after hydration (docs/adr/0197-start-up-loads-the-first-screen-only.md):
// the browser's normalized cache (app/cache-exchange.ts: graphcache, the schema's shape, the
// optimistic answers — about 15 KiB gzip) is no part of what a reader's first screen needs,
// because hydration reads every result from the server's (ssrExchange, after this one).
//
// - While the page hydrates (`passThrough()`), operations go straight on to the next exchange
//   and the results come straight back: hydration reads the server's results synchronously, as
//   before, and sends no request. The queries still active and their results are remembered.
// - After it, operations wait (in order) until the exchange's chunk has loaded and taken over
//   (`load()`, called by the first operation that has to wait). Once the page is idle only the
//   chunk is fetched (`prefetch()`): taking over writes every result the page holds into the
//   normalized cache, one uninterruptible piece of work (about 130 ms on the home page at
//   Lighthouse's 4× CPU), so it waits until something needs the cache — the first hover's
//   preload, navigation or call — instead of landing on every visitor's page load.
// - Once taken over, the real exchange first sees every remembered query that is still active,
//   answered with its remembered result without a request: it is seeded exactly as if it had
//   been there during hydration (one answer about a story then shows in every query holding it),
//   and the components get the same data again. Then the waiting operations, then all others.
import { filter, makeSubject, map, merge, onPush, pipe, publish, share, type Source } from 'wonka';
import { makeOperation, type Exchange, type ExchangeInput, type Operation, type OperationResult } from '@urql/core';
import { lazyModule } from '../../shared/lazy-module.ts';

export type DeferredExchange = Exchange & {
  /** Fetches the chunk and takes over: seeded, then the waiting operations. */
  load: () => Promise<void>;
  /** Fetches the chunk only (evaluated, not seeded): the first operation that needs it then waits for no download. */
  prefetch: () => Promise<void>;
};

export function deferredExchange(loadExchange: () => Promise<Exchange>, passThrough: () => boolean): DeferredExchange {
  let input: ExchangeInput | null = null;
  let ready = false;
  /** Queries answered during hydration, with their last result and whether the page still holds them. */
  const remembered = new Map<number, { operation: Operation; result: OperationResult | null; active: boolean }>();
  const waiting: Operation[] = [];
  const downstream = makeSubject<Operation>();
  const toReal = makeSubject<Operation>();
  const resultsForReal = makeSubject<OperationResult>();
  const realResults = makeSubject<OperationResult>();
  /** Results answered from memory while hydrating. */
  const answered = makeSubject<OperationResult>();

  /** What the real exchange forwards: a remembered query is answered from memory, once; the rest goes on. */
  const forwardForReal = (ops$: Source<Operation>): Source<OperationResult> => {
    const tagged$ = pipe(
      ops$,
      map((operation) => {
        const memory = operation.kind === 'query' ? remembered.get(operation.key) : undefined;
        if (memory) remembered.delete(operation.key);
        return { operation, replay: memory?.result ?? null };
      }),
      share,
    );
    const replayed$ = pipe(
      tagged$,
      filter(({ replay }) => replay !== null),
      map(({ operation, replay }) => ({ ...(replay as OperationResult), operation })),
    );
    const onward$ = pipe(
      tagged$,
      filter(({ replay }) => replay === null),
      onPush(({ operation }) => downstream.next(operation)),
      filter(() => false),
    ) as unknown as Source<OperationResult>;
    return merge([replayed$, onward$, resultsForReal.source]);
  };

  /** Takes over with the loaded exchange: seeded with the remembered queries, then the waiting operations. */
  const takeOver = (exchange: Exchange): void => {
    if (!input) throw new Error('deferredExchange: loaded before the client was created');
    // The forward is shared on both sides, as urql's composeExchanges does it (graphcache
    // subscribes to it twice). Subscribed once, for good: the client reads the real exchange's results through realResults.
    publish(pipe(exchange({ ...input, forward: (ops$) => share(forwardForReal(share(ops$))) })(toReal.source), onPush((result) => realResults.next(result))));
    ready = true;
    for (const { operation, result, active } of [...remembered.values()]) {
      if (!result) continue;
      toReal.next(operation);
      if (!active) toReal.next(makeOperation('teardown', operation, operation.context));
    }
    for (const operation of waiting.splice(0)) toReal.next(operation);
  };
  // Each loads once; a failed chunk load is forgotten, so the next operation tries again (the waiting ones wait on).
  const code = lazyModule(loadExchange);
  const takenOver = lazyModule(() => code.load().then(takeOver));
  const prefetch = (): Promise<void> => code.load().then(() => {});
  const load = (): Promise<void> => takenOver.load();

  const exchange: Exchange = (exchangeInput) => {
    input = exchangeInput;
    return (ops$) => {
      const results$ = pipe(
        exchangeInput.forward(downstream.source),
        filter((result) => {
          if (ready) {
            resultsForReal.next(result);
            return false;
          }
          const memory = remembered.get(result.operation.key);
          if (memory) memory.result = result;
          return true;
        }),
      );
      const incoming$ = pipe(
        ops$,
        onPush((operation) => {
          if (ready) return toReal.next(operation);
          if (passThrough()) {
            const memory = remembered.get(operation.key);
            if (operation.kind === 'teardown' && memory) memory.active = false;
            if (operation.kind !== 'query') return downstream.next(operation);
            remembered.set(operation.key, { operation, result: memory?.result ?? null, active: true });
            // Asked again before hydration ends (useQuery's effect): ssrExchange has let its copy go.
            if (memory?.result) return answered.next({ ...memory.result, operation });
            return downstream.next(operation);
          }
          waiting.push(operation);
          void load();
        }),
        filter(() => false),
      ) as unknown as Source<OperationResult>;
      return merge([results$, realResults.source, answered.source, incoming$]);
    };
  };
  return Object.assign(exchange, { load, prefetch });
}
