// Fetching the image a writer names by address (/_/upload-url; docs/adr/0093-images-from-an-address.md).
//
// Every address, the first and each redirect's, passes checkRemoteAddress before it is asked for;
// redirects are followed by hand (at most MAX_REDIRECTS) so none can lead to a private address. The
// body is read with a running count and abandoned as soon as it passes the size cap, so an endless
// or oversized answer is never held whole; the whole exchange has a time limit.
//
// The network is an adapter (RemoteFetcher): production's is the runtime's fetch(). Tests have no
// network but loopback, so they install a stand-in that answers for public names (useRemoteFetcher)
// while the address checks stay the real ones.
import { checkRemoteAddress } from './remote-address.ts';
import { tooLarge, type UploadFailure } from './image-upload.ts';

export const MAX_REDIRECTS = 3;
export const REMOTE_IMAGE_TIMEOUT_MS = 10_000;

/** The network: one request, no redirects followed, cancelled by `signal`. */
export type RemoteFetcher = (url: URL, signal: AbortSignal) => Promise<Response>;

const runtimeFetch: RemoteFetcher = (url, signal) =>
  fetch(url.href, { method: 'GET', redirect: 'manual', signal, headers: { accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9' } });

let current: RemoteFetcher = runtimeFetch;

/** The test seam: installs `fetcher` until the returned function is called. */
export function useRemoteFetcher(fetcher: RemoteFetcher): () => void {
  current = fetcher;
  return () => {
    current = runtimeFetch;
  };
}

export type RemoteFailure =
  | UploadFailure
  | { kind: 'ADDRESS_REFUSED'; status: 400; message: string }
  | { kind: 'FETCH_FAILED'; status: 502; message: string }
  | { kind: 'TIMEOUT'; status: 504; message: string };

export interface RemoteFetchOptions {
  maxBytes: number;
  timeoutMs?: number;
  fetcher?: RemoteFetcher;
}

/** The bytes at `address`, or why they could not be had. */
export async function fetchRemoteImage(address: string, options: RemoteFetchOptions): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; failure: RemoteFailure }> {
  const fetcher = options.fetcher ?? current;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS);
  // Races every wait against the deadline, so a peer (or adapter) that ignores the signal cannot hold the request.
  const deadline = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('timed out'))));
  deadline.catch(() => {});
  const beforeDeadline = <T>(work: Promise<T>) => Promise.race([work, deadline]);
  try {
    let target = address;
    for (let hop = 0; ; hop++) {
      const checked = checkRemoteAddress(target);
      if (!checked.ok) return { ok: false, failure: { kind: 'ADDRESS_REFUSED', status: 400, message: checked.reason } };
      const response = await beforeDeadline(fetcher(checked.url, controller.signal));
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || hop >= MAX_REDIRECTS) return failed('The address redirects too often or nowhere.');
        target = new URL(location, checked.url).href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        return failed(`The address answered ${response.status}.`);
      }
      return await readCapped(response, options.maxBytes, beforeDeadline);
    }
  } catch (error) {
    if (controller.signal.aborted) return { ok: false, failure: { kind: 'TIMEOUT', status: 504, message: 'The address took too long to answer.' } };
    return failed(`The address could not be reached${error instanceof Error ? `: ${error.message}` : ''}.`);
  } finally {
    clearTimeout(timer);
  }
}

function failed(message: string): { ok: false; failure: RemoteFailure } {
  return { ok: false, failure: { kind: 'FETCH_FAILED', status: 502, message } };
}

/** Reads at most `maxBytes`; stops reading (and cancels the stream) as soon as the body passes it. */
async function readCapped(response: Response, maxBytes: number, beforeDeadline: <T>(work: Promise<T>) => Promise<T>): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; failure: RemoteFailure }> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel();
    return { ok: false, failure: tooLarge(maxBytes) };
  }
  if (!response.body) return { ok: true, bytes: new Uint8Array(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await beforeDeadline(reader.read());
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      return { ok: false, failure: tooLarge(maxBytes) };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { ok: true, bytes };
}
