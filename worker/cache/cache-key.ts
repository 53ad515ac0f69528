// The cache key of a page: host kind + host + path + the allow-listed query parameters.
//
// - Host: the request's resolved host (the main host, a username subdomain or a live custom
//   domain; unknown hosts never get this far). Headers such as X-Forwarded-Host,
//   X-Original-URL or X-Forwarded-Scheme are never read: they cannot change a key or a page.
// - Path: exactly as the URL parser normalised it (dot segments resolved, percent-escapes
//   kept), so /me/settings%2Fx.css and /me/settings/x.css are different keys — and both are
//   unreachable anyway, because eligibility is by matched route (eligibility.ts).
// - Query: only parameters on the allow-list are kept (sorted, so their order does not
//   split the cache); everything else — source, utm_*, gclid, fbclid, … — is dropped, and
//   a cacheable page is rendered from the same reduced URL, so what a tracking parameter
//   says can never reach a stored page. None of today's eligible screens reads a query
//   parameter, so the list is empty: a screen that starts reading one must add it here.
// - Version: a hash of what every page embeds from the deployment (the client bundle's
//   hashed file names, the global flags, the environment), so a deploy never serves a page
//   that points at a bundle it no longer has.
import type { HostContext } from '../host/resolve-host.ts';

export const CACHE_KEY_QUERY_PARAMS: readonly string[] = [];

/** The URL a cacheable page is keyed and rendered by: the request URL without unlisted parameters. */
export function canonicalPageUrl(url: URL, allowed: readonly string[] = CACHE_KEY_QUERY_PARAMS): URL {
  const canonical = new URL(url.href);
  canonical.hash = '';
  const kept = [...url.searchParams].filter(([name]) => allowed.includes(name));
  kept.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  canonical.search = kept.length ? '?' + new URLSearchParams(kept).toString() : '';
  return canonical;
}

export interface PageKey {
  /** The Cache API request URL (never fetched; it only names the stored copy). */
  url: string;
  /** host kind + host + path + query, without the deployment version (what a URL purge names). */
  address: string;
}

const KEY_PREFIX = '/_/edge-cache/';

/**
 * The key of a page. The key URL lives on the page's own host (so a zone purge by URL or tag
 * reaches it) under a reserved prefix no page route can match.
 */
export function pageKey(host: Pick<HostContext, 'kind' | 'host'>, url: URL, version: string, allowed: readonly string[] = CACHE_KEY_QUERY_PARAMS): PageKey {
  // Without a query the canonical URL has the same path and (empty) query: no copy needed.
  const canonical = url.search === '' ? url : canonicalPageUrl(url, allowed);
  const hostName = host.host.toLowerCase();
  const address = `${host.kind}/${hostName}${canonical.pathname}${canonical.search}`;
  return {
    url: `https://${hostName}${KEY_PREFIX}${version}/${host.kind}${canonical.pathname}${canonical.search}`,
    address,
  };
}

/** A tag naming one address, so a URL purge is a tag purge (the tag index here, the zone purge everywhere). */
export async function addressTag(address: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(address));
  const hex = [...new Uint8Array(digest).slice(0, 12)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `url:${hex}`;
}

/** FNV-1a of the deployment's page-shaping inputs, as 8 hex digits. */
export function deploymentVersion(parts: readonly string[]): string {
  let hash = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    hash ^= ch.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
