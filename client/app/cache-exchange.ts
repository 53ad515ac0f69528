// The browser's normalized cache (docs/product/2-sign-in-notices-cache-routing.md §3 "Entities
// named in the cache layer"; docs/adr/0110-normalized-cache.md): every result is stored by
// entity (`{__typename}:{key}`), so one answer about a story, a writer or a list shows at once
// in every query on the page that holds that entity — the story and its cards, the byline's and
// the footer's Follow buttons. The server render keeps urql's document cache (one request, one
// render); the browser's cache is seeded from the server's results (ssrExchange after this one),
// so hydration still sends no request.
//
// Keys: an entity is keyed by its `id`; a type without one is stored inside its parent
// (graphcache's default). The spec's own keys are below (post stats and previews by post id,
// awards by awardedAt, notifications by notificationName, feed items by post id, trending by
// mode and topic). Fields are keyed by their arguments, so feed pages are kept per mode, tag
// slug, limit and cursor; the lists that page (client/components/profiles/use-more-pages.ts,
// HomeFeed) append the pages they fetch themselves.
//
// Optimistic answers (§3 and docs/product/1-product-screens-membership-header-search.md §4: a
// change shows before the server answers) for claps, follows, mutes, list saves and responses:
// each writes what the server is expected to say; the server's answer replaces it, and a failed
// call drops it (graphcache's optimistic layers).
import { cacheExchange, type Cache, type Data, type KeyingConfig, type OptimisticMutationConfig, type UpdatesConfig, type Variables } from '@urql/exchange-graphcache';
import { gql } from '@urql/core';
import type { IntrospectionQuery } from 'graphql';
import { CACHE_SCHEMA_ROOTS, CACHE_SCHEMA_SHAPE } from './cache-schema.ts';

/** Most claps one reader can give a story (docs/product/3-routes-data-calls-constants.md §3 multiVote). */
const MAX_VIEWER_CLAPS = 50;

type Record_ = Record<string, unknown>;

const stringOf = (value: unknown): string | null => (typeof value === 'string' || typeof value === 'number' ? String(value) : null);

/** The post id an entity is about, from `postId` or a nested `post { id }`. */
function postIdOf(data: Data): string | null {
  return stringOf((data as Record_).postId) ?? stringOf(((data as Record_).post as Record_ | null | undefined)?.id);
}

/**
 * The keys of docs/product/2-sign-in-notices-cache-routing.md §3 (those of types our schema has
 * apply; see cacheKeys).
 */
export const SPEC_KEYS: KeyingConfig = {
  // Post stats and a post preview are keyed by the post's id.
  StoryStats: postIdOf,
  PostStatsTotalBundle: postIdOf,
  PostPreview: postIdOf,
  // Feed items by their post's id.
  PostFeedItem: postIdOf,
  // Awards by awardedAt, notifications by notificationName (falling back on the id we answer).
  Award: (data) => stringOf((data as Record_).awardedAt),
  Notification: (data) => stringOf((data as Record_).notificationName) ?? stringOf(data.id),
  // Trending by mode and topic (only when the selection names both).
  TrendingPage: (data) => {
    const mode = stringOf((data as Record_).mode);
    const topic = (data as Record_).topic as Record_ | null | undefined;
    if (mode === null || topic === undefined) return null;
    return `${mode}:${stringOf(topic?.id) ?? stringOf(topic?.slug) ?? ''}`;
  },
};

// ── Reading what is cached ─────────────────────────────────────────────────────────────────

const numberAt = (cache: Cache, entity: string | null | undefined, field: string): number | null => {
  if (!entity) return null;
  const value = cache.resolve(entity, field);
  return typeof value === 'number' ? value : null;
};

const linkAt = (cache: Cache, entity: string | null | undefined, field: string, args?: Variables): string | null => {
  if (!entity) return null;
  const value = args ? cache.resolve(entity, field, args) : cache.resolve(entity, field);
  return typeof value === 'string' ? value : null;
};

