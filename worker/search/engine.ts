// The local search engine: the provider's queries answered from the FTS5 indexes in D1
// (docs/adr/0059-search-index-in-d1-fts5.md and docs/adr/0061-search-ranks-at-most-2000-candidates.md). Every query of a request runs in one D1 batch (one round
// trip): a page of hits and their count per index.
//
// Ranking: text relevance first (bm25 with column weights, title strongest), in tiers so
// that among equally relevant hits the popular one comes first (claps, followers, stories).
import type { D1Database } from '@cloudflare/workers-types';
import { FTS_TABLE, type IndexKind } from './index-sql.ts';
import { allOf, filterConditions, type SqlCondition } from './filters.ts';
import type { SearchQuery } from './protocol.ts';
import { highlight, matchExpression, queryWords, type HighlightResult } from './query-text.ts';

/** Who is searching, as far as results depend on it. */
export interface SearchViewer {
  userId: string | null;
  /** can_view_unfiltered_search: also the hits that are not high quality. */
  unfiltered: boolean;
  /**
   * The filters of the secured key the request came with (worker/search/secured-key.ts): the
   * key speaks for the viewer, as with a hosted app, so no session is read.
   */
  keyConditions?: SqlCondition[];
}

/** bm25 column weights, in the FTS tables' column order (migrations/0012_search.sql). */
export const WEIGHTS: Record<IndexKind, string> = {
  post: '10.0, 4.0, 3.0, 3.0, 2.0, 1.0',
  user: '10.0, 8.0, 1.0',
  collection: '10.0, 6.0, 1.0',
  tag: '10.0, 5.0, 1.0',
  catalog: '10.0, 2.0, 3.0',
  series: '10.0, 2.0, 3.0',
};

/** Attributes that carry a _highlightResult, per index. */
const HIGHLIGHTED: Record<IndexKind, readonly string[]> = {
  post: ['title', 'subtitle'],
  user: ['name', 'username'],
  collection: ['name'],
  tag: ['displayText'],
  catalog: ['name'],
  series: ['title'],
};

/** Conditions that depend on the viewer: quality, mutes and blocks (docs/search.md). */
function viewerConditions(kind: IndexKind, viewer: SearchViewer): SqlCondition[] {
  const conditions: SqlCondition[] = [];
  if (!viewer.unfiltered) conditions.push({ sql: 'r.high_quality = 1', params: [] });
  if (!viewer.userId) return conditions;
  const blocked = 'SELECT blocked_id FROM blocks WHERE blocker_id = ? UNION ALL SELECT blocker_id FROM blocks WHERE blocked_id = ?';
  if (kind === 'post') {
    conditions.push({
      sql: `r.owner_id NOT IN (SELECT target_id FROM mutes WHERE muter_id = ? AND target_type = 'USER' UNION ALL ${blocked})`,
      params: [viewer.userId, viewer.userId, viewer.userId],
    });
    conditions.push({
      sql: `(r.collection_id IS NULL OR r.collection_id NOT IN (SELECT target_id FROM mutes WHERE muter_id = ? AND target_type = 'COLLECTION'))`,
      params: [viewer.userId],
    });
  } else if (kind === 'catalog' || kind === 'series') {
    conditions.push({ sql: `r.owner_id NOT IN (SELECT target_id FROM mutes WHERE muter_id = ? AND target_type = 'USER' UNION ALL ${blocked})`, params: [viewer.userId, viewer.userId, viewer.userId] });
  } else if (kind === 'user') {
    conditions.push({ sql: `r.object_id NOT IN (${blocked})`, params: [viewer.userId, viewer.userId] });
  }
  return conditions;
}

/** Matches ranked per query, and the most nbHits reports (exhaustiveNbHits false beyond). */
export const MAX_CANDIDATES = 2000;

/**
 * A predictive query: the popover's few hits of a first page (3, or 8 in the publication and
 * profile scopes; docs/product/1-product-screens-membership-header-search.md §2.8). The search
 * pages ask for 10 or 20 a page.
 */
export const PREDICTIVE_MAX_HITS = 8;
/** Matches ranked for a predictive query: a popover shows at most 8 (docs/adr/0063-predictive-search-queries.md). */
export const PREDICTIVE_CANDIDATES = 200;
/**
 * The story columns a predictive query matches: what a reader types a story by (its title,
 * subtitle, topics, writer, publication), not the words of its opening, which made a prefix
 * like "hab" match a quarter of all stories (docs/search.md, "Ranking").
 */
const PREDICTIVE_POST_COLUMNS = '{title subtitle topics writer publication}';

export function isPredictive(query: Pick<SearchQuery, 'hitsPerPage' | 'page'>): boolean {
  return query.page === 0 && query.hitsPerPage <= PREDICTIVE_MAX_HITS;
}

interface PreparedQuery {
  kind: IndexKind;
  words: string[];
  /** A page of records and their count; or one statement whose rows carry the count (total). */
  statements: [D1PreparedStatementLike, D1PreparedStatementLike] | [D1PreparedStatementLike] | null;
  /** The most matches ranked (and counted): nbHits is exhaustive below it. */
  cap?: number;
}

type D1PreparedStatementLike = ReturnType<D1Database['prepare']>;

export interface SearchAnswer {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  exhaustiveNbHits: boolean;
  query: string;
  params: string;
  index: string;
  processingTimeMS: number;
  queryID?: string;
}

