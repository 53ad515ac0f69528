// POST /_/upload: a signed-in writer's image, as the raw body or as the "file" field of a
// multipart form (the editor's paste, drop and pick). Answers 201 with the stored image's id and
// size, or the refusal's status (400 empty, 401 signed out, 403 anti-forgery, 413 too large,
// 415 not a kept image) with { error, message }. The body is capped while it is read, so an
// oversized upload is refused without being held whole.
//
// GET /_/img/v2/{operations}/{id}: an uploaded image's bytes (the local image CDN; resizing is
// the CDN's job in production), else the generated placeholder of demo ids.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { mayMutate } from '../auth/anti-forgery.ts';
import { placeholderImage } from '../images/placeholder-image.ts';
import { decodeSegment } from '../../shared/routing/pattern.ts';
import { resolveViewer } from '../session/viewer.ts';
import { imageUploadMaxBytes, storeImage, tooLarge, uploadedImage } from '../uploads/image-upload.ts';

export const UPLOAD_PATH = '/_/upload';
/** Room for the multipart envelope around the file. */
const MULTIPART_OVERHEAD = 64 * 1024;

function refusal(status: number, error: string, message: string): Response {
  return Response.json({ error, message }, { status, headers: { 'cache-control': 'no-store' } });
}

export function mountUploads(app: Hono<{ Bindings: Env }>): void {
  app.post(
    UPLOAD_PATH,
    async (c, next) => {
      const max = imageUploadMaxBytes(c.env) + MULTIPART_OVERHEAD;
      return bodyLimit({ maxSize: max, onError: () => refusal(413, 'TOO_LARGE', tooLarge(imageUploadMaxBytes(c.env)).message) })(c, next);
    },
    async (c) => {
      const viewer = await resolveViewer(c.env.DB, c.req.raw);
      if (!viewer.user) return refusal(401, 'UNAUTHENTICATED', 'Sign in to upload an image.');
      if (!(await mayMutate(c.req.raw, viewer))) return refusal(403, 'FORBIDDEN', 'Missing or invalid anti-forgery token.');
      let bytes: Uint8Array;
      if ((c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
        // A malformed form (no boundary, a broken part) is the sender's error, not ours.
        const form = await c.req.formData().catch(() => null);
        if (!form) return refusal(400, 'BAD_REQUEST', 'The upload is not a well-formed multipart form.');
        const file = form.get('file');
        if (!file || typeof file === 'string') return refusal(400, 'EMPTY', 'Choose an image to upload.');
        bytes = new Uint8Array(await file.arrayBuffer());
      } else {
        bytes = new Uint8Array(await c.req.arrayBuffer());
      }
      const stored = await storeImage(c.env, viewer.user.id, bytes);
      if (!stored.ok) return refusal(stored.failure.status, stored.failure.kind, stored.failure.message);
      return Response.json(stored.image, { status: 201, headers: { 'cache-control': 'no-store' } });
    },
  );
  app.get('/_/img/v2/*', async (c) => {
    const path = new URL(c.req.url).pathname.slice('/_/img/v2/'.length);
    const id = decodeSegment(path.split('/').pop() ?? '');
    if (id === null) return refusal(400, 'BAD_REQUEST', 'The image address has a malformed %-escape.');
    return (await uploadedImage(c.env, id)) ?? placeholderImage(path);
  });
}
