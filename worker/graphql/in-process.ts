// GraphQL executed inside the worker, without an HTTP hop: the cache controllers (a page's
// subject and tags) and the feeds run their documents through executeInProcess, and the
// server render is handed the same executor as a plain function (inProcessExecutor), so
// it needs neither the schema nor the context. It is the same pipeline as POST /_/graphql
// (./execute-operation.ts): the document is parsed and validated once per isolate, then
// executed against the one schema with the request's context, and errors are shaped the
// same way (a resolver's internal failure is logged and answered "Internal server error").
// docs/adr/0033-graphql-in-process-one-executor.md says why GraphQL runs in process at all.

import type { DocumentNode, FormattedExecutionResult } from 'graphql';
import type { RequestContext } from '../context/request-context.ts';
import { executeDocument, prepareDocument } from './execute-operation.ts';

export type GraphQLVariables = Record<string, unknown>;

/**
 * The executor as a plain function, for code that must not know the GraphQL context or
 * schema (the server render behind client/entry.server.tsx): a document (text or parsed)
 * and its variables in, a JSON-ready result out.
 */
export type InProcessExecute = (document: string | DocumentNode, variables?: GraphQLVariables) => Promise<FormattedExecutionResult>;

/**
 * Runs one document in process with the request's context (its loaders are shared with
 * every other operation of the request). A document that does not parse or validate is
 * answered with its errors, like the endpoint would; it never throws for GraphQL reasons.
 */
export async function executeInProcess(
  document: string | DocumentNode,
  variables: GraphQLVariables | undefined,
  context: RequestContext,
  operationName?: string,
): Promise<FormattedExecutionResult> {
  // Introspection is never refused here: in-process documents are the worker's own.
  const prepared = prepareDocument(document, { introspection: true });
  if ('errors' in prepared) return { errors: prepared.errors };
  return executeDocument(prepared.document, variables, operationName, context);
}

/**
 * An InProcessExecute bound to one request's context. `context` may be a function, so
 * the context (and its loaders) is created only when the first document runs.
 */
export function inProcessExecutor(context: RequestContext | (() => RequestContext)): InProcessExecute {
  let resolved: RequestContext | null = typeof context === 'function' ? null : context;
  return (document, variables) => {
    resolved ??= (context as () => RequestContext)();
    return executeInProcess(document, variables, resolved);
  };
}
