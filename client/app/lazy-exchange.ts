// An exchange whose code loads when the first operation reaches it (docs/adr/0225-start-up-javascript-by-part.md):
// the data client's transport (./batch-exchange.ts) sends nothing while a page hydrates, since
// hydration reads the server's results (ssrExchange), so its code is no start-up work. The
// entry loads it once the page is idle too, so a reader's first call rarely waits for it.
//
// Operations that arrive before the code is in wait, in order, and then go to the real exchange,
// which sees one stream of operations as if it had been there from the start; a teardown of a
// waiting call takes it out of the queue, and one of a call it never saw loads nothing. If the code fails to load (the network), the waiting queries and mutations are
// answered with the error, and the next operation tries again.
import { makeSubject, merge, onPush, filter, pipe, publish, type Source } from 'wonka';
import { makeErrorResult, type Exchange, type Operation, type OperationResult } from '@urql/core';
import { lazyModule } from '../../shared/lazy-module.ts';

export type LazyExchange = Exchange & { load: () => Promise<void> };

export function lazyExchange(loadExchange: () => Promise<Exchange>): LazyExchange {
  const code = lazyModule(loadExchange);
  let start: (() => Promise<void>) | null = null;
  const exchange: Exchange = (input) => (ops$) => {
    const toReal = makeSubject<Operation>();
    const results = makeSubject<OperationResult>();
    const waiting: Operation[] = [];
    let ready = false;
    let starting: Promise<void> | null = null;
    start = () =>
      (starting ??= code.load().then(
        (real) => {
          // Subscribed once, for good: the client reads the real exchange's results through `results`.
          publish(pipe(real(input)(toReal.source), onPush((result) => results.next(result))));
          ready = true;
          for (const operation of waiting.splice(0)) toReal.next(operation);
        },
        (error: unknown) => {
          starting = null;
          for (const operation of waiting.splice(0)) {
            if (operation.kind === 'query' || operation.kind === 'mutation')
              results.next(makeErrorResult(operation, error instanceof Error ? error : new Error(String(error))));
          }
        },
      ));
    const incoming$ = pipe(
      ops$,
      onPush((operation) => {
        if (ready) return toReal.next(operation);
        // A teardown ends a call the real exchange has not seen (the ssrExchange forwards those
        // of the queries it answered while the page hydrated): the waiting call goes, no code loads.
        if (operation.kind === 'teardown') {
          const index = waiting.findIndex((waited) => waited.key === operation.key);
          if (index >= 0) waiting.splice(index, 1);
          return;
        }
        waiting.push(operation);
        void start?.();
      }),
      filter(() => false),
    ) as unknown as Source<OperationResult>;
    return merge([results.source, incoming$]);
  };
  // Before the client made its chain there is nothing to start: the code alone loads.
  const load = () => (start ? start() : code.load().then(() => undefined));
  return Object.assign(exchange, { load });
}
