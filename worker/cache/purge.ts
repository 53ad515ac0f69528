// Purging stored pages by tag (and by address). Used by the operators' endpoint
// (admin-purge.ts) and by every write that changes what a cached page shows: call
// purgeTags(env, tags) after the write and before answering.
//
// A purge, in order:
//   1. records the tags in the ledger (D1) at this moment: a render of any of these tags
//      that started before now and is still running will not stay stored (freshness.ts);
//   2. deletes the copies this data centre holds (found through the tag index): the next
//      read here is a MISS;
//   3. with a zone configured (production), asks the zone purge API to drop the tags in
//      every data centre: a cache.zone-purge message on the fan-out queue (worker/queues/,
//      docs/adr/0090-one-fan-out-queue.md) makes that call after the write answers, retried when refused. A HIT reads no ledger, so this call is what reaches copies held
//      elsewhere; if it fails, those copies live out their TTL (docs/adr/0020-purge-by-tag.md).
import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import { resolveHost } from '../host/resolve-host.ts';
import { addressTag, pageKey } from './cache-key.ts';
import { edgeCacheConfig, type EdgeCacheEnv } from './config.ts';
import { CLOCK_SKEW_MARGIN_MS } from './freshness.ts';
import { forgetStoredCopies, keysWithTags, recordInvalidations } from './ledger.ts';
import { defaultPageStore, type PageStore } from './storage.ts';
import { uniqueTags } from './tags.ts';
import { currentDeploymentVersion } from './version.ts';
import { zonePurgerFromEnv, type ZonePurgeReport, type ZonePurger } from './zone-purge.ts';
import { enqueue } from '../queues/producer.ts';
import { logEvent } from '../lib/log-context.ts';

export interface PurgeOptions {
  store?: PageStore;
  /**
   * undefined: from the configuration (CF_ZONE_ID, CF_API_TOKEN), called through the fan-out
   * queue (the report then says queued); null: none; a purger: called here and now.
   */
  zone?: ZonePurger | null;
  now?: number;
}

export interface PurgeReport {
  tags: string[];
  /** Copies deleted in this data centre. */
  localCopiesDeleted: number;
  /** null when no zone is configured; queued when the fan-out queue makes the call. */
  zone: (ZonePurgeReport & { queued?: true }) | null;
}

type PurgeEnv = Pick<Env, 'DB' | 'CF_ZONE_ID' | 'CF_API_TOKEN' | 'EDGE_CACHE_TTL_SECONDS'>;

/** Purges every stored page carrying any of the tags (invalid tags are ignored). */
export async function purgeTags(env: PurgeEnv, tags: Iterable<string>, options: PurgeOptions = {}): Promise<PurgeReport> {
  const list = uniqueTags(tags);
  const report: PurgeReport = { tags: list, localCopiesDeleted: 0, zone: null };
  if (list.length === 0) return report;
  const now = options.now ?? Date.now();
  const { ttlSeconds } = edgeCacheConfig(env as Partial<EdgeCacheEnv>);
  await recordInvalidations(env.DB, list, now, now - ttlSeconds * 1000 - CLOCK_SKEW_MARGIN_MS);

  const store = options.store ?? defaultPageStore();
  const keys = await keysWithTags(env.DB, list);
  const deleted = await Promise.all(keys.map((key) => store.delete(key).catch(() => false)));
  report.localCopiesDeleted = deleted.filter(Boolean).length;
  await forgetStoredCopies(env.DB, keys, now);

  if (options.zone === undefined) {
    if (zonePurgerFromEnv(env)) {
      // Every caller that can have a zone passes the request's whole env (the queue binding with it).
      await enqueue(env as Env, [{ kind: 'cache.zone-purge', tags: list }]);
      report.zone = { calls: 0, ok: true, errors: [], queued: true };
    }
  } else if (options.zone) report.zone = await options.zone.purgeTags(list);
  logEvent({ event: 'edge_cache_purge', ...report });
  return report;
}

export interface UrlTarget {
  url: string;
  /** The address tag every copy of the URL carries; null when the URL names no host we serve. */
  tag: string | null;
  problem?: string;
}

/**
 * The address tags of URLs (what purging a URL purges): the URL's host must be one we serve;
 * its tracking parameters are dropped exactly as the cache key drops them.
 */
export async function urlTargets(env: Env, urls: readonly string[]): Promise<UrlTarget[]> {
  return Promise.all(
    urls.map(async (text): Promise<UrlTarget> => {
      let url: URL;
      try {
        url = new URL(text);
      } catch {
        return { url: text, tag: null, problem: 'not a URL' };
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return { url: text, tag: null, problem: 'not an http(s) URL' };
      const host = await resolveHost(env.DB as D1Database, env, url.host);
      if (!host) return { url: text, tag: null, problem: `host ${url.host} is not served here` };
      const key = pageKey(host, url, currentDeploymentVersion(env));
      return { url: text, tag: await addressTag(key.address) };
    }),
  );
}
