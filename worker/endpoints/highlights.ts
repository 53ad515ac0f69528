// POST /_/p/{postId}/quotes/create (docs/product/3-routes-data-calls-constants.md §2.11): the
// signed-in reader highlights a passage, or with `note` writes a private note on it (with
// `forWriter: true`, left for the story's writer too). A JSON body
// { paragraphName, startOffset, endOffset, note?, forWriter? } of at most 8 KiB, with the session's
// anti-forgery value in x-xsrf-token. Answers 201 with the highlight, 400 for a passage that is
// not in the story as the reader can read it, 401 signed out, 403 without the anti-forgery value,
// 404 for a story the reader cannot see, 413 for a larger body.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { timingSafeEqual } from 'hono/utils/buffer';
import type { Env } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import { createHighlight } from '../highlights/highlights.ts';

const MAX_BODY_BYTES = 8 * 1024;

export function mountHighlightRoutes(app: Hono<{ Bindings: Env }>): void {
  app.post(
    '/_/p/:postId/quotes/create',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => c.json({ error: 'Body too large.' }, 413) }),
    async (c) => {
      const viewer = await resolveViewer(c.env.DB, c.req.raw);
      if (!viewer.user || !viewer.xsrf) return c.json({ error: 'Sign in to highlight.' }, 401);
      const given = c.req.header('x-xsrf-token') ?? '';
      if (!given || !(await timingSafeEqual(given, viewer.xsrf))) return c.json({ error: 'This request did not come from our page.' }, 403);
      const postId = postIdFromParam(c.req.param('postId'));
      if (!postId) return c.json({ error: 'This story does not exist.' }, 404);
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        return c.json({ error: 'Expected a JSON object.' }, 400);
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return c.json({ error: 'Expected a JSON object.' }, 400);
      const outcome = await createHighlight(requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw }), postId, body as Record<string, unknown>);
      if (!outcome.ok) return c.json({ error: outcome.message }, outcome.status);
      const { id, kind, paragraphName, startOffset, endOffset, quote, note, createdAt, forWriter } = outcome.highlight;
      return c.json({ id, kind, paragraphName, startOffset, endOffset, quote, note, createdAt, forWriter: forWriter === 1 }, 201);
    },
  );
}
