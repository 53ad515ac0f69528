// The cache controllers: the GraphQL queries the cache layer asks, in process, to learn a
// page's subject — whether it exists for this viewer, a story's state, and the ids its tags
// are made of. PostCacheController and TopicCacheController are the spec's
// (docs/product/2-sign-in-notices-cache-routing.md §7); UserCacheController and
// CollectionCacheController are ours, for profile and publication pages. They run with the
// request's own GraphQL context, so they share its per-request loaders with the page's render (a
// render that follows costs no extra query for them).
//
// A controller that answers with errors is logged and skipped
// (docs/product/2-sign-in-notices-cache-routing.md §4.7): the page is then rendered as usual and
// not cached.
import type { RequestContext } from '../context/request-context.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import type { HostContext } from '../host/resolve-host.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import type { EligiblePage } from '../cache/eligibility.ts';
import type { SubjectFacts } from '../cache/rules.ts';
import { publicationCacheTag, HOME_TAG, DISCOVERY_TAG, LISTS_TAG, SITE_TAG, storyCacheTag, topicCacheTag, profileCacheTag } from '../cache/tags.ts';
import { logEvent } from '../lib/log-context.ts';

/**
 * docs/product/2-sign-in-notices-cache-routing.md §7: id → id, isPublished, collection id, creator
 * id (and isSuspended, for the suspended rule; withheldCountries, for the withheld rule).
 */
export const POST_CACHE_CONTROLLER = /* GraphQL */ `
  query PostCacheController($id: ID!) {
    post(id: $id) {
      id
      isPublished
      isSuspended
      withheldCountries
      collection {
        id
      }
      creator {
        id
      }
    }
  }
`;

/**
 * docs/product/2-sign-in-notices-cache-routing.md §7: topicSlug → the tag id (and its canonical
 * slug, which the tag is made of).
 */
export const TOPIC_CACHE_CONTROLLER = /* GraphQL */ `
  query TopicCacheController($topicSlug: String!) {
    topic(slug: $topicSlug) {
      id
      slug
    }
  }
`;

export const USER_CACHE_CONTROLLER = /* GraphQL */ `
  query UserCacheController($id: ID, $username: String) {
    user(id: $id, username: $username) {
      id
    }
  }
`;

export const COLLECTION_CACHE_CONTROLLER = /* GraphQL */ `
  query CollectionCacheController($id: ID, $slug: String) {
    collection(id: $id, slug: $slug) {
      id
    }
  }
`;

/**
 * /collections: the creators of the lists its first page shows (asked for more than the page's
 * 10, so the tags cover the page whatever its size), whose renames, suspension or deletion
 * must purge it.
 */
export const LISTS_CACHE_CONTROLLER = /* GraphQL */ `
  query ListsCacheController {
    publicCatalogsConnection(paging: { limit: 25 }) {
      catalogs {
        creator {
          id
        }
      }
    }
  }
`;

