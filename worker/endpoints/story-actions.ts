// The post-action addresses (docs/product/3-routes-data-calls-constants.md §2.11):
// /_/vote/p/{postId} claps for a story, /_/bookmark/p/{postId} saves it to the reader's Reading
// list. They are links (from emails, feeds, other sites), so:
//   - a visitor is sent to sign in, and comes back to the same address;
//   - a signed-in reader gets a one-button page: GET never changes anything, because a link
//     on another site must not be able to clap or save for the reader (a forged request);
//   - the button POSTs with the session's anti-forgery value, the action runs through the same
//     GraphQL mutations the story page uses (clap, addToCatalog), and the reader lands on
//     the story.
// docs/reader.md, "Vote and bookmark links", says why.
import type { Context, Hono } from 'hono';
import type { Env } from '../env.ts';
import { mainOrigin } from '../env.ts';
import { resolveViewer, type RequestViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { signInUrl } from '../../shared/urls/auth-urls.ts';
import { predefinedListId } from '../../shared/urls/list-urls.ts';
import { escapeHtml } from '../../shared/html.ts';
import { timingSafeEqual } from 'hono/utils/buffer';
import manifest from '../generated/asset-manifest.json' with { type: 'json' };

type Action = 'vote' | 'bookmark';

const POST_QUERY = `query PostActionPost($id: ID!) { post(id: $id) { id title mediumUrl } }`;
const CLAP = `mutation VoteLink($id: ID!) { clap(targetPostId: $id, numClaps: 1) { id } }`;
const SAVE = `mutation BookmarkLink($catalogId: ID!, $id: ID!) { addToCatalog(catalogId: $catalogId, postId: $id) { __typename } }`;

const WORDS: Record<Action, { title: string; button: string }> = {
  vote: { title: 'Clap for this story', button: 'Clap' },
  bookmark: { title: 'Save this story', button: 'Save to Reading list' },
};

interface Story {
  id: string;
  title: string;
  mediumUrl: string;
}

function html(body: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' } });
}

async function storyFor(c: Context<{ Bindings: Env }>, viewer: RequestViewer): Promise<Story | null> {
  const postId = postIdFromParam(c.req.param('postId') ?? '');
  if (!postId) return null;
  const result = await executeInProcess(POST_QUERY, { id: postId }, requestContextFor({ db: c.env.DB, env: c.env, viewer }));
  return (result.data?.post ?? null) as Story | null;
}

function confirmPage(env: Env, action: Action, story: Story, xsrf: string): string {
  const words = WORDS[action];
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    `<title>${escapeHtml(words.title)} | ${escapeHtml(env.PRODUCT_NAME)}</title>` +
    (manifest.css ? `<link rel="stylesheet" href="${manifest.css}">` : '') +
    '</head><body><main class="site-page">' +
    `<h1 class="site-page-heading">${escapeHtml(words.title)}</h1><p><a href="${escapeHtml(story.mediumUrl)}">${escapeHtml(story.title || 'Untitled story')}</a></p>` +
    `<form method="post"><input type="hidden" name="xsrf" value="${escapeHtml(xsrf)}"><button class="button button-dark" type="submit">${escapeHtml(words.button)}</button></form>` +
    '</main></body></html>'
  );
}

function mountAction(app: Hono<{ Bindings: Env }>, action: Action): void {
  const path = `/_/${action}/p/:postId`;
  app.get(path, async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    if (!viewer.user || !viewer.xsrf) {
      const ctx = { hostKind: 'default', mainOrigin: mainOrigin(c.env), hostUsername: null, hostCollectionSlug: null } as const;
      const back = new URL(c.req.url);
      return c.redirect(signInUrl(ctx, { redirect: mainOrigin(c.env) + back.pathname }), 302);
    }
    const story = await storyFor(c, viewer);
    if (!story) return html('<!doctype html><title>Not found</title><p>This story does not exist.</p>', 404);
    return html(confirmPage(c.env, action, story, viewer.xsrf));
  });
  app.post(path, async (c) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    if (!viewer.user || !viewer.xsrf) return c.text('Sign in first.', 401);
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const given = typeof form.xsrf === 'string' ? form.xsrf : (c.req.header('x-xsrf-token') ?? '');
    if (!given || !(await timingSafeEqual(given, viewer.xsrf))) return c.text('This request did not come from our page.', 403);
    const story = await storyFor(c, viewer);
    if (!story) return c.text('This story does not exist.', 404);
    const context = requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw });
    const result =
      action === 'vote'
        ? await executeInProcess(CLAP, { id: story.id }, context)
        : await executeInProcess(SAVE, { id: story.id, catalogId: predefinedListId(viewer.user.id, 'READING_LIST') }, context);
    if (result.errors?.length) return c.text(result.errors[0]?.message ?? 'That did not work.', 400);
    return c.redirect(story.mediumUrl, 303);
  });
}

/**
 * What `clapUrl(type, id)` (shared/urls/story-action-urls.ts) may name: only stories take claps
 * (a response is a story), under the spec's entity name or ours (docs/reader.md, "Vote and
 * bookmark links").
 */
const VOTED_TYPES = new Set(['post', 'story', 'response']);

/** GET and POST /_/vote/p/{postId} and /_/bookmark/p/{postId}; /_/vote/{type}/{id} leads to the first. */
export function mountStoryActionLinks(app: Hono<{ Bindings: Env }>): void {
  mountAction(app, 'vote');
  mountAction(app, 'bookmark');
  // A permanent move, so a link keeps its method (308): a GET still only asks, a POST still claps.
  app.on(['GET', 'POST'], '/_/vote/:type/:id', (c) => {
    if (!VOTED_TYPES.has(c.req.param('type').toLowerCase())) return c.text('Only stories take claps.', 404);
    const url = new URL(c.req.url);
    return c.redirect(`/_/vote/p/${encodeURIComponent(c.req.param('id'))}${url.search}`, 308);
  });
}
