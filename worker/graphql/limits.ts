// Limits of the GraphQL endpoint. They bound the work one request can ask for; every
// operation of a batch is checked on its own.

import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

/** Request body cap (bytes), enforced while reading, whatever Content-Length says. */
export const GRAPHQL_MAX_BODY_BYTES = 64 * 1024;
/** Operations per batched request (spec 2 §7, §9: "GraphQL batch max 20"). */
export const GRAPHQL_MAX_BATCH_OPERATIONS = 20;
/** Nesting of selections; the deepest page query (story paragraphs' markups) needs 8. */
export const GRAPHQL_MAX_DEPTH = 12;
/** Aliased fields per operation (aliases multiply work without adding depth). */
export const GRAPHQL_MAX_ALIASES = 30;
/** Lexical tokens per operation document, checked by the parser before anything else. */
export const GRAPHQL_MAX_TOKENS = 5000;
/**
 * graphql-armor cost per operation: scalar 1, object 2, each level of nesting ×1.5. The
 * largest page query (a story with its content, tags, creator and responses) costs
 * about 700; lists are capped separately by paging (at most 50 items).
 */
export const GRAPHQL_MAX_COST = 5000;

// graphql-armor throws its refusal out of validate() by default and prefixes it with
// "Syntax Error:"; report it as an ordinary validation error instead.
const reportAsValidationError = [
  (context: ValidationContext | null, error: GraphQLError) => {
    context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, '')));
  },
];
const armor = { onReject: reportAsValidationError, propagateOnRejection: false, exposeLimits: true } as const;

/** Validation rules that enforce the depth, alias and cost limits. */
export const limitRules: readonly ValidationRule[] = [
  maxDepthRule({ ...armor, n: GRAPHQL_MAX_DEPTH }),
  maxAliasesRule({ ...armor, n: GRAPHQL_MAX_ALIASES }),
  costLimitRule({ ...armor, maxCost: GRAPHQL_MAX_COST }),
];