function prepare(db: D1Database, kind: IndexKind, query: SearchQuery, viewer: SearchViewer): PreparedQuery {
  const words = queryWords(query.query.replaceAll('\u0000', ' '));
  const hasText = query.query.trim() !== '';
  const match = matchExpression(words);
  // A query with characters but no words (only punctuation, emoji, syntax) finds nothing.
  if (hasText && match === null) return { kind, words, statements: null };
  const conditions = [{ sql: 'r.index_kind = ?', params: [kind] as (string | number)[] }, ...viewerConditions(kind, viewer), ...(viewer.keyConditions ?? []), ...filterConditions(kind, query)];
  const where = allOf(conditions);
  const limit = query.hitsPerPage;
  const offset = query.page * query.hitsPerPage;
  const fts = FTS_TABLE[kind];
  if (match === null) {
    const page = db.prepare(`SELECT r.record FROM search_records r WHERE ${where.sql} ORDER BY r.popularity DESC, r.id LIMIT ? OFFSET ?`).bind(...where.params, limit, offset);
    const count = db.prepare(`SELECT count(*) AS n FROM (SELECT 1 FROM search_records r WHERE ${where.sql} LIMIT ${MAX_CANDIDATES})`).bind(...where.params);
    return { kind, words, statements: [page, count] };
  }
  // At most MAX_CANDIDATES matches are ranked (PREDICTIVE_CANDIDATES for the popover), taken in
  // rowid order — which the rebuild makes popularity order — so a one-letter query over 50,000
  // stories ranks the most popular matches instead of sorting every story
  // (docs/adr/0061-search-ranks-at-most-2000-candidates.md and docs/adr/0062-fts-match-drives-the-join.md). CROSS JOIN fixes the join order: the FTS
  // match drives and each match looks its record up by key. Left to the planner, SQLite may
  // walk every record of the index and run the MATCH once per record (seconds at 50,000).
  const predictive = isPredictive(query);
  const ftsMatch = predictive && kind === 'post' ? `${PREDICTIVE_POST_COLUMNS} : (${match})` : match;
  const cap = predictive ? PREDICTIVE_CANDIDATES : MAX_CANDIDATES;
  const candidates = `SELECT r.id AS id, bm25(${fts}, ${WEIGHTS[kind]}) AS score, r.popularity AS popularity
    FROM ${fts} CROSS JOIN search_records r ON r.id = ${fts}.rowid WHERE ${fts} MATCH ? AND ${where.sql} LIMIT ${cap}`;
  const page = db
    .prepare(
      `SELECT r.record, c.total FROM (
         SELECT id, score, popularity, count(*) OVER () AS total FROM (${candidates})
         ORDER BY round(score, 0), popularity DESC, id LIMIT ? OFFSET ?
       ) AS c JOIN search_records r ON r.id = c.id ORDER BY round(c.score, 0), c.popularity DESC, c.id`,
    )
    .bind(ftsMatch, ...where.params, limit, offset);
  return { kind, words, statements: [page], cap };
}

function queryId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function shapeHit(kind: IndexKind, record: Record<string, unknown>, words: string[], attributes: string[] | null): Record<string, unknown> {
  const highlightResult: Record<string, HighlightResult> = {};
  for (const attribute of HIGHLIGHTED[kind]) {
    const value = record[attribute];
    if (typeof value === 'string') highlightResult[attribute] = highlight(value, words);
  }
  let hit = record;
  if (attributes && !attributes.includes('*')) {
    hit = { objectID: record.objectID };
    for (const attribute of attributes) if (attribute in record) hit[attribute] = record[attribute];
  }
  return { ...hit, _highlightResult: highlightResult };
}

/** Answers the queries (each with its index kind) in one D1 round trip. */
export async function runSearch(db: D1Database, queries: { kind: IndexKind; query: SearchQuery }[], viewer: SearchViewer): Promise<SearchAnswer[]> {
  const started = Date.now();
  const prepared = queries.map(({ kind, query }) => prepare(db, kind, query, viewer));
  const statements = prepared.flatMap((p) => p.statements ?? []);
  const results = statements.length > 0 ? await db.batch<{ record?: string; n?: number; total?: number }>(statements) : [];
  const processingTimeMS = Date.now() - started;
  let next = 0;
  return prepared.map((p, i) => {
    const { query } = queries[i]!;
    let hits: Record<string, unknown>[] = [];
    let nbHits = 0;
    if (p.statements) {
      const pageRows = results[next++]!.results;
      nbHits = p.statements.length === 2 ? Number(results[next++]!.results[0]?.n ?? 0) : Number(pageRows[0]?.total ?? 0);
      hits = pageRows.map((row) => shapeHit(p.kind, JSON.parse(row.record as string) as Record<string, unknown>, p.words, query.attributesToRetrieve));
    }
    const answer: SearchAnswer = {
      hits,
      nbHits,
      page: query.page,
      nbPages: query.hitsPerPage > 0 ? Math.ceil(nbHits / query.hitsPerPage) : 0,
      hitsPerPage: query.hitsPerPage,
      exhaustiveNbHits: nbHits < (p.cap ?? MAX_CANDIDATES),
      query: query.query,
      params: new URLSearchParams({ query: query.query, hitsPerPage: String(query.hitsPerPage), page: String(query.page) }).toString(),
      index: query.indexName,
      processingTimeMS,
    };
    if (query.clickAnalytics) answer.queryID = queryId();
    return answer;
  });
}
