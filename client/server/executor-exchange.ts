// An urql exchange that hands each operation to the function the worker passes in (its
// in-process GraphQL executor), so no client module ever imports the worker's schema.
import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import { makeErrorResult, makeResult, type Exchange } from 'urql';
import { filter, fromPromise, merge, mergeMap, pipe, share } from 'wonka';

/** Runs one GraphQL operation in-process (worker side) and answers its result. */
export type ExecuteGraphQL = (document: DocumentNode, variables: Record<string, unknown>) => Promise<FormattedExecutionResult>;

export function executorExchange(execute: ExecuteGraphQL): Exchange {
  return ({ forward }) =>
    (operations$) => {
      const shared$ = pipe(operations$, share);
      const executed$ = pipe(
        shared$,
        filter((operation) => operation.kind === 'query' || operation.kind === 'mutation'),
        mergeMap((operation) =>
          fromPromise(
            execute(operation.query, operation.variables ?? {}).then(
              (result) => makeResult(operation, result),
              (error: unknown) => makeErrorResult(operation, error instanceof Error ? error : new Error(String(error))),
            ),
          ),
        ),
      );
      const forwarded$ = pipe(
        shared$,
        filter((operation) => operation.kind !== 'query' && operation.kind !== 'mutation'),
        forward,
      );
      return merge([executed$, forwarded$]);
    };
}
