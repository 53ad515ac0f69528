// /media/{mediaResourceId} and /media/{mediaResourceId}/href (docs/product/3-routes-data-calls-constants.md
// §7.6, payloads "not shown"; decisions in docs/media-resources.md). A media resource is an
// embed of a story — an IFRAME or MIXTAPE_EMBED paragraph — named by its paragraph id
// `{postId}_{name}` (GraphQL `Paragraph.id`). /media/{id} is the embed as a small document of our
// own, for a frame in our pages or an app's web view: its title, its site and a link out, no
// third-party script. /media/{id}/href sends the browser to the embedded address. Both read the
// story as the viewer may (worker/graphql, `post`): a member-only story's embed past the preview
// is not found for a non-member, like its text.
import type { Hono } from 'hono';
import { html } from 'hono/html';
import type { Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { executeInProcess } from '../graphql/in-process.ts';
import { resolveViewer } from '../session/viewer.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';

const MEDIA_QUERY = /* GraphQL */ `
  query MediaResource($id: ID!) {
    post(id: $id) {
      id
      title
      content {
        bodyModel {
          paragraphs {
            id
            type
            text
            href
          }
        }
      }
    }
  }
`;

interface MediaResource {
  id: string;
  title: string;
  href: URL;
  storyId: string;
  storyTitle: string;
}

interface MediaAnswer {
  post: { id: string; title: string; content: { bodyModel: { paragraphs: { id: string; type: string; text: string; href: string | null }[] } } } | null;
}

const EMBED_TYPES = new Set(['IFRAME', 'MIXTAPE_EMBED']);

/** The embed `{postId}_{name}` names, as the viewer may read it; null when there is none. */
async function mediaResource(env: Env, request: Request, id: string): Promise<MediaResource | null> {
  const match = /^([^_/]+)_([0-9a-f]{1,8})$/i.exec(id);
  const postId = match ? postIdFromParam(match[1]!) : null;
  if (!match || !postId) return null;
  const viewer = await resolveViewer(env.DB, request);
  const result = await executeInProcess(MEDIA_QUERY, { id: postId }, requestContextFor({ db: env.DB, env, viewer }));
  if (result.errors?.length) throw new Error(`media resource: ${result.errors.map((e) => e.message).join('; ')}`);
  const post = (result.data as unknown as MediaAnswer).post;
  const paragraph = post?.content.bodyModel.paragraphs.find((p) => p.id === `${post.id}_${match[2]}` && EMBED_TYPES.has(p.type));
  if (!post || !paragraph?.href) return null;
  let href: URL;
  try {
    href = new URL(paragraph.href);
  } catch {
    return null;
  }
  // Only web addresses leave through here (no javascript:, data:, file:).
  if (href.protocol !== 'https:' && href.protocol !== 'http:') return null;
  return { id: paragraph.id, title: paragraph.text || href.hostname, href, storyId: post.id, storyTitle: post.title };
}

const HEADERS = {
  // The viewer's reading rights decide the answer: kept by no shared cache.
  'cache-control': 'private, max-age=60',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

function notFound(): Response {
  return Response.json({ message: 'This media resource does not exist.', status: 404 }, { status: 404, headers: { 'cache-control': 'no-store' } });
}

export function mountMedia(app: Hono<{ Bindings: Env }>): void {
  app.get('/media/:mediaResourceId/href', async (c) => {
    const media = await mediaResource(c.env, c.req.raw, c.req.param('mediaResourceId'));
    if (!media) return notFound();
    return new Response(null, { status: 302, headers: { ...HEADERS, location: media.href.href } });
  });

  app.get('/media/:mediaResourceId', async (c) => {
    const media = await mediaResource(c.env, c.req.raw, c.req.param('mediaResourceId'));
    if (!media) return notFound();
    const body = await html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${media.title}</title>
    <style>
      body { margin: 0; font: 15px/1.4 system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; color: #242424; background: #fff; }
      a { display: flex; flex-direction: column; gap: 4px; padding: 16px 20px; border: 1px solid #e6e6e6; border-radius: 4px; color: inherit; text-decoration: none; }
      a:hover, a:focus-visible { border-color: #242424; }
      strong { font-size: 16px; overflow-wrap: anywhere; }
      span { color: #6b6b6b; font-size: 13px; overflow-wrap: anywhere; }
    </style>
  </head>
  <body>
    <a href="/media/${media.id}/href" target="_blank" rel="noopener noreferrer" data-story="${media.storyId}">
      <strong>${media.title}</strong>
      <span>${media.href.hostname}</span>
    </a>
  </body>
</html>`;
    return new Response(String(body), {
      headers: {
        ...HEADERS,
        'content-type': 'text/html; charset=utf-8',
        // Our own pages (and an app's web view) may frame it; it runs nothing and loads nothing.
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
      },
    });
  });
}
