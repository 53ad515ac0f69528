import type { D1Database, Fetcher } from '@cloudflare/workers-types';

/** Bindings and configuration of the worker (wrangler.toml [vars], secrets and bindings). */
export interface Env {
  DB: D1Database;
  ASSETS: Fetcher;
  /** development | staging | production */
  ENVIRONMENT: string;
  /** Host (with port locally) of the main site, e.g. "localhost:8787" or "vellum.example". */
  MAIN_HOST: string;
  AUTH_DOMAIN: string;
  PRODUCT_NAME: string;
  /** "on" | "off" */
  EDGE_CACHE: string;
  EDGE_CACHE_TTL_SECONDS: string;
  /** Comma-separated feature flags on for everyone. */
  FLAGS: string;
  STATUS_SITE_URL: string;
  /** Secret. Bearer token for POST /_/admin/cache/purge; development falls back to a documented default. */
  ADMIN_PURGE_TOKEN?: string;
  /** Secrets for the zone purge API (production). */
  CF_ZONE_ID?: string;
  CF_API_TOKEN?: string;
}

export function isDevelopment(env: Pick<Env, 'ENVIRONMENT'>): boolean {
  return env.ENVIRONMENT === 'development';
}

/** Global feature flags from configuration. */
export function configuredFlags(env: Pick<Env, 'FLAGS'>): Set<string> {
  return new Set(
    (env.FLAGS ?? '')
      .split(',')
      .map((flag) => flag.trim())
      .filter(Boolean),
  );
}
