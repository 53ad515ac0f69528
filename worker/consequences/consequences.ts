// Where a write's consequences are wired (docs/adr/0018-layers.md): a capability records
// what changed (worker/context/changes.ts) and this module turns it into what the edge
// cache and the search index need — purge by tag (worker/cache/purge.ts, which queues the
// zone purge in production) and a refresh of the search records (worker/search/indexing.ts,
// which queues the hosted push) — and a story's fediverse followers are told of it through the
// fan-out queue (worker/jobs/federation-story.ts). Capabilities import none of these.
import type { Env } from '../env.ts';
import type { Change, ChangeSink, PageSubject, RecordSubject } from '../context/changes.ts';
import { createRequestContext, type RequestContext, type RequestContextInit } from '../context/request-context.ts';
import { purgeTags, type PurgeOptions } from '../cache/purge.ts';
import { forgetHeldSignIns } from '../session/held-sign-ins.ts';
import { publicationCacheTag, DISCOVERY_TAG, HOME_TAG, LISTS_TAG, storyCacheTag, topicCacheTag, profileCacheTag } from '../cache/tags.ts';
import { enqueue } from '../queues/producer.ts';
import { reindexList, reindexSeries, reindexPublication, reindexFollowed, reindexStory, reindexTopic, reindexUser } from '../search/indexing.ts';

/** The cache tag of every page a subject names (worker/cache/tags.ts). */
export function pageCacheTag(subject: PageSubject): string {
  switch (subject.kind) {
    case 'story':
      return storyCacheTag(subject.id);
    case 'profile':
      return profileCacheTag(subject.id);
    case 'publication':
      return publicationCacheTag(subject.id);
    case 'topic':
      return topicCacheTag(subject.slug);
    case 'home':
      return HOME_TAG;
    case 'discovery':
      return DISCOVERY_TAG;
    case 'lists':
      return LISTS_TAG;
  }
}

function refresh(env: Env, subject: RecordSubject): Promise<void> {
  switch (subject.kind) {
    case 'story':
      return reindexStory(env, subject.id);
    case 'profile':
      return reindexUser(env, subject.id);
    case 'publication':
      return reindexPublication(env, subject.id);
    case 'topic':
      return reindexTopic(env, subject.slug);
    case 'followed':
      return reindexFollowed(env, subject.type, subject.id);
    case 'list':
      return reindexList(env, subject.id, subject.stories);
    case 'series':
      return reindexSeries(env, subject.id);
  }
}

/** Search first (the next search sees the change), then the pages, then the fediverse (on the queue). */
export async function applyChange(env: Env, change: Change, purge: PurgeOptions = {}): Promise<void> {
  // A user's row changed (name, username, picture, flags): the sign-ins this isolate holds are
  // read again, so the writer's own next page shows it (docs/adr/0101-held-sign-ins.md).
  if ([...(change.records ?? []), ...(change.pages ?? [])].some((subject) => subject.kind === 'profile')) forgetHeldSignIns();
  for (const record of change.records ?? []) await refresh(env, record);
  if (change.pages?.length) await purgeTags(env, change.pages.map(pageCacheTag), purge);
  // The fediverse hears of it after the answer, through the fan-out queue (worker/jobs/federation-story.ts).
  if (change.federated?.length) await enqueue(env, change.federated.map((subject) => ({ kind: 'federation.story' as const, postId: subject.id })));
}

/** The sink a request context records its changes into. */
export function consequencesFor(env: Env, purge: PurgeOptions = {}): ChangeSink {
  return { record: (change) => applyChange(env, change, purge) };
}

/** A request context whose changes carry out their consequences: what surfaces and jobs open. */
export function requestContextFor(init: Omit<RequestContextInit, 'changes'>): RequestContext {
  return createRequestContext({ ...init, changes: consequencesFor(init.env) });
}
