// The hosted search app's side of indexing (docs/search.md, "A hosted app"): after the local
// records are refreshed, the same records are pushed with algoliasearch's write calls
// (saveObjects for records that exist, deleteObjects for those that no longer do). The local
// records are the single source of what a record holds, so both services always agree.
//
// A failed push is logged and does not fail the reader's write: `npm run search:reindex`
// (rebuildSearchIndex) pushes everything again.
import type { algoliasearch } from 'algoliasearch';
import type { Env } from '../env.ts';
import { indexName } from './config.ts';
import { CATALOG_BY_ID, INDEX_KINDS, type IndexKind } from './index-sql.ts';
import { logEvent } from '../lib/log-context.ts';

type HostedEnv = Pick<Env, 'DB' | 'SEARCH_APP_ID' | 'SEARCH_INDEX_PREFIX' | 'SEARCH_ADMIN_KEY'>;

/** Objects whose records changed, by index: the ids a refresh's filter selects. */
interface Changed {
  kind: IndexKind;
  filter: string;
  id: string;
}

const SOURCE_IDS: Record<IndexKind, string> = {
  post: 'SELECT p.id AS id FROM posts p WHERE ',
  user: 'SELECT u.id AS id FROM users u WHERE ',
  collection: 'SELECT c.id AS id FROM collections c WHERE ',
  tag: 'SELECT t.slug AS id FROM tags t WHERE ',
  catalog: 'SELECT k.id AS id FROM catalogs k WHERE ',
  series: 'SELECT s.id AS id FROM series s WHERE ',
};

/** What the push reads of a local record: the record and the columns the key filters use. */
const RECORD_COLUMNS = `object_id, record, owner_id, collection_id, high_quality,
  CASE WHEN index_kind = 'post' THEN (SELECT json_group_array(k.id) FROM catalog_items i JOIN catalogs k ON k.id = i.catalog_id
    WHERE i.post_id = search_records.object_id AND k.visibility = 'PUBLIC' AND k.type = 'LISTS') END AS catalog_ids`;

interface RecordRow {
  object_id: string;
  record: string;
  owner_id: string | null;
  collection_id: string | null;
  high_quality: number;
  catalog_ids: string | null;
}

/**
 * The record a hosted app holds: the local record plus the attributes secured keys filter on
 * (worker/search/secured-key.ts) — ownerId (a story's writer, a list's maker), personId (a
 * person's own record), publicationId (a story's publication), highQuality — and, on stories,
 * catalogIds: the PUBLIC lists holding the story, for "From this List" (a private list's id
 * never leaves the worker: anyone with a key can read a hosted record).
 */
export function hostedRecord(kind: IndexKind, row: RecordRow): Record<string, unknown> {
  const record = JSON.parse(row.record) as Record<string, unknown>;
  const extra: Record<string, unknown> = { highQuality: row.high_quality === 1 };
  if (row.owner_id) extra.ownerId = row.owner_id;
  if (kind === 'user') extra.personId = row.object_id;
  if (kind === 'post') {
    if (row.collection_id) extra.publicationId = row.collection_id;
    extra.catalogIds = row.catalog_ids ? (JSON.parse(row.catalog_ids) as string[]) : [];
  }
  return { ...record, ...extra };
}

/** Pushes the records of the changed objects (all records when `changed` is null). */
export async function pushToHostedIndex(env: HostedEnv, changed: Changed[] | null): Promise<void> {
  try {
    await pushRecordsToHostedIndex(env, changed);
  } catch (error) {
    logEvent({ event: 'search_hosted_push_failed', message: String(error) }, 'error');
  }
}

/** The provider's write calls the push makes (a test hands in a client with a recording requester). */
type WriteClient = Pick<ReturnType<typeof algoliasearch>, 'replaceAllObjects' | 'saveObjects' | 'deleteObjects'>;

/** The same push, failing when the hosted app refuses (the fan-out queue retries it: worker/queues/). */
export async function pushRecordsToHostedIndex(
  env: HostedEnv,
  changed: Changed[] | null,
  client?: WriteClient,
): Promise<void> {
  // The provider's client is loaded when a push first runs (48 modules most requests never need).
  client ??= (await import('algoliasearch')).algoliasearch(env.SEARCH_APP_ID, env.SEARCH_ADMIN_KEY as string);
  {
    for (const kind of INDEX_KINDS) {
      const name = indexName(env, kind);
      if (changed === null) {
        const rows = await env.DB.prepare(`SELECT ${RECORD_COLUMNS} FROM search_records WHERE index_kind = ?`).bind(kind).all<RecordRow>();
        await client.replaceAllObjects({ indexName: name, objects: rows.results.map((r) => hostedRecord(kind, r)) });
        continue;
      }
      const ids = new Set<string>();
      for (const c of changed.filter((c) => c.kind === kind)) {
        const rows = await env.DB.prepare(SOURCE_IDS[kind] + c.filter).bind(c.id).all<{ id: string }>();
        for (const row of rows.results) ids.add(row.id);
        // A list is deleted outright: its id no longer selects a row, yet its record must go.
        if (kind === 'catalog' && c.filter === CATALOG_BY_ID) ids.add(c.id);
      }
      if (ids.size === 0) continue;
      const present = await env.DB.prepare(`SELECT ${RECORD_COLUMNS} FROM search_records WHERE index_kind = ? AND object_id IN (SELECT value FROM json_each(?))`)
        .bind(kind, JSON.stringify([...ids]))
        .all<RecordRow>();
      const kept = new Set(present.results.map((r) => r.object_id));
      if (present.results.length > 0) await client.saveObjects({ indexName: name, objects: present.results.map((r) => hostedRecord(kind, r)) });
      const gone = [...ids].filter((id) => !kept.has(id));
      if (gone.length > 0) await client.deleteObjects({ indexName: name, objectIDs: gone });
    }
  }
}