/** The id of a cached viewer edge ("{targetId}-{viewerId}"), from its link key "Type:id". */
const idOfKey = (key: string | null): string | null => (key ? key.slice(key.indexOf(':') + 1) : null);

// ── Writing an edge change everywhere ──────────────────────────────────────────────────────

export type SocialTargetType = 'USER' | 'COLLECTION' | 'TAG';

const TARGET_TYPENAME: Record<SocialTargetType, string> = { USER: 'User', COLLECTION: 'Collection', TAG: 'Tag' };

const EDGE_FRAGMENTS = {
  USER: gql`fragment _ on UserViewerEdge { id isFollowing isMuting }`,
  COLLECTION: gql`fragment _ on CollectionViewerEdge { id isFollowing isMuting }`,
  TAG: gql`fragment _ on TagViewerEdge { id isFollowing }`,
} as const;

const FOLLOWER_COUNT_FRAGMENTS = {
  USER: gql`fragment _ on User { id socialStats { followerCount } }`,
  COLLECTION: gql`fragment _ on Collection { id socialStats { followerCount } }`,
  TAG: gql`fragment _ on Tag { id followerCount }`,
} as const;

interface EdgeUpdate {
  __typename: 'ViewerEdgeUpdate';
  id: string;
  targetType: SocialTargetType;
  targetId: string;
  isFollowing: boolean;
  isMuting: boolean;
  /** Absent in a guess: the follow store adds the pending change to the count (see guessEdge). */
  followerCount?: number;
}

const isEdgeUpdate = (value: unknown): value is EdgeUpdate => (value as Record_ | null)?.__typename === 'ViewerEdgeUpdate';

/** Writes an edge answer (or guess) onto the target's viewer edge and follower count. */
function writeEdge(cache: Cache, update: EdgeUpdate): void {
  const typename = TARGET_TYPENAME[update.targetType];
  const edge = { id: update.id, isFollowing: update.isFollowing, isMuting: update.isMuting };
  cache.writeFragment(EDGE_FRAGMENTS[update.targetType], { __typename: `${typename}ViewerEdge`, ...edge });
  const target = { __typename: typename, id: update.targetId };
  // The target's viewerEdge link, in case the page never had it (an edge answered before it was read).
  cache.link(target, 'viewerEdge', { __typename: `${typename}ViewerEdge`, id: update.id });
  if (update.followerCount === undefined) return;
  if (update.targetType === 'TAG') {
    cache.writeFragment(FOLLOWER_COUNT_FRAGMENTS.TAG, { ...target, followerCount: update.followerCount });
  } else {
    cache.writeFragment(FOLLOWER_COUNT_FRAGMENTS[update.targetType], {
      ...target,
      socialStats: { __typename: `${typename}SocialStats`, followerCount: update.followerCount },
    });
  }
}

/**
 * What a follow, unfollow, mute or unmute is expected to answer, from what is cached: the edge's
 * flags. The follower count is left to the answer: the follow store
 * (client/components/follow/follow-store.ts) shows the page's count plus the calls in flight, and
 * a guessed count here would be counted twice.
 */
export function guessEdge(cache: Cache, kind: SocialTargetType, targetId: string, change: 'follow' | 'unfollow' | 'mute' | 'unmute'): EdgeUpdate | null {
  const targetKey = cache.keyOfEntity({ __typename: TARGET_TYPENAME[kind], id: targetId });
  const edgeKey = linkAt(cache, targetKey, 'viewerEdge');
  const edgeId = idOfKey(edgeKey);
  // Without the viewer's edge on the page there is nothing to show early: the answer will write it.
  if (!edgeKey || !edgeId) return null;
  const wasFollowing = cache.resolve(edgeKey, 'isFollowing') === true;
  const wasMuting = cache.resolve(edgeKey, 'isMuting') === true;
  const isFollowing = change === 'follow' ? true : change === 'unfollow' ? false : wasFollowing;
  const isMuting = change === 'mute' ? true : change === 'unmute' ? false : wasMuting;
  return { __typename: 'ViewerEdgeUpdate', id: edgeId, targetType: kind, targetId, isFollowing, isMuting };
}

