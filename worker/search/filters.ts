// The provider's filter parameters (filters, facetFilters, numericFilters) for the attributes
// Vellum's searches scope by (docs/search.md, "Filters"): a publication's, a writer's or a
// topic's stories, a date range. Each becomes a bound SQL condition on search_records (alias
// r); an attribute the index has no facet for is a 400, as the provider answers an
// undeclared facet, so a mistyped scope never silently searches everything.
import { badRequest } from './protocol.ts';
import type { IndexKind } from './index-sql.ts';

export interface SqlCondition {
  sql: string;
  params: (string | number)[];
}

const FACETS: Record<IndexKind, Record<string, (value: string) => SqlCondition>> = {
  post: {
    collectionId: (value) => ({ sql: 'r.collection_id = ?', params: [value] }),
    creatorId: (value) => ({ sql: 'r.owner_id = ?', params: [value] }),
    // Pages know their publication's slug and their writer's username from the address.
    'collection.slug': (value) => ({ sql: "json_extract(r.record, '$.collection.slug') = ? COLLATE NOCASE", params: [value] }),
    'creator.username': (value) => ({ sql: "json_extract(r.record, '$.creator.username') = ? COLLATE NOCASE", params: [value] }),
    'tags.slug': (value) => ({ sql: "EXISTS (SELECT 1 FROM json_each(r.record, '$.tags') AS t WHERE json_extract(t.value, '$.slug') = ?)", params: [value] }),
    objectID: (value) => ({ sql: 'r.object_id = ?', params: [value] }),
    // "From this List" (docs/product/1-product-screens-membership-header-search.md §2.8): the
    // stories of a public list, read from its items at query time (a list's stories change
    // without their records changing). A private list's id finds nothing, whoever asks.
    catalogId: (value) => ({
      sql: "r.object_id IN (SELECT i.post_id FROM catalog_items i JOIN catalogs k ON k.id = i.catalog_id WHERE i.catalog_id = ? AND k.visibility = 'PUBLIC')",
      params: [value],
    }),
  },
  user: { objectID: (value) => ({ sql: 'r.object_id = ?', params: [value] }) },
  collection: { objectID: (value) => ({ sql: 'r.object_id = ?', params: [value] }) },
  tag: { objectID: (value) => ({ sql: 'r.object_id = ?', params: [value] }) },
  catalog: {
    objectID: (value) => ({ sql: 'r.object_id = ?', params: [value] }),
    creatorId: (value) => ({ sql: 'r.owner_id = ?', params: [value] }),
  },
  series: {
    objectID: (value) => ({ sql: 'r.object_id = ?', params: [value] }),
    creatorId: (value) => ({ sql: 'r.owner_id = ?', params: [value] }),
    'creator.username': (value) => ({ sql: "json_extract(r.record, '$.creator.username') = ? COLLATE NOCASE", params: [value] }),
  },
};

const NUMERIC: Record<IndexKind, readonly string[]> = {
  post: ['latestPublishedAt', 'clapCount'],
  user: ['followerCount'],
  collection: ['followerCount'],
  tag: ['postCount'],
  catalog: ['itemCount', 'followerCount'],
  series: ['partCount', 'followerCount', 'publishedAt'],
};

function facet(kind: IndexKind, expression: string): SqlCondition {
  const match = /^\s*(-?)([\w.]+)\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|(\S+))\s*$/.exec(expression);
  if (!match) throw badRequest(`Invalid syntax for filter: "${expression.slice(0, 100)}".`);
  const [, negate, attribute, doubleQuoted, singleQuoted, bare] = match;
  const build = FACETS[kind][attribute!];
  if (!build) throw badRequest(`Unknown facet "${attribute!.slice(0, 50)}" for this index.`);
  const condition = build((doubleQuoted ?? singleQuoted ?? bare ?? '').replace(/\\(.)/g, '$1'));
  return negate ? { sql: `NOT (${condition.sql})`, params: condition.params } : condition;
}

function numeric(kind: IndexKind, expression: string): SqlCondition {
  const match = /^\s*([\w.]+)\s*(<=|>=|!=|=|<|>)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(expression);
  if (!match) throw badRequest(`Invalid syntax for numeric filter: "${expression.slice(0, 100)}".`);
  const [, attribute, operator, value] = match;
  if (!NUMERIC[kind].includes(attribute!)) throw badRequest(`Unknown numeric attribute "${attribute!.slice(0, 50)}" for this index.`);
  return { sql: `json_extract(r.record, '$.${attribute}') ${operator} ?`, params: [Number(value)] };
}

