// One GraphQL operation, from text to a JSON-ready result: parse (token limit), validate
// (spec rules, depth, aliases, cost, and no introspection in production), execute, and
// shape errors so that nothing internal (stack, SQL, a thrown Error's message) leaves.
//
// Parsing and validating depend only on the document's text (and whether introspection
// is allowed), never on the request: each distinct document is parsed and validated once
// per isolate and the outcome kept (preparedDocuments). The pages, the cache controllers,
// the feeds and the client all send the same few dozen documents, so almost every request
// skips straight to execution. The cache is bounded (least recently used goes first), so
// a client sending endless distinct documents costs memory only up to the bound.

import { LRUCache } from 'lru-cache';
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
import type { RequestContext } from '../context/request-context.ts';
import { GRAPHQL_MAX_TOKENS, limitRules } from './limits.ts';
import { schema } from './schema.ts';
import { CallerError } from '../context/errors.ts';

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

/** Distinct documents whose parse and validation outcome an isolate keeps. */
export const PREPARED_DOCUMENTS_MAX = 500;

/** A document's parse and validation outcome: the parsed document, or what refused it. */
type DocumentOutcome = { document: DocumentNode } | { errors: GraphQLFormattedError[] };

const RULES_WITH_INTROSPECTION = [...specifiedRules, ...limitRules];
const RULES_WITHOUT_INTROSPECTION = [...RULES_WITH_INTROSPECTION, NoSchemaIntrospectionCustomRule];

const preparedDocuments = new LRUCache<string, DocumentOutcome>({ max: PREPARED_DOCUMENTS_MAX });
const validatedDocuments = { introspection: new WeakMap<DocumentNode, GraphQLFormattedError[]>(), none: new WeakMap<DocumentNode, GraphQLFormattedError[]>() };

function rulesFor(introspection: boolean) {
  return introspection ? RULES_WITH_INTROSPECTION : RULES_WITHOUT_INTROSPECTION;
}

/** Validation errors of a parsed document, computed once per document object. */
function validationErrors(document: DocumentNode, introspection: boolean): GraphQLFormattedError[] {
  const known = introspection ? validatedDocuments.introspection : validatedDocuments.none;
  let errors = known.get(document);
  if (!errors) {
    errors = validate(schema, document, rulesFor(introspection)).map(formatError);
    known.set(document, errors);
  }
  return errors;
}

/** Parses and validates a document given as text or already parsed; cached per isolate. */
const validatedWithIntrospection = new WeakMap<DocumentNode, DocumentOutcome>();
const validatedWithoutIntrospection = new WeakMap<DocumentNode, DocumentOutcome>();

export function prepareDocument(source: string | DocumentNode, options: { introspection: boolean }): DocumentOutcome {
  if (typeof source !== 'string') {
    // Parsed documents are the worker's and the pages' own module constants: validated once per isolate too.
    const validated = options.introspection ? validatedWithIntrospection : validatedWithoutIntrospection;
    let outcome = validated.get(source);
    if (!outcome) {
      const errors = validationErrors(source, options.introspection);
      validated.set(source, (outcome = errors.length > 0 ? { errors } : { document: source }));
    }
    return outcome;
  }
  const key = (options.introspection ? 'i:' : 'n:') + source;
  let outcome = preparedDocuments.get(key);
  if (!outcome) {
    outcome = parseAndValidate(source, options.introspection);
    preparedDocuments.set(key, outcome);
  }
  return outcome;
}

function parseAndValidate(text: string, introspection: boolean): DocumentOutcome {
  let document: DocumentNode;
  try {
    document = parse(text, { maxLexicalTokens: GRAPHQL_MAX_TOKENS });
  } catch (error) {
    // parse() only throws syntax errors (GraphQLError): their message is for the client.
    return { errors: [{ message: error instanceof Error ? error.message : 'Syntax Error' }] };
  }
  const errors = validationErrors(document, introspection);
  return errors.length > 0 ? { errors } : { document };
}

/** Parses and validates (once per isolate per document); a refusal is answered as a result with errors. */
export function prepareOperation(
  operation: GraphQLOperation,
  options: { introspection: boolean },
): PreparedOperation | FormattedExecutionResult {
  const outcome = prepareDocument(operation.query, options);
  if ('errors' in outcome) return { errors: outcome.errors };
  return { document: outcome.document, operation, kind: getOperationAST(outcome.document, operation.operationName)?.operation };
}

export function isPrepared(value: PreparedOperation | FormattedExecutionResult): value is PreparedOperation {
  return 'document' in value;
}

/** Executes a parsed and validated document; errors shaped by formatError. */
export async function executeDocument(
  document: DocumentNode,
  variables: Record<string, unknown> | null | undefined,
  operationName: string | null | undefined,
  context: RequestContext,
): Promise<FormattedExecutionResult> {
  const result = await execute({
    schema,
    document,
    variableValues: variables ?? undefined,
    operationName: operationName ?? undefined,
    contextValue: context,
  });
  return result.errors ? { data: result.data, errors: result.errors.map(formatError) } : { data: result.data };
}

export function executePrepared(prepared: PreparedOperation, context: RequestContext): Promise<FormattedExecutionResult> {
  return executeDocument(prepared.document, prepared.operation.variables, prepared.operation.operationName, context);
}

/**
 * Errors GraphQL itself raises (validation, coercion, non-null) and those resolvers throw
 * on purpose (CallerError from worker/context/errors.ts, e.g. badRequest) are shown as they are. Anything else is a
 * fault of ours: logged whole, answered as "Internal server error".
 */
export function formatError(error: GraphQLError): GraphQLFormattedError {
  const original = error.originalError;
  if (original && !(original instanceof GraphQLError) && !(original instanceof CallerError)) {
    console.error('[graphql] resolver failed', error.path?.join('.') ?? '', original);
    return { message: INTERNAL_ERROR_MESSAGE, ...(error.locations ? { locations: error.locations } : {}), ...(error.path ? { path: error.path } : {}) };
  }
  const { message, locations, path, extensions } = error.toJSON();
  return { message, ...(locations ? { locations } : {}), ...(path ? { path } : {}), ...(extensions ? { extensions } : {}) };
}
