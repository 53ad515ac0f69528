// GET /p/notereplies/{replyId} (docs/product/3-routes-data-calls-constants.md §7.6; docs/reader.md
// "Notes for the writer"): a reply in the thread of a note left for the writer, as the NOTE_REPLY
// notification links it. The note's author and the story's writer are sent to the story opened
// at the note's passage (/p/{postId}/notes/{noteId}, ShowPostNote), where the note and its thread
// are shown and the reply is marked; signed out, to sign in and back here; anyone else, and an
// unknown reply, get the 404 page (the page pipeline's, as for any address that names nothing).
// Per viewer: never cached.
import type { Hono } from 'hono';
import { mainOrigin, type Env } from '../env.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { noteReplyById } from '../highlights/note-replies.ts';
import { resolveViewer } from '../session/viewer.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { signInUrl } from '../../shared/urls/auth-urls.ts';

export const NOTE_REPLY_PATH = '/p/notereplies';

export function mountNoteReplies(app: Hono<{ Bindings: Env }>): void {
  app.get(`${NOTE_REPLY_PATH}/:replyId`, async (c, next) => {
    const viewer = await resolveViewer(c.env.DB, c.req.raw);
    const ctx = { hostKind: 'default', mainOrigin: mainOrigin(c.env), hostUsername: null, hostCollectionSlug: null } as const;
    const headers = { 'cache-control': 'private, no-store' };
    if (!viewer.user) {
      const here = new URL(c.req.url);
      return new Response(null, { status: 302, headers: { ...headers, location: signInUrl(ctx, { redirect: here.pathname }) } });
    }
    const found = await noteReplyById(requestContextFor({ db: c.env.DB, env: c.env, viewer, request: c.req.raw }), c.req.param('replyId'));
    // The page pipeline answers what names nothing: the 404 page, telling a stranger nothing more.
    if (!found) return next();
    const location = `${buildLink('ShowPostNote', { postId: found.note.postId, noteId: found.note.id }, ctx)}?reply=${encodeURIComponent(found.reply.id)}`;
    return new Response(null, { status: 302, headers: { ...headers, location } });
  });
}