const and = (conditions: SqlCondition[]): SqlCondition => ({
  sql: conditions.map((c) => `(${c.sql})`).join(' AND '),
  params: conditions.flatMap((c) => c.params),
});
const or = (conditions: SqlCondition[]): SqlCondition => ({
  sql: conditions.map((c) => `(${c.sql})`).join(' OR '),
  params: conditions.flatMap((c) => c.params),
});

/** A filters string: facet and numeric comparisons joined by AND, OR within parentheses not supported. */
function filtersString(kind: IndexKind, filters: string): SqlCondition[] {
  if (filters.trim() === '') return [];
  return filters.split(/\s+AND\s+/).map((part) => (/[<>=]/.test(part) && !part.includes(':') ? numeric(kind, part) : facet(kind, part)));
}

export const MAX_FILTER_TERMS = 20;

/** Every filter parameter of a query as SQL conditions (all of them must hold). */
export function filterConditions(
  kind: IndexKind,
  params: { filters: string | null; facetFilters: (string | string[])[]; numericFilters: string[] },
): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  if (params.filters) conditions.push(...filtersString(kind, params.filters));
  for (const item of params.facetFilters) {
    conditions.push(Array.isArray(item) ? or(item.map((value) => facet(kind, value))) : facet(kind, item));
  }
  for (const item of params.numericFilters) conditions.push(numeric(kind, item));
  if (conditions.length > MAX_FILTER_TERMS) throw badRequest(`Too many filters (at most ${MAX_FILTER_TERMS}).`);
  return conditions.filter((c) => c.sql !== '');
}

export { and as allOf };

/**
 * The filters a secured key carries (worker/search/secured-key.ts): `NOT attr:value` and
 * `attr:value` terms joined by AND over the attributes every hosted record carries for them —
 * ownerId (a story's writer, a list's maker), personId (a person's own record), publicationId
 * (a story's publication) and highQuality — applied to every index as the hosted app applies a
 * key's filters: a record without the attribute is not excluded by a NOT term. The negated
 * values of one attribute become one `NOT IN (json_each(?))`, so a key's 200 exclusions are
 * one bound value each, not 200 (D1 binds at most 100 values per statement).
 */
export function keyFilterConditions(filters: string): SqlCondition[] {
  if (filters.trim() === '') return [];
  const excluded: Record<'ownerId' | 'personId' | 'publicationId', string[]> = { ownerId: [], personId: [], publicationId: [] };
  const conditions: SqlCondition[] = [];
  for (const term of filters.split(/\s+AND\s+/)) {
    const match = /^\s*(NOT\s+)?(ownerId|personId|publicationId|highQuality)\s*:\s*(?:"((?:[^"\\]|\\.)*)"|(\S+))\s*$/.exec(term);
    if (!match) throw badRequest(`Invalid syntax for filter: "${term.slice(0, 100)}".`);
    const [, not, attribute, quoted, bare] = match;
    const value = (quoted ?? bare ?? '').replace(/\\(.)/g, '$1');
    if (attribute === 'highQuality') {
      if (value !== 'true' && value !== 'false') throw badRequest(`Invalid value for highQuality: "${value.slice(0, 20)}".`);
      conditions.push({ sql: `r.high_quality ${not ? '<>' : '='} ?`, params: [value === 'true' ? 1 : 0] });
    } else if (not) excluded[attribute as keyof typeof excluded].push(value);
    else throw badRequest(`A key can only exclude by ${attribute}.`);
  }
  if (excluded.ownerId.length) conditions.push({ sql: `coalesce(r.owner_id, '') NOT IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(excluded.ownerId)] });
  if (excluded.personId.length) {
    conditions.push({ sql: `NOT (r.index_kind = 'user' AND r.object_id IN (SELECT value FROM json_each(?)))`, params: [JSON.stringify(excluded.personId)] });
  }
  if (excluded.publicationId.length) {
    conditions.push({ sql: `NOT (r.index_kind = 'post' AND coalesce(r.collection_id, '') IN (SELECT value FROM json_each(?)))`, params: [JSON.stringify(excluded.publicationId)] });
  }
  return conditions;
}
