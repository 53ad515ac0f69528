// Indexing on write (docs/search.md, "Indexing on write"): the request that changes a story,
// a profile, a publication or a tag's count calls one of these before it answers, so the
// next search sees the change. Each refreshes the affected records from the tables in one D1
// batch (worker/search/index-sql.ts) and, when a hosted app is configured, pushes the same
// records there with the provider's write calls (worker/search/hosted-index.ts).
//
//   reindexStory(env, postId)          publish, edit, delete/restore, suspend, visibility
//   reindexUser(env, userId)          profile change, suspension, deletion (and their stories)
//   reindexPublication(env, id)        publication change (and its stories)
//   reindexTopic(env, tagSlug)          a tag's story count or name
//   reindexFollowed(env, type, id)    a follow or unfollow: the followed object's own record
//   reindexList(env, catalogId, stories)  a list's creation, name, description, visibility, items, deletion
//   rebuildSearchIndex(env)           every index from scratch
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { isHostedSearch } from './config.ts';
import { pushToHostedIndex } from './hosted-index.ts';
import { enqueue } from '../queues/producer.ts';
import {
  CATALOG_BY_ID,
  CATALOGS_BY_CREATOR,
  COLLECTION_BY_ID,
  POST_BY_ID,
  POSTS_BY_COLLECTION,
  POSTS_BY_WRITER,
  rebuildStatements,
  refreshStatements,
  removeStatements,
  SERIES_BY_CREATOR,
  SERIES_BY_ID,
  TAG_BY_SLUG,
  TAGS_OF_POST,
  USER_BY_ID,
  WRITER_OF_POST,
  type IndexKind,
  type IndexStatement,
} from './index-sql.ts';

/** The whole env: a hosted push is queued (worker/queues/producer.ts needs the queue binding). */
export type IndexingEnv = Env;

interface Refresh {
  kind: IndexKind;
  filter: string;
  id: string;
}

async function run(db: D1Database, statements: IndexStatement[]): Promise<void> {
  await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
}

async function refresh(env: IndexingEnv, refreshes: Refresh[]): Promise<void> {
  await run(env.DB, refreshes.flatMap((r) => refreshStatements(r.kind, r.filter, [r.id])));
  if (isHostedSearch(env)) await enqueue(env, [{ kind: 'search.push', refreshes }]);
}

/** A story (and its writer's and topics' records, whose quality and counts follow it). */
export function reindexStory(env: IndexingEnv, postId: string): Promise<void> {
  return refresh(env, [
    { kind: 'post', filter: POST_BY_ID, id: postId },
    { kind: 'tag', filter: TAGS_OF_POST, id: postId },
    { kind: 'user', filter: WRITER_OF_POST, id: postId },
  ]);
}

/** A person and every story of theirs (their name is part of each story's record). */
export function reindexUser(env: IndexingEnv, userId: string): Promise<void> {
  return refresh(env, [
    { kind: 'user', filter: USER_BY_ID, id: userId },
    { kind: 'post', filter: POSTS_BY_WRITER, id: userId },
    { kind: 'collection', filter: 'c.creator_id = ?1', id: userId },
    { kind: 'catalog', filter: CATALOGS_BY_CREATOR, id: userId },
    { kind: 'series', filter: SERIES_BY_CREATOR, id: userId },
  ]);
}

/** A publication and its stories. */
export function reindexPublication(env: IndexingEnv, collectionId: string): Promise<void> {
  return refresh(env, [
    { kind: 'collection', filter: COLLECTION_BY_ID, id: collectionId },
    { kind: 'post', filter: POSTS_BY_COLLECTION, id: collectionId },
  ]);
}

export function reindexTopic(env: IndexingEnv, tagSlug: string): Promise<void> {
  return refresh(env, [{ kind: 'tag', filter: TAG_BY_SLUG, id: tagSlug }]);
}

/**
 * The record of a followed person, publication or topic after a follow or unfollow: its
 * followerCount, ranking and (for a person) quality follow the count. Only that one record:
 * no story record holds a follower count (docs/search.md, "Follower counts").
 */
export function reindexFollowed(env: IndexingEnv, type: 'USER' | 'COLLECTION' | 'TAG', id: string): Promise<void> {
  if (type === 'USER') return refresh(env, [{ kind: 'user', filter: USER_BY_ID, id }]);
  if (type === 'COLLECTION') return refresh(env, [{ kind: 'collection', filter: COLLECTION_BY_ID, id }]);
  return refresh(env, [{ kind: 'tag', filter: 't.id = ?1', id }]);
}

/** A series after its writer changed it: title, description, parts, publishing, followers (docs/adr/0181-series-in-search.md). */
export function reindexSeries(env: IndexingEnv, seriesId: string): Promise<void> {
  return refresh(env, [{ kind: 'series', filter: SERIES_BY_ID, id: seriesId }]);
}

/**
 * A list: its record is removed and made again from the tables, so a list that was deleted
 * (outright, unlike a story), made private or emptied simply stays out.
 */
export async function reindexList(env: IndexingEnv, catalogId: string, stories: string[] = []): Promise<void> {
  await run(env.DB, [...removeStatements('catalog', catalogId), ...refreshStatements('catalog', CATALOG_BY_ID, [catalogId])]);
  if (!isHostedSearch(env)) return;
  // A hosted app's story records carry their public lists (catalogIds, worker/search/hosted-index.ts):
  // the stories added, removed, or in a list made public, private or deleted are pushed again.
  // The local records need no refresh: the local service reads list items at query time.
  const refreshes: Refresh[] = [{ kind: 'catalog', filter: CATALOG_BY_ID, id: catalogId }, ...stories.map((id) => ({ kind: 'post' as const, filter: POST_BY_ID, id }))];
  await enqueue(env, [{ kind: 'search.push', refreshes }]);
}

/** Every index from the tables (the hosted app, when configured, gets every record). */
export async function rebuildSearchIndex(env: IndexingEnv): Promise<void> {
  await run(env.DB, rebuildStatements());
  if (isHostedSearch(env)) await pushToHostedIndex(env, null);
}