export class CacheControllerError extends Error {
  override name = 'CacheControllerError';
  constructor(
    readonly operation: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs one controller in process; GraphQL errors become a CacheControllerError. */
async function runController<T>(operation: string, text: string, variables: Record<string, unknown>, context: RequestContext): Promise<T> {
  const result = await executeInProcess(text, variables, context);
  if (result.errors?.length) throw new CacheControllerError(operation, result.errors.map((e) => e.message).join('; '));
  return result.data as T;
}

export interface PageSubject {
  facts: SubjectFacts;
  /** The page's cache tags (empty when the subject is not found). */
  tags: string[];
}

const notFound: PageSubject = { facts: { found: false, controllerError: false }, tags: [] };

async function postSubject(postParam: string | undefined, context: RequestContext): Promise<PageSubject> {
  const id = postIdFromParam(postParam ?? '');
  if (!id) return notFound;
  const data = await runController<{
    post: { id: string; isPublished: boolean; isSuspended: boolean; withheldCountries: string[]; collection: { id: string } | null; creator: { id: string } } | null;
  }>('PostCacheController', POST_CACHE_CONTROLLER, { id }, context);
  const post = data.post;
  if (!post) return notFound;
  const tags = [storyCacheTag(post.id), profileCacheTag(post.creator.id)];
  if (post.collection) tags.push(publicationCacheTag(post.collection.id));
  return {
    facts: { found: true, post: { isPublished: post.isPublished, isSuspended: post.isSuspended, isWithheldSomewhere: post.withheldCountries.length > 0 } },
    tags,
  };
}

async function topicSubject(slug: string | undefined, context: RequestContext): Promise<PageSubject> {
  if (!slug) return notFound;
  const data = await runController<{ topic: { id: string; slug: string } | null }>('TopicCacheController', TOPIC_CACHE_CONTROLLER, { topicSlug: slug }, context);
  return data.topic ? { facts: { found: true, post: null }, tags: [topicCacheTag(data.topic.slug)] } : notFound;
}

async function userSubject(host: HostContext, params: Readonly<Record<string, string>>, context: RequestContext): Promise<PageSubject> {
  let id: string | null = null;
  if (host.kind === 'user') id = host.userId;
  else if (params.userId || params.username) {
    const variables = params.userId ? { id: params.userId } : { username: params.username };
    const data = await runController<{ user: { id: string } | null }>('UserCacheController', USER_CACHE_CONTROLLER, variables, context);
    id = data.user?.id ?? null;
  }
  return id ? { facts: { found: true, post: null }, tags: [profileCacheTag(id)] } : notFound;
}

async function collectionSubject(host: HostContext, params: Readonly<Record<string, string>>, context: RequestContext): Promise<PageSubject> {
  let id: string | null = null;
  if (host.kind === 'collection') id = host.collectionId;
  else if (params.collectionId || params.collectionSlug) {
    const variables = params.collectionId ? { id: params.collectionId } : { slug: params.collectionSlug };
    const data = await runController<{ collection: { id: string } | null }>('CollectionCacheController', COLLECTION_CACHE_CONTROLLER, variables, context);
    id = data.collection?.id ?? null;
  }
  return id ? { facts: { found: true, post: null }, tags: [publicationCacheTag(id)] } : notFound;
}

/**
 * What the cache needs to know about an eligible page's subject. Never throws: a controller
 * failure is logged and reported as such (the page is then not cached).
 */
export async function learnSubject(page: EligiblePage, host: HostContext, context: RequestContext): Promise<PageSubject> {
  try {
    switch (page.kind) {
      case 'home':
        return { facts: { found: true, post: null }, tags: [HOME_TAG] };
      // Trending and top stories are a 404 for an unknown mode, topic or day: only a 200 is
      // stored, so the subject is whatever the page found.
      case 'discovery':
        return { facts: { found: true, post: null }, tags: [DISCOVERY_TAG] };
      case 'site':
        return { facts: { found: true, post: null }, tags: [SITE_TAG] };
      case 'lists': {
        const data = await runController<{ publicCatalogsConnection: { catalogs: { creator: { id: string } }[] } }>('ListsCacheController', LISTS_CACHE_CONTROLLER, {}, context);
        const creators = new Set(data.publicCatalogsConnection.catalogs.map((c) => c.creator.id));
        return { facts: { found: true, post: null }, tags: [LISTS_TAG, DISCOVERY_TAG, ...[...creators].map(profileCacheTag)] };
      }
      case 'post':
        return await postSubject(page.params.postId, context);
      case 'topic':
        return await topicSubject(page.params.tagSlug, context);
      case 'user':
        return await userSubject(host, page.params, context);
      case 'collection':
        return await collectionSubject(host, page.params, context);
    }
  } catch (error) {
    const operation = error instanceof CacheControllerError ? error.operation : `${page.kind} controller`;
    logEvent({ event: 'edge_cache_controller_error', operation, route: page.routeName, message: String(error instanceof Error ? error.message : error) }, 'error');
    return { facts: { found: false, controllerError: true }, tags: [] };
  }
}
