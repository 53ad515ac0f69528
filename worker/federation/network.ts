// Every remote document the federation reads (actors, their keys, activities named by id, JSON-LD
// contexts) passes the same address guard as an image fetched from an address
// (worker/uploads/remote-address.ts, docs/adr/0093-images-from-an-address.md): https on the
// standard port to a public name or public IP literal, checked again on every redirect, the body
// read with a running count and abandoned past MAX_DOCUMENT_BYTES, the whole exchange timed.
// Fedify's own loader is not used for the network (docs/adr/0175-fedify-for-activitypub.md).
//
// The network is an adapter: production's is the runtime's fetch(). Tests have no network but
// loopback, so they install a stand-in answering for public names (useFederationNetwork) while
// the address checks stay the real ones.
import { preloadedContexts, type DocumentLoader, type RemoteDocument } from '@fedify/fedify';
import { checkRemoteAddress, type AddressCheck } from '../uploads/remote-address.ts';
import { isDevelopment, mainOrigin, type Env } from '../env.ts';
import { FEDIVERSE_STAND_IN_PATH } from './negotiation.ts';

/**
 * The local fediverse server's addresses (worker/integrations/fediverse-stand-in.ts): in
 * development only, and only under its own path on the main origin, the federation may fetch
 * them and deliver to them though they are loopback http. Production's check is
 * checkRemoteAddress alone: the guard opens for nothing else, and never outside development.
 */

/** The address check of the federation's fetches and deliveries in `env`. */
export function federationAddressCheck(env: Pick<Env, 'ENVIRONMENT' | 'MAIN_HOST'>): (raw: string) => AddressCheck {
  if (!isDevelopment(env)) return checkRemoteAddress;
  const standIn = `${mainOrigin(env)}${FEDIVERSE_STAND_IN_PATH}/`;
  return (raw) => (raw.startsWith(standIn) ? { ok: true, url: new URL(raw) } : checkRemoteAddress(raw));
}

export const MAX_REDIRECTS = 3;
/** A remote actor or activity is a few KiB; a megabyte is far past any honest one. */
export const MAX_DOCUMENT_BYTES = 1024 * 1024;
export const REMOTE_DOCUMENT_TIMEOUT_MS = 10_000;

const ACCEPT = 'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';

/** One request, no redirects followed, cancelled by `signal`. */
export type FederationFetcher = (url: URL, signal: AbortSignal) => Promise<Response>;

const runtimeFetch: FederationFetcher = (url, signal) => fetch(url.href, { method: 'GET', redirect: 'manual', signal, headers: { accept: ACCEPT } });

let current: FederationFetcher = runtimeFetch;

/** The test seam: installs `fetcher` until the returned function is called. */
export function useFederationNetwork(fetcher: FederationFetcher): () => void {
  current = fetcher;
  return () => {
    current = runtimeFetch;
  };
}

export class RemoteDocumentRefused extends Error {}

/** A body read with a running count, abandoned (RemoteDocumentRefused) past `maxBytes`: a remote document or an activity posted to an inbox. */
export async function readCapped(response: Pick<Response, 'headers' | 'body'>, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw new RemoteDocumentRefused(`Remote document too large (${declared} bytes)`);
  }
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new RemoteDocumentRefused(`Remote document too large (over ${maxBytes} bytes)`);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/** Fedify's document loader, guarded: the preloaded JSON-LD contexts, else the network, each address checked by `check`. */
export const documentLoaderWith =
  (check: (raw: string) => AddressCheck): DocumentLoader =>
  async (address: string): Promise<RemoteDocument> => {
  const preloaded = (preloadedContexts as Record<string, unknown>)[address];
  if (preloaded !== undefined) return { contextUrl: null, documentUrl: address, document: preloaded };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REMOTE_DOCUMENT_TIMEOUT_MS);
  try {
    let target = address;
    for (let hop = 0; ; hop++) {
      const checked = check(target);
      if (!checked.ok) throw new RemoteDocumentRefused(`Remote address refused (${checked.reason}): ${target}`);
      const response = await current(checked.url, controller.signal);
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (!location || hop >= MAX_REDIRECTS) throw new RemoteDocumentRefused(`Remote document redirects too often or nowhere: ${address}`);
        target = new URL(location, checked.url).href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new RemoteDocumentRefused(`Remote document answered ${response.status}: ${target}`);
      }
      const text = await readCapped(response, MAX_DOCUMENT_BYTES);
      return { contextUrl: null, documentUrl: checked.url.href, document: JSON.parse(text) as unknown };
    }
  } finally {
    clearTimeout(timer);
  }
};

/** The loader of every deployment but development's (federationAddressCheck). */
export const guardedDocumentLoader: DocumentLoader = documentLoaderWith(checkRemoteAddress);
