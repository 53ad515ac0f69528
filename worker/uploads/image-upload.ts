// Storing an uploaded image (issue 12 item 2): the shared module for every upload of the
// product (story images here; profile photos and publication avatars use storeImage too).
//
// An upload is judged by its bytes, never by its name or declared type: image-size reads the
// format and dimensions from the content (magic bytes and headers). Only raster formats the
// browsers show are kept: PNG, JPEG, GIF, WebP, AVIF. SVG is refused: it is a document that can
// carry script, and no sanitiser is worth serving it from our origin. Oversized bodies are
// refused before they are read whole (imageUploadMaxSizeMb, 413).
//
// The bytes go to R2 under the image id; a row in uploaded_images records who uploaded what.
// Ids have the shape the image URL builders take (shared/urls/image-urls.ts): {hex}.{ext}.
import { imageSize } from 'image-size';
import { orm } from '../db/orm.ts';
import { uploadedImages } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { newId } from '../lib/ids.ts';

export const DEFAULT_IMAGE_UPLOAD_MAX_SIZE_MB = 25;
/** Largest side we accept, in pixels: bigger images are decompression bombs, not photographs. */
export const MAX_IMAGE_SIDE = 20_000;

const KEPT_TYPES: Record<string, { contentType: string; ext: string }> = {
  png: { contentType: 'image/png', ext: 'png' },
  jpg: { contentType: 'image/jpeg', ext: 'jpeg' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  heif: { contentType: 'image/avif', ext: 'avif' },
};

export type UploadFailure =
  | { kind: 'TOO_LARGE'; status: 413; message: string }
  | { kind: 'NOT_AN_IMAGE'; status: 415; message: string }
  | { kind: 'SVG_REFUSED'; status: 415; message: string }
  | { kind: 'EMPTY'; status: 400; message: string };

export interface StoredImage {
  id: string;
  contentType: string;
  width: number;
  height: number;
  byteSize: number;
}

export function imageUploadMaxBytes(env: Pick<Env, 'IMAGE_UPLOAD_MAX_SIZE_MB'>): number {
  const mb = Number(env.IMAGE_UPLOAD_MAX_SIZE_MB);
  return Math.round((Number.isFinite(mb) && mb > 0 ? mb : DEFAULT_IMAGE_UPLOAD_MAX_SIZE_MB) * 1024 * 1024);
}

export function tooLarge(maxBytes: number): UploadFailure {
  return { kind: 'TOO_LARGE', status: 413, message: `Images can be at most ${Math.round(maxBytes / 1024 / 1024)} MB.` };
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 1024)).trimStart().toLowerCase();
  return head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg')) || head.includes('<svg');
}

/** What the bytes are, or why they are refused. */
export function inspectImage(bytes: Uint8Array, maxBytes: number): { ok: true; contentType: string; ext: string; width: number; height: number } | { ok: false; failure: UploadFailure } {
  if (bytes.byteLength === 0) return { ok: false, failure: { kind: 'EMPTY', status: 400, message: 'The file is empty.' } };
  if (bytes.byteLength > maxBytes) return { ok: false, failure: tooLarge(maxBytes) };
  const notImage: UploadFailure = { kind: 'NOT_AN_IMAGE', status: 415, message: 'This file is not an image we can use: upload a PNG, JPEG, GIF, WebP or AVIF image.' };
  let size: ReturnType<typeof imageSize>;
  try {
    size = imageSize(bytes);
  } catch {
    return { ok: false, failure: looksLikeSvg(bytes) ? svgRefused() : notImage };
  }
  if (size.type === 'svg' || looksLikeSvg(bytes)) return { ok: false, failure: svgRefused() };
  const kept = size.type ? KEPT_TYPES[size.type] : undefined;
  const { width, height } = size;
  if (!kept || !width || !height || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE) return { ok: false, failure: notImage };
  return { ok: true, ...kept, width, height };
}

function svgRefused(): UploadFailure {
  return { kind: 'SVG_REFUSED', status: 415, message: 'SVG images are not accepted: upload a PNG, JPEG, GIF, WebP or AVIF image.' };
}

/** Checks and stores an image for an uploader. */
export async function storeImage(
  env: Pick<Env, 'DB' | 'IMAGES' | 'IMAGE_UPLOAD_MAX_SIZE_MB'>,
  uploaderId: string,
  bytes: Uint8Array,
  now = Date.now(),
): Promise<{ ok: true; image: StoredImage } | { ok: false; failure: UploadFailure }> {
  const inspected = inspectImage(bytes, imageUploadMaxBytes(env));
  if (!inspected.ok) return inspected;
  const id = `${newId()}${newId()}.${inspected.ext}`;
  await env.IMAGES.put(id, bytes, { httpMetadata: { contentType: inspected.contentType, cacheControl: 'public, max-age=31536000, immutable' } });
  await orm(env.DB).insert(uploadedImages).values({
    id,
    uploaderId,
    contentType: inspected.contentType,
    byteSize: bytes.byteLength,
    width: inspected.width,
    height: inspected.height,
    createdAt: now,
  });
  return { ok: true, image: { id, contentType: inspected.contentType, width: inspected.width, height: inspected.height, byteSize: bytes.byteLength } };
}

/** An uploaded image's bytes, or null (ids that are not uploads: the placeholder answers them). */
export async function uploadedImage(env: Pick<Env, 'IMAGES'>, id: string): Promise<Response | null> {
  if (!/^[0-9a-f]{24}\.(png|jpeg|gif|webp|avif)$/.test(id)) return null;
  const object = await env.IMAGES.get(id);
  if (!object) return null;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  // Served from our origin: never sniffed as anything but the image it is, never a document.
  headers.set('x-content-type-options', 'nosniff');
  headers.set('content-security-policy', "default-src 'none'; sandbox");
  return new Response(object.body, { headers });
}
