// The endpoint's depth and cost limits count a selection the same whether its fields are
// written in place or spread from fragments (worker/graphql/limits.ts): client documents are
// built from components' fragments (docs/adr/0046-fragments-in-query-limits.md), and a fragment must
// neither add a level of its own nor hide the fields it holds.
import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { GRAPHQL_MAX_COST, GRAPHQL_MAX_DEPTH, limitRules, measureOperation } from '../../../worker/graphql/limits.ts';

const schema = buildSchema(`
  type Query { node: Node, search: [Result!]! }
  union Result = Node | Other
  type Other { id: ID! }
  type Node { id: ID! a: String b: String c: String d: String e: String f: String g: String h: String child: Node }
`);

const errors = (source: string) => validate(schema, parse(source), [...specifiedRules, ...limitRules]).map((e) => e.message);
const measure = (source: string) => measureOperation(schema, parse(source));

/** `{ child { child { … { <inner> } } } }`, n levels of child. */
const nest = (levels: number, inner: string): string => (levels === 0 ? inner : `child { ${nest(levels - 1, inner)} }`);

const FIELDS = 'id a b c d e f g h';

describe('depth through fragments', () => {
  it('counts a fragment’s fields at the depth where it is spread, adding no level of its own', () => {
    const inline = `query { node { ${nest(3, `id ${nest(2, 'a')}`)} } }`;
    const spread = `query { node { ${nest(3, '...Deep')} } } fragment Deep on Node { id ${nest(2, 'a')} }`;
    expect(measure(inline).depth).toBe(7);
    expect(measure(spread).depth).toBe(measure(inline).depth);
  });

  it('counts fragments spread inside fragments and inside inline fragments', () => {
    const inline = `query { search { ... on Node { ${nest(4, 'a')} } } }`;
    const spread = `query { search { ...Outer } } fragment Outer on Result { ... on Node { ${nest(2, '...Inner')} } } fragment Inner on Node { ${nest(2, 'a')} }`;
    expect(measure(inline).depth).toBe(6);
    expect(measure(spread).depth).toBe(6);
  });

  it('accepts a query at the limit whose last levels come from a fragment', () => {
    const atLimit = `query { node { ${nest(GRAPHQL_MAX_DEPTH - 3, '...Leaf')} } } fragment Leaf on Node { child { a } }`;
    expect(measure(atLimit).depth).toBe(GRAPHQL_MAX_DEPTH);
    expect(errors(atLimit)).toEqual([]);
  });

  it('refuses a query whose depth is exceeded only through a fragment spread', () => {
    const shallow = `query { node { ${nest(GRAPHQL_MAX_DEPTH - 3, 'id')} } }`;
    const deepThroughFragment = `query { node { ${nest(GRAPHQL_MAX_DEPTH - 3, 'id ...TooDeep')} } } fragment TooDeep on Node { child { child { a } } }`;
    expect(errors(shallow)).toEqual([]);
    expect(errors(deepThroughFragment)).toEqual([`Query depth limit of ${GRAPHQL_MAX_DEPTH} exceeded, found ${GRAPHQL_MAX_DEPTH + 1}.`]);
  });

  it('counts the same fragment at each place it is spread, the deepest deciding', () => {
    const document = `query { node { ...Leaf child { child { child { ...Leaf } } } } } fragment Leaf on Node { child { a } }`;
    expect(measure(document).depth).toBe(6);
  });
});

describe('cost through fragments', () => {
  it('counts every field of a spread fragment (none for free)', () => {
    const inline = `query { node { child { ${FIELDS} } } }`;
    const spread = `query { node { child { ...Fields } } } fragment Fields on Node { ${FIELDS} }`;
    const empty = `query { node { child { id } } }`;
    expect(measure(spread).cost).toBeGreaterThanOrEqual(measure(inline).cost);
    expect(measure(spread).cost).toBeGreaterThan(measure(empty).cost + 8);
  });

  it('counts a fragment’s fields at their depth: a spread costs its fields written in place, plus one small charge', () => {
    for (const levels of [0, 2, 5]) {
      const inline = `query { node { ${nest(levels, FIELDS)} } }`;
      const spread = `query { node { ${nest(levels, '...Fields')} } } fragment Fields on Node { ${FIELDS} }`;
      // graphql-armor books the spread as one scalar and the fragment as one object (1 + 2),
      // weighted like any field at that depth (×1.5 a level); the fields themselves count once.
      expect(measure(spread).cost - measure(inline).cost).toBe(3 * 1.5 ** levels);
    }
  });

  it('counts a fragment again at each place it is spread', () => {
    const once = `query { node { ...Fields } } fragment Fields on Node { ${FIELDS} }`;
    const twice = `query { node { ...Fields child { ...Fields } } } fragment Fields on Node { ${FIELDS} }`;
    const onceInline = `query { node { ${FIELDS} } }`;
    const twiceInline = `query { node { ${FIELDS} child { ${FIELDS} } } }`;
    const added = measure(twice).cost - measure(once).cost;
    const addedInline = measure(twiceInline).cost - measure(onceInline).cost;
    expect(added).toBeGreaterThanOrEqual(addedInline);
  });

  it('refuses a query whose cost is exceeded only through fragment spreads', () => {
    const aliases = Array.from({ length: 12 }, (_, i) => `n${i}: node { ${nest(9, '...Fields')} }`).join(' ');
    const withoutFields = `query { ${Array.from({ length: 12 }, (_, i) => `n${i}: node { ${nest(9, 'id')} }`).join(' ')} }`;
    const document = `query { ${aliases} } fragment Fields on Node { ${FIELDS} }`;
    expect(errors(withoutFields)).toEqual([]);
    expect(measure(document).cost).toBeGreaterThan(GRAPHQL_MAX_COST);
    expect(errors(document)).toEqual([`Query Cost limit of ${GRAPHQL_MAX_COST} exceeded, found ${measure(document).cost}.`]);
  });
});
