// POST /_/upload-url (issue 12 item 2; docs/adr/0093-images-from-an-address.md): a writer's
// image from a remote address. The network is the test's stand-in (useRemoteFetcher) answering
// for public names, since loopback is the only network here; the address checks are the real
// ones, so loopback, private and link-local addresses, ports, http and redirects to any of them
// are refused before the stand-in is ever asked. Oversized answers are abandoned while streaming
// (413), non-images and SVG are refused by content like /_/upload, slow peers time out; nothing
// is stored for a refusal.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { send } from './helpers/edge-cache.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { fetchRemoteImage, useRemoteFetcher, type RemoteFetcher } from '../../worker/uploads/remote-image-fetch.ts';

// A 2×2 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
const MB = 1024 * 1024;

let session: { token: string; xsrf: string };
/** Every address the stand-in network was asked for. */
let asked: string[] = [];
/** Bytes an endless answer had handed out when the reader stopped. */
let streamed = 0;
let restore: (() => void) | undefined;

const internet: RemoteFetcher = async (url) => {
  asked.push(url.href);
  switch (url.href) {
    case 'https://photos.example.org/lake.png':
      return new Response(PNG, { headers: { 'content-type': 'image/png' } });
    case 'https://photos.example.org/moved.png':
      return new Response(null, { status: 301, headers: { location: '/lake.png' } });
    case 'https://photos.example.org/to-metadata':
      return new Response(null, { status: 302, headers: { location: 'https://169.254.169.254/latest/meta-data/' } });
    case 'https://photos.example.org/to-loopback':
      return new Response(null, { status: 302, headers: { location: 'https://127.0.0.1/admin.png' } });
    case 'https://photos.example.org/loop':
      return new Response(null, { status: 302, headers: { location: '/loop' } });
    case 'https://photos.example.org/logo.svg':
      return new Response(SVG, { headers: { 'content-type': 'image/png' } });
    case 'https://photos.example.org/page.png':
      return new Response('<html>not an image</html>', { headers: { 'content-type': 'image/png' } });
    case 'https://photos.example.org/declared-huge.png':
      return new Response(new Uint8Array(16), { headers: { 'content-length': String(2 * MB) } });
    case 'https://photos.example.org/endless.png':
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            streamed += 64 * 1024;
            controller.enqueue(new Uint8Array(64 * 1024));
          },
        }),
      );
    default:
      return new Response('Not found', { status: 404 });
  }
};

beforeAll(async () => {
  await seedWorld(testDb);
  session = await createSession(testDb, USERS.writer);
});

afterEach(() => {
  restore?.();
  asked = [];
  streamed = 0;
});

const storedCount = async () => (await testDb.prepare('SELECT count(*) AS n FROM uploaded_images').first<{ n: number }>())!.n;

function uploadUrl(url: unknown, options: { signedIn?: boolean; xsrf?: boolean; maxMb?: string; raw?: string } = {}) {
  restore = useRemoteFetcher(internet);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.xsrf !== false) headers['x-xsrf-token'] = session.xsrf;
  return send('/_/upload-url', {
    method: 'POST',
    headers,
    ...(options.signedIn === false ? {} : { session: session.token }),
    body: options.raw ?? JSON.stringify({ url }),
    vars: { IMAGE_UPLOAD_MAX_SIZE_MB: options.maxMb ?? '1' },
  });
}

