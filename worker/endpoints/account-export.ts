// "Download my data" (docs/product/3-routes-data-calls-constants.md §2.6: /me/export,
// /me/export/{exportId}; docs/adr/0085-download-my-data.md): a ZIP archive of everything a reader made
// here — profile, every story (structured content as JSON and the same story as Markdown), lists
// and their items — built on request, kept in R2 for a week, fetched only by its owner.
//
//   POST /me/export               signed in + anti-forgery → 201 { id, url, byteSize, storyCount, expiresAt }
//                                 (an archive made in the last 10 minutes is answered again, not rebuilt)
//   GET  /me/export/{exportId}    its owner → 200 application/zip (attachment); anyone else → the 404 page
import type { Context, Hono, Next } from 'hono';
import type { Env } from '../env.ts';
import { mayMutate } from '../auth/anti-forgery.ts';
import { resolveViewer } from '../session/viewer.ts';
import { createExport, EXPORT_MAX_BYTES, EXPORT_PATH, ExportTooLarge, ownArchive } from '../accounts/account-export.ts';

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'private, no-store' } });
}

async function postExport(c: Context<{ Bindings: Env }>): Promise<Response> {
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  if (!viewer.user) return json(401, { error: 'UNAUTHENTICATED', message: 'Sign in to download your data.' });
  if (viewer.isSpoofed) return json(403, { error: 'FORBIDDEN', message: 'A spoofed session cannot download this account’s data.' });
  if (!(await mayMutate(c.req.raw, viewer))) return json(403, { error: 'FORBIDDEN', message: 'Missing or invalid anti-forgery token.' });
  try {
    return json(201, await createExport(c.env, viewer.user.id, Date.now()));
  } catch (error) {
    if (error instanceof ExportTooLarge) {
      return json(413, { error: 'TOO_LARGE', message: `Your archive would be larger than ${EXPORT_MAX_BYTES / 1024 / 1024} MB. Contact support and we'll send it another way.` });
    }
    throw error;
  }
}

async function getExport(c: Context<{ Bindings: Env }>, next: Next): Promise<Response | void> {
  const id = c.req.param('exportId') ?? '';
  if (!/^[0-9a-f]{32}$/.test(id)) return next();
  const viewer = await resolveViewer(c.env.DB, c.req.raw);
  if (!viewer.user || viewer.isSpoofed) return next();
  // Someone else's archive, an expired one or none: the ordinary 404 page, revealing nothing.
  const archive = await ownArchive(c.env, viewer.user.id, id, Date.now());
  if (!archive) return next();
  const { object } = archive;
  const day = new Date(archive.createdAt).toISOString().slice(0, 10);
  return new Response(object.body, {
    headers: {
      'content-type': 'application/zip',
      'content-length': String(object.size),
      'content-disposition': `attachment; filename="vellum-${viewer.user.username.replace(/[^\w-]/g, '')}-${day}.zip"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

export function mountAccountExport(app: Hono<{ Bindings: Env }>): void {
  app.post(EXPORT_PATH, postExport);
  app.get(`${EXPORT_PATH}/:exportId`, getExport);
}