const EDGE_MUTATIONS: Record<string, { kind: SocialTargetType; arg: string; change: 'follow' | 'unfollow' | 'mute' | 'unmute' }> = {
  followUser: { kind: 'USER', arg: 'targetUserId', change: 'follow' },
  unfollowUser: { kind: 'USER', arg: 'targetUserId', change: 'unfollow' },
  muteAuthor: { kind: 'USER', arg: 'targetUserId', change: 'mute' },
  unmuteAuthor: { kind: 'USER', arg: 'targetUserId', change: 'unmute' },
  followCollection: { kind: 'COLLECTION', arg: 'targetCollectionId', change: 'follow' },
  unfollowCollection: { kind: 'COLLECTION', arg: 'targetCollectionId', change: 'unfollow' },
  mutePub: { kind: 'COLLECTION', arg: 'targetCollectionId', change: 'mute' },
  unmutePub: { kind: 'COLLECTION', arg: 'targetCollectionId', change: 'unmute' },
  followTag: { kind: 'TAG', arg: 'targetTagId', change: 'follow' },
  unfollowTag: { kind: 'TAG', arg: 'targetTagId', change: 'unfollow' },
};

// ── Claps ──────────────────────────────────────────────────────────────────────────────────

/**
 * What a clap is expected to answer: the story's (or, for clapCatalog, the list's) count and
 * the viewer's, each moved by numClaps.
 */
export function guessClap(cache: Cache, postId: string, numClaps: number, typename: 'Post' | 'Catalog' = 'Post'): Data {
  const postKey = cache.keyOfEntity({ __typename: typename, id: postId });
  const clapCount = numberAt(cache, postKey, 'clapCount');
  const edgeKey = linkAt(cache, postKey, 'viewerEdge');
  const viewerClaps = numberAt(cache, edgeKey, 'clapCount');
  const given = Math.max(0, Math.min(numClaps, MAX_VIEWER_CLAPS - (viewerClaps ?? 0)));
  return {
    __typename: typename,
    id: postId,
    ...(clapCount === null ? {} : { clapCount: clapCount + given }),
    ...(edgeKey && viewerClaps !== null ? { viewerEdge: { __typename: `${typename}ViewerEdge`, id: idOfKey(edgeKey), clapCount: viewerClaps + given } } : {}),
  };
}

// ── Responses ──────────────────────────────────────────────────────────────────────────────

const RESPONSE_COUNTS = gql`fragment _ on Post { id responsesCount postResponses { count } }`;

/** A published response counts on its story at once (the story's response count and its thread's). */
function countResponse(cache: Cache, parentPostId: string, delta: number): void {
  const postKey = cache.keyOfEntity({ __typename: 'Post', id: parentPostId });
  const responsesCount = numberAt(cache, postKey, 'responsesCount');
  const threadCount = numberAt(cache, linkAt(cache, postKey, 'postResponses'), 'count');
  cache.writeFragment(RESPONSE_COUNTS, {
    __typename: 'Post',
    id: parentPostId,
    ...(responsesCount === null ? {} : { responsesCount: responsesCount + delta }),
    ...(threadCount === null ? {} : { postResponses: { __typename: 'PostResponses', count: threadCount + delta } }),
  });
}

// ── List saves ─────────────────────────────────────────────────────────────────────────────

const BOOKMARK = gql`fragment _ on PostViewerEdge { id isBookmarked }`;

const HAS_POST = gql`fragment _ on Catalog { id hasPost(postId: $postId) }`;
const ITEMS_COUNT = gql`fragment _ on Catalog { id postItemsCount }`;

