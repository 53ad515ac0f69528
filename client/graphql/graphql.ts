// The client's `graphql` template: documents written with it are typed from the schema's
// introspection (./graphql-env.d.ts, printed by `npm run schema`), and a result's type is
// what the document selects. gql.tada types a field the schema lacks as `unknown` and leaves
// the complaint to its editor plugin, which TypeScript 7 cannot load; so `graphql()` here
// also refuses, at the call, a document whose result has an `unknown` field, and a misspelt
// field fails `npm run typecheck` (docs/adr/0006-graphql-documents.md).
import { initGraphQLTada, type ResultOf } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

const tada = initGraphQLTada<{
  introspection: introspection;
  scalars: {
    /** Milliseconds since the epoch (worker/graphql/schema.graphql.ts). */
    Long: number;
  };
}>();

type Fragments = NonNullable<Parameters<typeof tada>[1]>;
type TadaDocument<In extends string, F extends Fragments> = ReturnType<typeof tada<In, F>>;

/** The paths of fields typed `unknown` (fields the schema does not have), or never. */
type UnknownFields<T, Path extends string = ''> = unknown extends T
  ? Path
  : T extends readonly (infer Item)[]
    ? UnknownFields<Item, Path>
    : T extends object
      ? { [K in keyof T & string]: UnknownFields<T[K], `${Path}.${K}`> }[keyof T & string]
      : never;

type KnownFieldsOnly<In extends string, F extends Fragments> = [UnknownFields<ResultOf<TadaDocument<In, F>>>] extends [never]
  ? unknown
  : { 'unknown fields in this document': UnknownFields<ResultOf<TadaDocument<In, F>>> };

export function graphql<const In extends string, const F extends Fragments = []>(
  input: In & KnownFieldsOnly<In, F>,
  fragments?: F,
): TadaDocument<In, F> {
  return tada(input, fragments);
}

export { readFragment, maskFragments, type FragmentOf, type ResultOf, type VariablesOf } from 'gql.tada';
