// Image uploads (issue 12 item 2): POST /_/upload judges a file by its bytes, keeps PNG, JPEG,
// GIF, WebP and AVIF in R2 and serves them at the image CDN's local address; a non-image, an
// SVG (with or without script) and a file past imageUploadMaxSizeMb are refused with clear
// errors; signed-out and forged requests are refused; nothing is stored for a refusal.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { imageUploadMaxBytes } from '../../worker/uploads/image-upload.ts';

const UPLOAD = 'http://localhost:8787/_/upload';
// A 2×2 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const SVG_WITH_SCRIPT = new TextEncoder().encode('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>');

let headers: Record<string, string>;
beforeAll(async () => {
  await seedWorld(testDb);
  const session = await createSession(testDb, USERS.writer);
  headers = { cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf };
});

function form(bytes: Uint8Array, name: string, type: string): FormData {
  const body = new FormData();
  body.append('file', new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return body;
}

const storedCount = async () => (await testDb.prepare('SELECT count(*) AS n FROM uploaded_images').first<{ n: number }>())!.n;

describe('POST /_/upload', () => {
  it('stores an image judged by its content and serves it through the image address', async () => {
    // Named and typed as SVG, but the bytes are a PNG: the bytes decide.
    const response = await workerFetch(UPLOAD, { method: 'POST', headers, body: form(PNG, 'photo.svg', 'image/svg+xml') });
    expect(response.status).toBe(201);
    const image = (await response.json()) as { id: string; width: number; height: number; contentType: string };
    expect(image).toMatchObject({ width: 2, height: 2, contentType: 'image/png' });
    expect(image.id).toMatch(/^[0-9a-f]{24}\.png$/);
    const served = await workerFetch(`http://localhost:8787/_/img/v2/resize:fit:1400/${image.id}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const row = await testDb.prepare('SELECT uploader_id, width, height FROM uploaded_images WHERE id = ?').bind(image.id).first();
    expect(row).toEqual({ uploader_id: USERS.writer, width: 2, height: 2 });
  });

  it.each([
    ['a text file named .png', new TextEncoder().encode('just some text, not an image'), 'notes.png', 'image/png', 415, 'NOT_AN_IMAGE'],
    ['an SVG with script', SVG_WITH_SCRIPT, 'logo.svg', 'image/svg+xml', 415, 'SVG_REFUSED'],
    ['an SVG named .png', SVG_WITH_SCRIPT, 'logo.png', 'image/png', 415, 'SVG_REFUSED'],
    ['an HTML page', new TextEncoder().encode('<html><body onload="alert(1)"></body></html>'), 'page.jpg', 'image/jpeg', 415, 'NOT_AN_IMAGE'],
    ['an empty file', new Uint8Array(0), 'empty.png', 'image/png', 400, 'EMPTY'],
  ])('refuses %s with a clear error and stores nothing', async (_what, bytes, name, type, status, error) => {
    const before = await storedCount();
    const response = await workerFetch(UPLOAD, { method: 'POST', headers, body: form(bytes, name, type) });
    expect(response.status).toBe(status);
    const body = (await response.json()) as { error: string; message: string };
    expect(body.error).toBe(error);
    expect(body.message.length).toBeGreaterThan(10);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a file past imageUploadMaxSizeMb with 413', async () => {
    const max = imageUploadMaxBytes(testEnv);
    const big = new Uint8Array(max + 1);
    big.set(PNG);
    const response = await workerFetch(UPLOAD, { method: 'POST', headers, body: form(big, 'big.png', 'image/png') });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toBe(`Images can be at most ${testEnv.IMAGE_UPLOAD_MAX_SIZE_MB} MB.`);
  });

  it('refuses a signed-out caller and a request without the anti-forgery token', async () => {
    expect((await workerFetch(UPLOAD, { method: 'POST', headers: { 'x-xsrf-token': '1' }, body: form(PNG, 'a.png', 'image/png') })).status).toBe(401);
    expect((await workerFetch(UPLOAD, { method: 'POST', headers: { cookie: headers.cookie! }, body: form(PNG, 'a.png', 'image/png') })).status).toBe(403);
  });

  it('still answers demo image ids with the placeholder', async () => {
    const response = await workerFetch('http://localhost:8787/_/img/v2/resize:fit:200/demo-image.jpeg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('image/svg+xml');
  });
});