/** Saving to (or taking from) a list marks the list; the reading list also marks the story saved. */
function writeListSave(cache: Cache, catalogId: string, postId: string, saved: boolean): void {
  const catalog = { __typename: 'Catalog', id: catalogId };
  const catalogKey = cache.keyOfEntity(catalog);
  if (!catalogKey) return;
  const had = cache.resolve(catalogKey, 'hasPost', { postId });
  const items = numberAt(cache, catalogKey, 'postItemsCount');
  cache.writeFragment(HAS_POST, { ...catalog, hasPost: saved }, { postId });
  if (items !== null && typeof had === 'boolean' && had !== saved) cache.writeFragment(ITEMS_COUNT, { ...catalog, postItemsCount: Math.max(0, items + (saved ? 1 : -1)) });
  if (cache.resolve(catalogKey, 'predefined') === 'READING_LIST') {
    const edgeId = idOfKey(linkAt(cache, cache.keyOfEntity({ __typename: 'Post', id: postId }), 'viewerEdge'));
    if (edgeId) cache.writeFragment(BOOKMARK, { __typename: 'PostViewerEdge', id: edgeId, isBookmarked: saved });
  }
}

// ── The configuration ──────────────────────────────────────────────────────────────────────

const str = (args: Variables, name: string): string => String(args[name] ?? '');

export const optimisticAnswers: OptimisticMutationConfig = {
  clap: (args, cache) => guessClap(cache, str(args, 'targetPostId'), Number(args.numClaps ?? 0)),
  clapCatalog: (args, cache) => guessClap(cache, str(args, 'catalogId'), Number(args.numClaps ?? 0), 'Catalog'),
  ...Object.fromEntries(
    Object.entries(EDGE_MUTATIONS).map(([field, { kind, arg, change }]) => [
      field,
      // Nothing cached to move: a guess that writes nothing (the answer will).
      (args: Variables, cache: Cache) => guessEdge(cache, kind, str(args, arg), change) ?? { __typename: 'BadRequest', message: '' },
    ]),
  ),
  addToCatalog: (args) => ({ __typename: 'Catalog', id: str(args, 'catalogId') }),
  removeFromCatalog: (args) => ({ __typename: 'Catalog', id: str(args, 'catalogId') }),
  publishPostThreadedResponse: (args) => ({ __typename: 'Post', id: `optimistic-response-${str(args, 'inResponseToPostId')}` }),
};

export const cacheUpdates: UpdatesConfig = {
  Mutation: {
    ...Object.fromEntries(
      Object.keys(EDGE_MUTATIONS).map((field) => [
        field,
        (result: Data, _args: Variables, cache: Cache) => {
          const answer = (result as Record_)[field];
          if (isEdgeUpdate(answer)) writeEdge(cache, answer);
        },
      ]),
    ),
    addToCatalog: (result, args, cache) => {
      if (((result as Record_).addToCatalog as Record_ | null)?.__typename === 'Catalog') writeListSave(cache, str(args, 'catalogId'), str(args, 'postId'), true);
    },
    removeFromCatalog: (result, args, cache) => {
      if (((result as Record_).removeFromCatalog as Record_ | null)?.__typename === 'Catalog') writeListSave(cache, str(args, 'catalogId'), str(args, 'postId'), false);
    },
    publishPostThreadedResponse: (result, args, cache) => {
      const answer = (result as Record_).publishPostThreadedResponse as Record_ | null;
      // Counted once: as a guess while the call is out, then by the server's answer (the guess's layer is dropped).
      if (answer) countResponse(cache, str(args, 'inResponseToPostId'), 1);
      // The server's answer is a new response: the thread that should hold it is fetched again.
      if (answer && !String(answer.id ?? '').startsWith('optimistic-response-')) refetchRootFields(cache);
    },
  },
};

/** Every root field of the page's queries is fetched again (a list may now hold another entity). */
function refetchRootFields(cache: Cache): void {
  for (const field of cache.inspectFields('Query')) cache.invalidate('Query', field.fieldName, field.arguments ?? undefined);
}

// ── The schema's shape ─────────────────────────────────────────────────────────────────────

type TypeRef = { kind: 'NON_NULL' | 'LIST'; ofType: TypeRef } | { kind: 'SCALAR'; name: string };

function typeRef(wrappers: string): TypeRef {
  if (wrappers.startsWith('N')) return { kind: 'NON_NULL', ofType: typeRef(wrappers.slice(1)) };
  if (wrappers.startsWith('L')) return { kind: 'LIST', ofType: typeRef(wrappers.slice(1)) };
  return { kind: 'SCALAR', name: 'Leaf' };
}

