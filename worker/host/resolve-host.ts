import type { D1Database } from '@cloudflare/workers-types';
import { isDevelopment, type Env } from '../env.ts';
import { customDomainOfDevelopmentHostname } from '../../shared/urls/site-origin.ts';

/**
 * Which route table a request's host uses, and who owns the host
 * (docs/product/3-routes-data-calls-constants.md §2).
 */
export type HostContext =
  | { kind: 'default'; host: string }
  | { kind: 'user'; host: string; userId: string; username: string; via: 'custom-domain' | 'subdomain' }
  | { kind: 'collection'; host: string; collectionId: string; collectionSlug: string };

/**
 * Host lookups are cached per isolate: a domain going live (or stopping) shows within this
 * time. It is also what lets an edge-cache HIT on a user or publication host make no D1 query
 * (docs/adr/0019-edge-cache-on-the-cache-api.md).
 */
export const HOST_CACHE_TTL_MS = 60_000;
/** Unknown hosts are remembered for less time, so a new domain is picked up quickly. */
export const UNKNOWN_HOST_CACHE_TTL_MS = 10_000;

const hostCache = new Map<string, { value: HostContext | null; expiresAt: number }>();

function hostnameOf(host: string): string {
  return host.replace(/:\d+$/, '').toLowerCase();
}

export function isMainHost(env: Pick<Env, 'MAIN_HOST' | 'ENVIRONMENT'>, host: string): boolean {
  const normalized = host.toLowerCase();
  if (normalized === env.MAIN_HOST.toLowerCase()) return true;
  // Locally the site is also reached as 127.0.0.1 or on another port (tests, benchmarks).
  return isDevelopment(env) && ['localhost', '127.0.0.1'].includes(hostnameOf(normalized));
}

/**
 * The custom domain a host name is looked up as: the name itself, or in development also the
 * domain a `{domain}.localhost` name stands for (docs/adr/0130-custom-domains-in-development.md),
 * so that the demo world's domains open in a stock browser.
 */
export function customDomainOfHostname(env: Pick<Env, 'ENVIRONMENT'>, hostname: string): string {
  return (isDevelopment(env) && customDomainOfDevelopmentHostname(hostname)) || hostname;
}

async function lookupHost(db: D1Database, env: Pick<Env, 'MAIN_HOST' | 'ENVIRONMENT'>, host: string): Promise<HostContext | null> {
  const hostname = customDomainOfHostname(env, hostnameOf(host));
  const mainHostname = hostnameOf(env.MAIN_HOST);
  if (hostname.endsWith(`.${mainHostname}`)) {
    const label = hostname.slice(0, -(mainHostname.length + 1));
    if (!label || label.includes('.')) return null;
    const user = await db
      .prepare('SELECT id, username FROM users WHERE username = ? AND has_subdomain = 1 AND deleted_at IS NULL')
      .bind(label)
      .first<{ id: string; username: string }>();
    return user ? { kind: 'user', host, userId: user.id, username: user.username, via: 'subdomain' } : null;
  }
  const [user, collection] = await db.batch<{ id: string; name: string }>([
    db
      .prepare("SELECT id, username AS name FROM users WHERE custom_domain = ? AND custom_domain_state = 'LIVE' AND deleted_at IS NULL")
      .bind(hostname),
    db.prepare("SELECT id, slug AS name FROM collections WHERE domain = ? AND custom_domain_state = 'LIVE'").bind(hostname),
  ]);
  const userRow = user?.results[0];
  if (userRow) return { kind: 'user', host, userId: userRow.id, username: userRow.name, via: 'custom-domain' };
  const collectionRow = collection?.results[0];
  if (collectionRow) return { kind: 'collection', host, collectionId: collectionRow.id, collectionSlug: collectionRow.name };
  return null;
}

/** The host kind of a request, or null for a host that is neither ours nor a live custom domain. */
export async function resolveHost(db: D1Database, env: Pick<Env, 'MAIN_HOST' | 'ENVIRONMENT'>, host: string, now = Date.now()): Promise<HostContext | null> {
  if (isMainHost(env, host)) return { kind: 'default', host };
  const key = host.toLowerCase();
  const cached = hostCache.get(key);
  if (cached && cached.expiresAt > now) return cached.value;
  const value = await lookupHost(db, env, host);
  hostCache.set(key, { value, expiresAt: now + (value ? HOST_CACHE_TTL_MS : UNKNOWN_HOST_CACHE_TTL_MS) });
  return value;
}

/** Forget cached lookups (a domain changed state). */
export function clearHostCache(): void {
  hostCache.clear();
}
