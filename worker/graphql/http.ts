// POST /_/graphql: one operation `{ query, variables?, operationName? }` or a batch (a
// JSON array of 1 to 20 of them, answered by an array of results in the same order).
//
// Request-level problems are HTTP errors with `{ errors: [{ message }] }`:
//   405 any method but POST (Allow: POST)
//   415 a body that is not application/json (which also keeps cross-site HTML forms,
//       which cannot send JSON without a CORS preflight, from reaching resolvers)
//   413 a body over GRAPHQL_MAX_BODY_BYTES (refused by hono's bodyLimit on the route,
//       ./route.ts, which also counts a streamed body that declares no length)
//   400 malformed JSON, an empty or oversized batch, an entry that is not an operation
// Operation-level problems (syntax, validation, limits, resolver errors) are GraphQL
// results with `errors`, status 200, so one bad operation does not sink its batch.

import type { FormattedExecutionResult } from 'graphql';
import type { RequestContext } from '../context/request-context.ts';
import { mayMutate, XSRF_REFUSED_MESSAGE } from '../auth/anti-forgery.ts';
import { executePrepared, isPrepared, prepareOperation, type GraphQLOperation } from './execute-operation.ts';
import { GRAPHQL_MAX_BATCH_OPERATIONS } from './limits.ts';

/** A mutation refused for want of the anti-forgery header (worker/auth/anti-forgery.ts). */
const XSRF_REFUSED: FormattedExecutionResult = {
  errors: [{ message: XSRF_REFUSED_MESSAGE, extensions: { code: 'FORBIDDEN' } }],
};

export {
  GRAPHQL_MAX_ALIASES,
  GRAPHQL_MAX_BATCH_OPERATIONS,
  GRAPHQL_MAX_BODY_BYTES,
  GRAPHQL_MAX_COST,
  GRAPHQL_MAX_DEPTH,
  GRAPHQL_MAX_TOKENS,
} from './limits.ts';

export interface GraphQLHttpOptions {
  /** Defaults to on everywhere but ENVIRONMENT=production. */
  introspection?: boolean;
}

const RESPONSE_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...RESPONSE_HEADERS, ...headers } });
}

function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return jsonResponse({ errors: [{ message }] }, status, headers);
}

/** 405 for anything but POST (the route answers it without resolving a session). */
export function graphQLMethodNotAllowed(method: string): Response {
  return errorResponse(405, `Method ${method} is not allowed: send GraphQL operations with POST.`, { allow: 'POST' });
}

/** 413 for a body over the limit (the route's bodyLimit answers with it). */
export function graphQLBodyTooLarge(maxBytes: number): Response {
  return errorResponse(413, `Request body exceeds the limit of ${maxBytes} bytes.`);
}

class RequestRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    throw new RequestRefused(400, 'Malformed JSON in request body.');
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks one entry's shape; `where` names it in messages ("" or " 3 of the batch"). */
function toOperation(entry: unknown, where: string): GraphQLOperation {
  if (!isPlainObject(entry)) throw new RequestRefused(400, `Operation${where} must be a JSON object with a query.`);
  const { query, variables, operationName } = entry;
  if (typeof query !== 'string' || query.trim() === '') {
    throw new RequestRefused(400, `Operation${where} has no query: "query" must be a non-empty string.`);
  }
  if (variables != null && !isPlainObject(variables)) {
    throw new RequestRefused(400, `Operation${where}: "variables" must be a JSON object.`);
  }
  if (operationName != null && typeof operationName !== 'string') {
    throw new RequestRefused(400, `Operation${where}: "operationName" must be a string.`);
  }
  return { query, variables: variables ?? null, operationName: operationName ?? null };
}

function toOperations(payload: unknown): { operations: GraphQLOperation[]; batched: boolean } {
  if (!Array.isArray(payload)) return { operations: [toOperation(payload, '')], batched: false };
  if (payload.length === 0) throw new RequestRefused(400, 'Empty batch: send 1 to 20 operations.');
  if (payload.length > GRAPHQL_MAX_BATCH_OPERATIONS) {
    throw new RequestRefused(400, `Batch of ${payload.length} operations exceeds the limit of ${GRAPHQL_MAX_BATCH_OPERATIONS}.`);
  }
  return { operations: payload.map((entry, i) => toOperation(entry, ` ${i + 1} of the batch`)), batched: true };
}

/**
 * Runs the operations of one request with one context (so they share its loaders).
 * Queries run side by side, which lets the loaders batch across them; a batch holding a
 * mutation runs strictly in order instead.
 */
async function runOperations(
  operations: GraphQLOperation[],
  context: RequestContext,
  introspection: boolean,
  mutationsAllowed: boolean,
): Promise<FormattedExecutionResult[]> {
  const prepared = operations.map((operation) => {
    const entry = prepareOperation(operation, { introspection });
    return isPrepared(entry) && entry.kind === 'mutation' && !mutationsAllowed ? XSRF_REFUSED : entry;
  });
  const run = (entry: (typeof prepared)[number]) => (isPrepared(entry) ? executePrepared(entry, context) : Promise.resolve(entry));
  if (!prepared.some((entry) => isPrepared(entry) && entry.kind !== 'query')) return Promise.all(prepared.map(run));
  const results: FormattedExecutionResult[] = [];
  for (const entry of prepared) results.push(await run(entry));
  return results;
}

export async function handleGraphQLRequest(request: Request, context: RequestContext, options: GraphQLHttpOptions = {}): Promise<Response> {
  if (request.method !== 'POST') return graphQLMethodNotAllowed(request.method);
  try {
    const contentType = request.headers.get('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(contentType)) {
      throw new RequestRefused(415, 'Content-Type must be application/json.');
    }
    const payload = parseJson(await request.text());
    const { operations, batched } = toOperations(payload);
    const introspection = options.introspection ?? context.env.ENVIRONMENT !== 'production';
    const results = await runOperations(operations, context, introspection, await mayMutate(request, context.viewer));
    return jsonResponse(batched ? results : results[0]);
  } catch (error) {
    if (error instanceof RequestRefused) return errorResponse(error.status, error.message);
    console.error('[graphql] request failed', error);
    return errorResponse(500, 'Internal server error');
  }
}
