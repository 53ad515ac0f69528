// Edge-cache configuration, read from the worker's vars and secrets (see docs/adr/0019-edge-cache-on-the-cache-api.md and docs/adr/0024-cache-key-and-lifetime.md).
//
//   EDGE_CACHE "on" | "off": whether the cache is in use at all
//   (docs/product/2-sign-in-notices-cache-routing.md §4.7). EDGE_CACHE_TTL_SECONDS freshness
//   lifetime of a stored page (default 300). EDGE_CACHE_STALE_SECONDS how long past its freshness a
//   copy is kept in storage; such a
//                              copy is never served: it is found, reported EXPIRED and replaced
//                              by a fresh render (default 86400). 0 lets storage drop it at once.
//   EDGE_CACHE_EXPERIMENT      the cache experiment split, "enabled" (default), one group name, or
//                              weights like "enabled:90,disabled:10" (see experiment.ts).
//   INTERNAL_IP_RANGES         comma-separated CIDR blocks or addresses whose visitors are
//                              internal (is_internal_ip): always rendered fresh (default: none).
//   EDGE_CACHE_LOG_HITS        "on" | "off": whether a HIT writes its decision line (default off).
//                              HITs are most page requests and their line says nothing their
//                              response does not (every rule passed; the tags are in Cache-Tag),
//                              while writing it is a measurable share of a HIT's CPU
//                              (bench/edge-cache.bench.mjs). Every other status always logs.
//   EDGE_CACHE_MEMORY_MS       how long a HIT's bytes are also held in the isolate's memory
//                              (storage.ts; default 0: not held). The deployed configuration
//                              holds them 1000 ms: a hot page costs one Cache API match a
//                              second, and a purge reaches other isolates' memory that much later.
//   ADMIN_PURGE_TOKEN          secret: bearer token of POST /_/admin/cache/purge.
//   CF_ZONE_ID, CF_API_TOKEN   secrets: with both set, purges also call the zone purge API.
import type { Env } from '../env.ts';

/** The vars this module reads beyond the foundation's Env (all optional: defaults below). */
export interface EdgeCacheEnv extends Env {
  EDGE_CACHE_STALE_SECONDS?: string;
  EDGE_CACHE_EXPERIMENT?: string;
  INTERNAL_IP_RANGES?: string;
  EDGE_CACHE_LOG_HITS?: string;
  EDGE_CACHE_MEMORY_MS?: string;
}

export const DEFAULT_TTL_SECONDS = 300;
export const DEFAULT_STALE_SECONDS = 86_400;
/** The longest EDGE_CACHE_MEMORY_MS honoured. */
export const MEMORY_HOLD_MS_MAX = 5_000;

export interface EdgeCacheConfig {
  inUse: boolean;
  ttlSeconds: number;
  staleSeconds: number;
  experiment: string;
  internalIpRanges: string;
  logHits: boolean;
  /** How long a HIT's bytes stay in isolate memory (ms; 0: not held). */
  memoryHoldMs: number;
}

function seconds(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? Math.floor(parsed) : fallback;
}

const parsedConfigs = new WeakMap<object, EdgeCacheConfig>();

/** edgeCacheConfig, parsed once per bindings object (one per isolate in production). */
export function edgeCacheConfigOf(env: Partial<EdgeCacheEnv>): EdgeCacheConfig {
  let config = parsedConfigs.get(env);
  if (!config) parsedConfigs.set(env, (config = edgeCacheConfig(env)));
  return config;
}

export function edgeCacheConfig(env: Partial<EdgeCacheEnv>): EdgeCacheConfig {
  return {
    inUse: (env.EDGE_CACHE ?? 'off').trim().toLowerCase() === 'on',
    ttlSeconds: seconds(env.EDGE_CACHE_TTL_SECONDS, DEFAULT_TTL_SECONDS),
    staleSeconds: seconds(env.EDGE_CACHE_STALE_SECONDS, DEFAULT_STALE_SECONDS),
    experiment: env.EDGE_CACHE_EXPERIMENT ?? '',
    internalIpRanges: env.INTERNAL_IP_RANGES ?? '',
    logHits: (env.EDGE_CACHE_LOG_HITS ?? 'off').trim().toLowerCase() === 'on',
    // A few seconds at most: memory is never purged in other isolates.
    memoryHoldMs: Math.min(seconds(env.EDGE_CACHE_MEMORY_MS, 0), MEMORY_HOLD_MS_MAX),
  };
}
