// GET /{collectionSlug}/load-more and /{collectionSlug}/stories/{filterBy}/loadMore (docs/product/3-routes-data-calls-constants.md §7.6; payload
// "not shown", decided in docs/publications.md "Load more"): the next page of a publication's
// stories as JSON, newest first — what its home's "Show more" would add, for clients that page
// without GraphQL (an app, a widget). `?to=` is the cursor the previous answer gave, `?limit=`
// 1–25 (default 10). Only what every reader may see (the same list as /{slug}/latest);
// member-only stories are listed with isLocked and never their text. Public and cacheable for
// a minute: it holds nothing of the viewer.
import type { Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { LOGGED_OUT, resolveViewer } from '../session/viewer.ts';

export const LOAD_MORE_MAX = 25;
const DEFAULT_LIMIT = 10;

const LOAD_MORE_QUERY = /* GraphQL */ `
  query PublicationLoadMore($slug: String!, $paging: PagingOptions) {
    collection(slug: $slug) {
      id
      slug
      name
      postsConnection(paging: $paging) {
        posts {
          id
          title
          subtitle
          mediumUrl
          firstPublishedAt
          latestPublishedAt
          readingTime
          clapCount
          isLocked
          creator {
            name
            username
          }
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
    }
  }
`;

const answer = (body: unknown, status: number, cacheControl = 'no-store') => Response.json(body, { status, headers: { 'cache-control': cacheControl } });

async function loadMore(c: Context<{ Bindings: Env }>, next: () => Promise<void>): Promise<Response | void> {
  const slug = c.req.param('collectionSlug') ?? '';
  const url = new URL(c.req.url);
  // The main host's publications only (a publication's own domain has no slug in its paths); a
  // profile (/@{username}) or a fixed address is not a publication.
  if (url.host !== c.env.MAIN_HOST || slug.startsWith('@') || slug.startsWith('_')) return next();
  const limit = url.searchParams.has('limit') ? Number(url.searchParams.get('limit')) : DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > LOAD_MORE_MAX) return answer({ message: `limit must be between 1 and ${LOAD_MORE_MAX}.`, status: 400 }, 400);
  const to = url.searchParams.get('to');
  const context = requestContextFor({ db: c.env.DB, env: c.env, viewer: LOGGED_OUT });
  const result = await executeInProcess(LOAD_MORE_QUERY, { slug, paging: { limit, ...(to ? { to } : {}) } }, context);
  if (result.errors?.length) {
    // A cursor that is not one of ours is the caller's mistake; anything else is ours.
    if (result.errors.every((e) => e.extensions?.code === 'BAD_REQUEST')) return answer({ message: result.errors[0]!.message, status: 400 }, 400);
    throw new Error(`load-more: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  const collection = (result.data as { collection: { postsConnection: unknown } | null }).collection;
  if (!collection) return answer({ message: 'This publication does not exist.', status: 404 }, 404);
  return answer(collection, 200, 'public, max-age=60');
}

const SUBMISSIONS_QUERY = /* GraphQL */ `
  query PublicationSubmissionsLoadMore($slug: String!) {
    collection(slug: $slug) {
      id
      slug
      name
      viewerIsEditor
      submissions {
        id
        title
        mediumUrl
        latestPublishedAt
        creator {
          name
          username
        }
      }
    }
  }
`;

/** The filters of /{collectionSlug}/stories/{filterBy} that have a next page to load. */
const STORY_FILTERS: ReadonlySet<string> = new Set(['public', 'published', 'submissions']);

/**
 * GET /{collectionSlug}/stories/{filterBy}/loadMore (docs/product/3-routes-data-calls-constants.md
 * §7.6; payload "not shown"): the next page of the publication's stories page as JSON.
 * `public` (or `published`) pages the publication's published stories exactly as /load-more does;
 * `submissions` lists the stories waiting for approval, for its owner and editors only (anyone
 * else gets the 404 the page gives). Never cached: the submissions depend on the viewer.
 */
async function storiesLoadMore(c: Context<{ Bindings: Env }>, next: () => Promise<void>): Promise<Response | void> {
  const slug = c.req.param('collectionSlug') ?? '';
  const url = new URL(c.req.url);
  if (url.host !== c.env.MAIN_HOST || slug.startsWith('@') || slug.startsWith('_')) return next();
  const filterBy = c.req.param('filterBy') ?? '';
  if (!STORY_FILTERS.has(filterBy)) return answer({ message: 'There is no such list of stories.', status: 404 }, 404);
  if (filterBy !== 'submissions') {
    const response = await loadMore(c, next);
    if (response) response.headers.set('cache-control', 'no-store');
    return response;
  }
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  const result = await executeInProcess(SUBMISSIONS_QUERY, { slug }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
  if (result.errors?.length) throw new Error(`stories load-more: ${result.errors.map((e) => e.message).join('; ')}`);
  const collection = (result.data as { collection: { id: string; slug: string; name: string; viewerIsEditor: boolean; submissions: unknown[] } | null }).collection;
  if (!collection || !collection.viewerIsEditor) return answer({ message: 'This publication does not exist.', status: 404 }, 404);
  return answer({ id: collection.id, slug: collection.slug, name: collection.name, submissions: collection.submissions, pagingInfo: { next: null } }, 200);
}

export function mountPublicationLoadMore(app: Hono<{ Bindings: Env }>): void {
  app.get('/:collectionSlug/load-more', loadMore);
  app.get('/:collectionSlug/stories/:filterBy/loadMore', storiesLoadMore);
}
