// One GraphQL operation, from text to a JSON-ready result: parse (token limit), validate
// (spec rules, depth, aliases, cost, and no introspection in production), execute, and
// shape errors so that nothing internal (stack, SQL, a thrown Error's message) leaves.

import {
  execute,
  getOperationAST,
  GraphQLError,
  NoSchemaIntrospectionCustomRule,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type FormattedExecutionResult,
  type GraphQLFormattedError,
  type OperationTypeNode,
} from 'graphql';
import type { GraphQLContext } from './context.ts';
import { GRAPHQL_MAX_TOKENS, limitRules } from './limits.ts';
import { schema } from './schema.ts';

export interface GraphQLOperation {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

/** An operation that passed parsing and validation, ready to run. */
export interface PreparedOperation {
  document: DocumentNode;
  operation: GraphQLOperation;
  /** query, mutation or subscription (undefined when operationName matches nothing). */
  kind: OperationTypeNode | undefined;
}

export const INTERNAL_ERROR_MESSAGE = 'Internal server error';

/** Parses and validates; a refusal is answered as a result with errors. */
export function prepareOperation(
  operation: GraphQLOperation,
  options: { introspection: boolean },
): PreparedOperation | FormattedExecutionResult {
  let document: DocumentNode;
  try {
    document = parse(operation.query, { maxLexicalTokens: GRAPHQL_MAX_TOKENS });
  } catch (error) {
    // parse() only throws syntax errors (GraphQLError): their message is for the client.
    return { errors: [{ message: error instanceof Error ? error.message : 'Syntax Error' }] };
  }
  const rules = options.introspection ? [...specifiedRules, ...limitRules] : [...specifiedRules, ...limitRules, NoSchemaIntrospectionCustomRule];
  const errors = validate(schema, document, rules);
  if (errors.length > 0) return { errors: errors.map(formatError) };
  return { document, operation, kind: getOperationAST(document, operation.operationName)?.operation };
}

export function isPrepared(value: PreparedOperation | FormattedExecutionResult): value is PreparedOperation {
  return 'document' in value;
}

export async function executePrepared(prepared: PreparedOperation, context: GraphQLContext): Promise<FormattedExecutionResult> {
  const result = await execute({
    schema,
    document: prepared.document,
    variableValues: prepared.operation.variables ?? undefined,
    operationName: prepared.operation.operationName ?? undefined,
    contextValue: context,
  });
  return result.errors ? { data: result.data, errors: result.errors.map(formatError) } : { data: result.data };
}

/**
 * Errors GraphQL itself raises (validation, coercion, non-null) and those resolvers throw
 * on purpose (GraphQLError, e.g. badRequest) are shown as they are. Anything else is a
 * fault of ours: logged whole, answered as "Internal server error".
 */
export function formatError(error: GraphQLError): GraphQLFormattedError {
  const original = error.originalError;
  if (original && !(original instanceof GraphQLError)) {
    console.error('[graphql] resolver failed', error.path?.join('.') ?? '', original);
    return { message: INTERNAL_ERROR_MESSAGE, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  }
  const { message, locations, path, extensions } = error.toJSON();
  return { message, ...(locations ? { locations } : {}), ...(path ? { path } : {}), ...(extensions ? { extensions } : {}) };
}