describe('POST /_/upload-url', () => {
  it('stores the image at a public https address, judged by its content, and serves it', async () => {
    const answer = await uploadUrl('https://photos.example.org/lake.png');
    expect(answer.status).toBe(201);
    const image = JSON.parse(answer.text) as { id: string; width: number; contentType: string };
    expect(image).toMatchObject({ width: 2, height: 2, contentType: 'image/png' });
    const row = await testDb.prepare('SELECT uploader_id FROM uploaded_images WHERE id = ?').bind(image.id).first();
    expect(row).toEqual({ uploader_id: USERS.writer });
    const served = await send(`/_/img/v2/resize:fit:1400/${image.id}`);
    expect(served.status).toBe(200);
    expect(served.bytes).toEqual(PNG);
  });

  it('follows a redirect to a public address', async () => {
    const answer = await uploadUrl('https://photos.example.org/moved.png');
    expect(answer.status).toBe(201);
    expect(asked).toEqual(['https://photos.example.org/moved.png', 'https://photos.example.org/lake.png']);
  });

  it.each([
    ['loopback', 'https://127.0.0.1/cat.png'],
    ['localhost', 'https://localhost/cat.png'],
    ['loopback IPv6', 'https://[::1]/cat.png'],
    ['a private network', 'https://192.168.0.10/cat.png'],
    ['link-local cloud metadata', 'https://169.254.169.254/latest/meta-data/'],
    ['plain http', 'http://photos.example.org/lake.png'],
    ['a non-standard port', 'https://photos.example.org:8443/lake.png'],
    ['a file address', 'file:///etc/passwd'],
  ])('refuses %s before connecting', async (_what, address) => {
    const before = await storedCount();
    const answer = await uploadUrl(address);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'ADDRESS_REFUSED' });
    expect(asked).toEqual([]);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['cloud metadata', 'https://photos.example.org/to-metadata'],
    ['loopback', 'https://photos.example.org/to-loopback'],
  ])('refuses a redirect to %s without following it', async (_what, address) => {
    const answer = await uploadUrl(address);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'ADDRESS_REFUSED' });
    expect(asked).toEqual([address]);
  });

  it('gives up on endless redirects', async () => {
    const answer = await uploadUrl('https://photos.example.org/loop');
    expect(answer.status).toBe(502);
    expect(asked.length).toBe(4);
  });

  it('refuses an answer that declares more than the cap without reading it', async () => {
    const answer = await uploadUrl('https://photos.example.org/declared-huge.png');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'TOO_LARGE', message: 'Images can be at most 1 MB.' });
  });

  it('stops reading an endless answer as soon as it passes the cap', async () => {
    const before = await storedCount();
    const answer = await uploadUrl('https://photos.example.org/endless.png');
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text)).toMatchObject({ error: 'TOO_LARGE' });
    // The stream may be a chunk or two ahead of the reader, never much more.
    expect(streamed).toBeGreaterThan(MB);
    expect(streamed).toBeLessThan(MB + 4 * 64 * 1024);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['an SVG with script', 'https://photos.example.org/logo.svg', 415, 'SVG_REFUSED'],
    ['an HTML page named .png', 'https://photos.example.org/page.png', 415, 'NOT_AN_IMAGE'],
    ['a missing image', 'https://photos.example.org/gone.png', 502, 'FETCH_FAILED'],
  ])('refuses %s by what comes back', async (_what, address, status, error) => {
    const before = await storedCount();
    const answer = await uploadUrl(address);
    expect(answer.status).toBe(status);
    expect(JSON.parse(answer.text)).toMatchObject({ error });
    expect(await storedCount()).toBe(before);
  });

  it('refuses signed-out and forged requests, and bodies that are not an address', async () => {
    expect((await uploadUrl('https://photos.example.org/lake.png', { signedIn: false })).status).toBe(401);
    expect((await uploadUrl('https://photos.example.org/lake.png', { xsrf: false })).status).toBe(403);
    expect(asked).toEqual([]);
    expect((await uploadUrl(42)).status).toBe(400);
    expect((await uploadUrl(undefined, { raw: 'not json' })).status).toBe(400);
    expect((await uploadUrl(undefined, { raw: JSON.stringify({ url: `https://photos.example.org/${'a'.repeat(20_000)}` }) })).status).toBe(413);
  });
});

describe('fetchRemoteImage', () => {
  it('times out a peer that never answers, even one that ignores the abort signal', async () => {
    const silent: RemoteFetcher = () => new Promise<Response>(() => {});
    const answer = await fetchRemoteImage('https://photos.example.org/slow.png', { maxBytes: MB, timeoutMs: 20, fetcher: silent });
    expect(answer).toMatchObject({ ok: false, failure: { kind: 'TIMEOUT', status: 504 } });
  });

  it('times out a body that stops flowing', async () => {
    const stalled: RemoteFetcher = async () => new Response(new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array(10)) }));
    const answer = await fetchRemoteImage('https://photos.example.org/stalled.png', { maxBytes: MB, timeoutMs: 20, fetcher: stalled });
    expect(answer).toMatchObject({ ok: false, failure: { kind: 'TIMEOUT' } });
  });
});
