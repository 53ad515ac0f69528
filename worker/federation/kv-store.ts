// Fedify's KvStore over D1 (docs/adr/0175-fedify-for-activitypub.md): Fedify keeps its caches
// (remote documents, public keys), inbox idempotence and outbox bookkeeping here. One row per
// key in federation_kv (migrations/0079_federation.sql); a key is the JSON of Fedify's key array,
// so a prefix of keys is a prefix of their JSON, less the closing bracket.
import type { D1Database } from '@cloudflare/workers-types';
import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';

function keyText(key: KvKey): string {
  return JSON.stringify(key);
}

function expiry(options: KvStoreSetOptions | undefined, now: number): number | null {
  const ttl = options?.ttl;
  return ttl ? now + ttl.total('millisecond') : null;
}

export class D1KvStore implements KvStore {
  constructor(
    private readonly db: D1Database,
    private readonly clock: () => number = Date.now,
  ) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db
      .prepare('SELECT value FROM federation_kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)')
      .bind(keyText(key), this.clock())
      .first<{ value: string }>();
    return row ? (JSON.parse(row.value) as T) : undefined;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    await this.db
      .prepare('INSERT INTO federation_kv (key, value, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at')
      .bind(keyText(key), JSON.stringify(value), expiry(options, this.clock()))
      .run();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.prepare('DELETE FROM federation_kv WHERE key = ?').bind(keyText(key)).run();
  }

  /** One statement each way, so two workers racing on a key cannot both win. */
  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    const now = this.clock();
    const text = keyText(key);
    // An expired row counts as absent: drop it first so the insert below can claim the key.
    await this.db.prepare('DELETE FROM federation_kv WHERE key = ? AND expires_at IS NOT NULL AND expires_at <= ?').bind(text, now).run();
    const result =
      expectedValue === undefined
        ? await this.db
            .prepare('INSERT OR IGNORE INTO federation_kv (key, value, expires_at) VALUES (?, ?, ?)')
            .bind(text, JSON.stringify(newValue), expiry(options, now))
            .run()
        : await this.db
            .prepare('UPDATE federation_kv SET value = ?, expires_at = ? WHERE key = ? AND value = ?')
            .bind(JSON.stringify(newValue), expiry(options, now), text, JSON.stringify(expectedValue))
            .run();
    return (result.meta.changes ?? 0) > 0;
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const now = this.clock();
    const statement = prefix
      ? this.db
          .prepare('SELECT key, value FROM federation_kv WHERE (key = ? OR substr(key, 1, ?) = ?) AND (expires_at IS NULL OR expires_at > ?) ORDER BY key')
          .bind(keyText(prefix), keyText(prefix).length, `${keyText(prefix).slice(0, -1)},`, now)
      : this.db.prepare('SELECT key, value FROM federation_kv WHERE expires_at IS NULL OR expires_at > ? ORDER BY key').bind(now);
    const { results } = await statement.all<{ key: string; value: string }>();
    for (const row of results) yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
  }
}
