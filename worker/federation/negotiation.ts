// Which requests are the fediverse's (docs/adr/0176-federation-before-the-edge-cache.md), decided
// from the request line and the Accept header alone, before the edge cache is consulted: this
// module imports nothing, so the anonymous HIT fast path pays two string tests and never loads
// Fedify.

/** Paths that only the federation answers. */
const FEDERATION_PREFIXES = ['/.well-known/webfinger', '/.well-known/nodeinfo', '/nodeinfo/', '/ap/'];

/** The path of a request URL, without parsing it (the fast path parses it once, later). */
function pathOf(url: string): string {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start < 0) return '/';
  const end = url.slice(start).search(/[?#]/);
  return end < 0 ? url.slice(start) : url.slice(start, start + end);
}

/**
 * Whether the client asks for ActivityPub JSON: application/activity+json, or application/ld+json
 * with the ActivityStreams profile (the two forms ActivityPub §3.2 names). A browser's Accept
 * (text/html and the wildcard) never matches, so it gets the page.
 */
export function acceptsActivityJson(accept: string | null): boolean {
  if (!accept) return false;
  const lower = accept.toLowerCase();
  if (lower.includes('application/activity+json')) return true;
  return lower.includes('application/ld+json') && lower.includes('https://www.w3.org/ns/activitystreams');
}

export type FederationRoute = 'endpoint' | 'negotiated' | null;

/**
 * 'endpoint': a federation address (answered whatever the Accept); 'negotiated': any other GET or
 * HEAD asking for ActivityPub JSON (a profile's address answers with its actor, anything else
 * goes on to the page); null: not the federation's.
 */
export function federationRoute(request: Request): FederationRoute {
  const path = pathOf(request.url);
  if (FEDERATION_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'endpoint';
  if ((request.method === 'GET' || request.method === 'HEAD') && acceptsActivityJson(request.headers.get('accept'))) return 'negotiated';
  return null;
}
