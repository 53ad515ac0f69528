// GET /{collectionSlug}/{topicSlug}/edit (docs/product/3-routes-data-calls-constants.md §2.7): the
// editor of one of a publication's feature pages. The route table shares this shape with story
// editing (/{collectionSlug}/{postId}/edit), which keeps it; a last segment that is no story id
// but one of the publication's feature pages leads to where feature pages are edited,
// /{collectionSlug}/settings/feature-pages (docs/publications.md "Feature pages"), which answers
// its editors and is a 404 for anyone else. Anything else goes on to the page pipeline.
import type { Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { featurePagePublicationSlug } from '../publications/publication-design.ts';

async function featurePageEdit(c: Context<{ Bindings: Env }>, next: () => Promise<void>): Promise<Response | void> {
  const { collectionSlug = '', topicSlug = '' } = c.req.param();
  const url = new URL(c.req.url);
  if (url.host !== c.env.MAIN_HOST || collectionSlug.startsWith('@') || collectionSlug.startsWith('_') || postIdFromParam(topicSlug)) return next();
  const slug = await featurePagePublicationSlug(c.env.DB, collectionSlug, topicSlug);
  if (slug === null) return next();
  return new Response(null, { status: 302, headers: { location: `/${encodeURIComponent(slug)}/settings/feature-pages`, 'cache-control': 'no-store' } });
}

export function mountFeaturePageEdit(app: Hono<{ Bindings: Env }>): void {
  app.get('/:collectionSlug/:topicSlug/edit', featurePageEdit);
}
