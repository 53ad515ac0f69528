// POST /_/upload-url: a signed-in writer's image from a remote address they give (the editor's
// "image from an address"; docs/adr/0093-images-from-an-address.md). Body: {"url": "https://…"}.
// The address is checked (https, standard port, public host), fetched with a size cap and a time
// limit (remote-image-fetch.ts), then judged by its bytes and stored exactly like an upload
// (storeImage). Answers 201 with the stored image, or { error, message } with the refusal's status:
// 400 not an address we fetch, 401 signed out, 403 anti-forgery, 413 too large, 415 not a kept
// image, 502 the address failed, 504 it took too long.
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Env } from '../env.ts';
import { mayMutate } from '../auth/anti-forgery.ts';
import { resolveViewer } from '../session/viewer.ts';
import { imageUploadMaxBytes, storeImage } from '../uploads/image-upload.ts';
import { fetchRemoteImage } from '../uploads/remote-image-fetch.ts';

export const UPLOAD_URL_PATH = '/_/upload-url';
/** The request is one short JSON object; anything bigger is not one. */
const MAX_REQUEST_BYTES = 8 * 1024;

function refusal(status: number, error: string, message: string): Response {
  return Response.json({ error, message }, { status, headers: { 'cache-control': 'no-store' } });
}

export function mountUploadUrl(app: Hono<{ Bindings: Env }>): void {
  app.post(
    UPLOAD_URL_PATH,
    bodyLimit({ maxSize: MAX_REQUEST_BYTES, onError: () => refusal(413, 'TOO_LARGE', 'The request is too large.') }),
    async (c) => {
      const viewer = await resolveViewer(c.env.DB, c.req.raw);
      if (!viewer.user) return refusal(401, 'UNAUTHENTICATED', 'Sign in to upload an image.');
      if (!(await mayMutate(c.req.raw, viewer))) return refusal(403, 'FORBIDDEN', 'Missing or invalid anti-forgery token.');
      let address: unknown;
      try {
        address = ((await c.req.json()) as { url?: unknown } | null)?.url;
      } catch {
        address = undefined;
      }
      if (typeof address !== 'string' || address.length === 0 || address.length > 2048) {
        return refusal(400, 'INVALID_URL', 'Enter the full address of an image, starting with https://.');
      }
      const fetched = await fetchRemoteImage(address, { maxBytes: imageUploadMaxBytes(c.env) });
      if (!fetched.ok) return refusal(fetched.failure.status, fetched.failure.kind, fetched.failure.message);
      const stored = await storeImage(c.env, viewer.user.id, fetched.bytes);
      if (!stored.ok) return refusal(stored.failure.status, stored.failure.kind, stored.failure.message);
      return Response.json(stored.image, { status: 201, headers: { 'cache-control': 'no-store' } });
    },
  );
}
