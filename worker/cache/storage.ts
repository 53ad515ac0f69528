// Where stored pages live. The cache layer talks to this interface only; the one
// implementation is the Workers Cache API (caches.default), which is what runs both
// locally (workerd/miniflare, the tests) and in production. See docs/adr/0001-edge-cache.md
// for why production uses it rather than Workers Cache (ctx.cache).

export interface PageStore {
  /** The stored copy under a key, or null. */
  match(key: string): Promise<Response | null>;
  /** Stores a copy (its headers say how long storage may keep it). */
  put(key: string, response: Response): Promise<void>;
  /** Deletes the copy this data centre holds; true when there was one. */
  delete(key: string): Promise<boolean>;
}

/** The Cache API store: per data centre, not replicated (purges across data centres go through the zone purge). */
export class CacheApiPageStore implements PageStore {
  constructor(private readonly cache: Cache) {}

  async match(key: string): Promise<Response | null> {
    return (await this.cache.match(key)) ?? null;
  }

  async put(key: string, response: Response): Promise<void> {
    await this.cache.put(new Request(key), response);
  }

  async delete(key: string): Promise<boolean> {
    return this.cache.delete(new Request(key));
  }
}

/** The Workers runtime's default cache (typed here: the DOM lib's CacheStorage has no `default`). */
function defaultCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

let defaultStore: PageStore | null = null;

export function defaultPageStore(): PageStore {
  return (defaultStore ??= new CacheApiPageStore(defaultCache()));
}
