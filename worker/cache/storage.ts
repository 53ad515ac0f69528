// Where stored pages live. The cache layer talks to this interface only; the one
// implementation is the Workers Cache API (caches.default), which is what runs both
// locally (workerd/miniflare, the tests) and in production. See docs/adr/0019-edge-cache-on-the-cache-api.md
// for why production uses it rather than Workers Cache (ctx.cache).

/** A stored copy as a lookup reads it. */
export interface StoredCopy {
  /** Its stored headers (read them only: a copy held in memory shares them between reads). */
  headers: Headers;
  /** Its bytes: a Blob when held in memory (a Response made from it shares the bytes), else the stored stream. */
  body: Blob | ReadableStream<Uint8Array> | null;
}

export interface PageStore {
  /** The stored copy under a key, or null. */
  match(key: string): Promise<StoredCopy | null>;
  /** Stores a copy (its headers say how long storage may keep it). */
  put(key: string, response: Response): Promise<void>;
  /** Deletes the copy this data centre holds; true when there was one. */
  delete(key: string): Promise<boolean>;
}

/**
 * A HIT's bytes held in this isolate's memory for a moment (EDGE_CACHE_MEMORY_MS, config.ts):
 * a page read hundreds of times a second is then one Cache API match per moment, not one per
 * read. One map per isolate, shared by every store object, so a put or a delete (a purge,
 * purge.ts) through any of them forgets the held copy at once. Other isolates forget theirs
 * when the moment ends: docs/adr/0021-hot-pages-in-isolate-memory.md gives the bound this adds.
 */
interface HeldCopy {
  /** A Blob: a Response made from it shares its bytes (a Uint8Array body would be copied on every HIT). */
  body: Blob;
  headers: Headers;
  until: number;
}

/** Memory an isolate spends on held copies (its limit is 128 MB), and the largest copy held. */
export const HELD_BYTES_MAX = 16 * 1024 * 1024;
export const HELD_COPY_BYTES_MAX = 1024 * 1024;

const held = new Map<string, HeldCopy>();
let heldBytes = 0;

function forget(key: string): boolean {
  const copy = held.get(key);
  if (!copy) return false;
  held.delete(key);
  heldBytes -= copy.body.size;
  return true;
}

function hold(key: string, copy: HeldCopy): void {
  if (copy.body.size > HELD_COPY_BYTES_MAX) return;
  forget(key);
  held.set(key, copy);
  heldBytes += copy.body.size;
  // The Map keeps insertion order: the oldest copies go first.
  for (const oldest of held.keys()) {
    if (heldBytes <= HELD_BYTES_MAX) break;
    forget(oldest);
  }
}

/** The Cache API store: per data centre, not replicated (purges across data centres go through the zone purge). */
export class CacheApiPageStore implements PageStore {
  /** holdMs: how long a copy read from the Cache API is also served from memory (0: never). */
  constructor(
    private readonly cache: Cache,
    private readonly holdMs = 0,
    private readonly now: () => number = Date.now,
  ) {}

  async match(key: string): Promise<StoredCopy | null> {
    if (this.holdMs > 0) {
      const copy = held.get(key);
      // A Blob is immutable: the held copy stays whole, and no bytes are copied per read.
      if (copy && copy.until > this.now()) return copy;
      if (copy) forget(key);
    }
    const stored = (await this.cache.match(key)) ?? null;
    if (!stored) return null;
    if (this.holdMs <= 0) return { headers: stored.headers, body: stored.body };
    const copy: HeldCopy = { body: await stored.blob(), headers: new Headers(stored.headers), until: this.now() + this.holdMs };
    hold(key, copy);
    return copy;
  }

  async put(key: string, response: Response): Promise<void> {
    forget(key);
    await this.cache.put(new Request(key), response);
  }

  async delete(key: string): Promise<boolean> {
    const wasHeld = forget(key);
    return (await this.cache.delete(new Request(key))) || wasHeld;
  }
}

/** The Workers runtime's default cache (typed here: the DOM lib's CacheStorage has no `default`). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

const defaultStores = new Map<number, PageStore>();

/** The Cache API store of this isolate; with holdMs, HITs are also held in memory that long. */
export function defaultPageStore(holdMs = 0): PageStore {
  let store = defaultStores.get(holdMs);
  if (!store) defaultStores.set(holdMs, (store = new CacheApiPageStore(defaultCache(), holdMs)));
  return store;
}
