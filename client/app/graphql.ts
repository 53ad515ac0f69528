// The client's `graphql` template: documents written with it are typed from the schema's
// introspection (./graphql-env.d.ts, printed by `npm run schema`), and a result's type is
// what the document selects. Components declare the fields they draw as fragments beside
// them (StoryCard.graphql.ts: StoryCard_post); a page's query, beside the page, spreads them.
// Fragments are not masked: a component's props are its fragment's result type, so it can
// read only what it declared, and a parent that lays cards out may read their ids too.
// gql.tada types a field the schema lacks as `unknown` and leaves the complaint to its editor
// plugin, which TypeScript 7 cannot load; so every document is wrapped in `known()`, which
// refuses, at the call, a document whose result has an `unknown` field or spreads a fragment
// it was not given: a misspelt field fails `npm run typecheck`. (A wrapper of `graphql()`
// itself would need a return type the client project's declarations cannot name.)
// docs/adr/0045-fragments-beside-components.md tells the whole story.
import { initGraphQLTada, type $tada, type ResultOf } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

const tada = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    /** Milliseconds since the epoch (worker/graphql/schema.graphql.ts). */
    Long: number;
    /** A search hit as the search service answers it (worker/graphql/modules/search.ts). */
    SearchRecord: { objectID: string; [field: string]: string | number | boolean | null | object };
  };
}>();

/**
 * gql.tada's template. Wrap what it makes in `known()`: its result type is gql.tada's own
 * (so declarations of the client project can name it, docs/adr/0039-one-door-worker-to-client.md).
 */
export const graphql = tada;

/** Spreads of fragments the document was not given (gql.tada marks them "Undefined Fragment"). */
type UndefinedFragments<T, Path extends string> = T extends { [$tada.fragmentRefs]: infer Refs }
  ? { [K in keyof Refs & string]: Refs[K] extends 'Undefined Fragment' ? `${Path}...${K}` : never }[keyof Refs & string]
  : never;

/** The paths of fields typed `unknown` (fields the schema does not have) and of undefined spreads, or never. */
type UnknownFields<T, Path extends string = ''> = unknown extends T
  ? Path
  : T extends readonly (infer Item)[]
    ? UnknownFields<Item, Path>
    : T extends object
      ? UndefinedFragments<T, Path> | { [K in keyof T & string]: UnknownFields<T[K], `${Path}.${K}`> }[keyof T & string]
      : never;

type KnownFieldsOnly<D> = [UnknownFields<ResultOf<D>>] extends [never] ? unknown : { 'unknown fields in this document': UnknownFields<ResultOf<D>> };

/**
 * A document whose every field is in the schema and every spread fragment was given; any
 * other fails the type check at this call: `known(graphql(`…`, [fragments]))`.
 */
export function known<const D>(document: D & KnownFieldsOnly<D>): D {
  return document;
}

export type { ResultOf, VariablesOf } from 'gql.tada';
