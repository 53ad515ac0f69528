// GET /{collectionSlug}/load-more (docs/product/3-routes-data-calls-constants.md §7.6; payload
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
import { LOGGED_OUT } from '../session/viewer.ts';

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

export function mountPublicationLoadMore(app: Hono<{ Bindings: Env }>): void {
  app.get('/:collectionSlug/load-more', loadMore);
}