/**
 * The introspection graphcache reads, expanded from the generated compact shape
 * (client/app/cache-schema.ts): with it a fragment on a union (PostResult, ViewerEdgeResult…)
 * matches only its own member types, where graphcache would otherwise guess from the fields.
 */
export function cacheSchema(shape: Readonly<Record<string, string>> = CACHE_SCHEMA_SHAPE): IntrospectionQuery {
  const types = Object.entries(shape).map(([name, text]) =>
    text.startsWith('|')
      ? { kind: 'UNION', name, possibleTypes: text.slice(1).split('|').map((member) => ({ kind: 'OBJECT', name: member })) }
      : {
          kind: 'OBJECT',
          name,
          interfaces: [],
          fields: (text ? text.split(' ') : []).map((field) => {
            const [fieldName, wrappers = ''] = field.split('~');
            return { name: fieldName, type: typeRef(wrappers), args: [] };
          }),
        },
  );
  return {
    __schema: {
      queryType: { name: CACHE_SCHEMA_ROOTS.query },
      mutationType: CACHE_SCHEMA_ROOTS.mutation ? { name: CACHE_SCHEMA_ROOTS.mutation } : null,
      subscriptionType: null,
      types,
    },
  } as unknown as IntrospectionQuery;
}

/**
 * The keys the cache uses: the spec's for the types the schema has; every type without an `id`
 * is stored inside its parent (said explicitly, so graphcache does not warn about each); every
 * other type is keyed by its `id`.
 */
export function cacheKeys(shape: Readonly<Record<string, string>> = CACHE_SCHEMA_SHAPE): KeyingConfig {
  const keys: KeyingConfig = {};
  for (const [name, text] of Object.entries(shape)) {
    if (name === CACHE_SCHEMA_ROOTS.query || name === CACHE_SCHEMA_ROOTS.mutation || text.startsWith('|')) continue;
    const spec = SPEC_KEYS[name];
    if (spec) keys[name] = spec;
    else if (!text.split(' ').some((field) => field === 'id' || field.startsWith('id~'))) keys[name] = () => null;
  }
  return keys;
}

/**
 * Every other mutation: every root field is fetched again when it answered an entity — the
 * document cache's behaviour, kept where no rule above says more (a story deleted or restored, a
 * submission approved, a response hidden: lists that change membership).
 */
export function cacheUpdatesWithDefaults(shape: Readonly<Record<string, string>> = CACHE_SCHEMA_SHAPE): UpdatesConfig {
  const mutation = CACHE_SCHEMA_ROOTS.mutation;
  const explicit = cacheUpdates.Mutation ?? {};
  const fields = mutation ? (shape[mutation] ?? '').split(' ').filter(Boolean).map((field) => field.split('~')[0]!) : [];
  const defaults = Object.fromEntries(
    fields
      .filter((field) => !(field in explicit) && field !== 'clap' && field !== 'clapCatalog')
      .map((field) => [
        field,
        (result: Data, _args: Variables, cache: Cache) => {
          const answer = (result as Record_)[field];
          // The answered entities' fields are already written where every query reads them; what
          // may have changed is which lists hold them (a new list, a deleted story), so every root
          // field is fetched again, as the document cache did. Invalidating the answered entity
          // itself would empty this mutation's own answer: graphcache reads it back from the cache
          // (tests/unit/cache/normalized-cache.test.ts, "a mutation without a rule").
          const items = Array.isArray(answer) ? answer : [answer];
          if (items.some((item) => item && typeof item === 'object' && cache.keyOfEntity(item as Data))) refetchRootFields(cache);
        },
      ]),
  );
  return { ...cacheUpdates, Mutation: { ...defaults, ...explicit } };
}

/** The browser's cache exchange (client/entry.tsx puts it first, before ssrExchange). */
export function normalizedCacheExchange() {
  return cacheExchange({ schema: cacheSchema(), keys: cacheKeys(), updates: cacheUpdatesWithDefaults(), optimistic: optimisticAnswers });
}
