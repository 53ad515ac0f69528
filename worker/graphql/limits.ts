// Limits of the GraphQL endpoint. They bound the work one request can ask for; every
// operation of a batch is checked on its own.

import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import { GraphQLError, validate, type DocumentNode, type GraphQLSchema, type ValidationContext, type ValidationRule } from 'graphql';

/**
 * Request body cap (bytes), enforced while reading, whatever Content-Length says. A story's
 * save (saveDraft) carries its whole content, up to MAX_CONTENT_BYTES
 * (shared/editor/story-content-rules.ts), so the cap is that plus room for the rest.
 */
export const GRAPHQL_MAX_BODY_BYTES = 1024 * 1024;
/**
 * Operations per batched request (docs/product/2-sign-in-notices-cache-routing.md §7, §9: "GraphQL
 * batch max 20").
 */
export const GRAPHQL_MAX_BATCH_OPERATIONS = 20;
/** Nesting of selections; the deepest page query (story paragraphs' markups) needs 8. */
export const GRAPHQL_MAX_DEPTH = 12;
/** Aliased fields per operation (aliases multiply work without adding depth). */
export const GRAPHQL_MAX_ALIASES = 30;
/** Lexical tokens per operation document, checked by the parser before anything else. */
export const GRAPHQL_MAX_TOKENS = 5000;
/**
 * graphql-armor cost per operation: scalar 1, object 2, each level of nesting ×1.5. The
 * largest page query (the story page's, client/pages/PostPage.graphql.ts: the story with
 * its content, tags, creator, responses and "More from" cards) costs about 1,500; lists
 * are capped separately by paging (at most 50 items).
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

// Fragments are a way of writing a selection, not a level of it: with flattenFragments a
// spread (`...StoryCard_post`) or an inline fragment (`... on Post`) counts as the fields it
// holds, at the depth where it is spread (plus graphql-armor's small charge for the spread
// itself), so a query nests the same and costs about the same whether its fields are written
// in place or in components' fragments (tests/unit/graphql/limits.test.ts). Each spread
// counts its fragment again: the same fragment under two fields is two selections.
const fragments = { flattenFragments: true } as const;

/** Validation rules that enforce the depth, alias and cost limits. */
export const limitRules: readonly ValidationRule[] = [
  maxDepthRule({ ...armor, ...fragments, n: GRAPHQL_MAX_DEPTH }),
  maxAliasesRule({ ...armor, n: GRAPHQL_MAX_ALIASES }),
  costLimitRule({ ...armor, ...fragments, maxCost: GRAPHQL_MAX_COST }),
];

/**
 * The depth and cost the limits see in a document's operation, counted exactly as
 * `limitRules` counts them but without a ceiling (for tests and for sizing the limits).
 */
export function measureOperation(schema: GraphQLSchema, document: DocumentNode): { depth: number; cost: number } {
  const measured = { depth: Number.NaN, cost: Number.NaN };
  const unlimited = { propagateOnRejection: false, ...fragments } as const;
  validate(schema, document, [
    maxDepthRule({ ...unlimited, n: Number.POSITIVE_INFINITY, onAccept: [(_context, { n }) => (measured.depth = n)] }),
    costLimitRule({ ...unlimited, maxCost: Number.POSITIVE_INFINITY, onAccept: [(_context, { n }) => (measured.cost = n)] }),
  ]);
  return measured;
}
