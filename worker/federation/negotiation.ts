// Which requests are the fediverse's (docs/adr/0176-federation-before-the-edge-cache.md), decided
// from the request line and the Accept header alone, before the edge cache is consulted: this
// module imports nothing, so the anonymous HIT fast path pays two string tests and never loads
// Fedify.

/** The local fediverse server's path (development only; worker/integrations/fediverse-stand-in.ts). */
export const FEDIVERSE_STAND_IN_PATH = '/_/dev/fediverse';

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

/**
 * The pages whose address is also an actor's (actors.ts, actorIdForProfilePath): a writer's
 * profile and a publication's home. Named by the route name every page answer carries
 * (X-Route-Name, kept by stored copies too), so no lookup is needed.
 */
const PROFILE_ROUTES = new Set(['ShowUser', 'ShowCollectionHome']);

/** The response with Accept added to its Vary header (a copy when its headers are immutable). */
export function withVaryAccept(response: Response): Response {
  const vary = response.headers.get('vary');
  if (vary?.toLowerCase().split(/\s*,\s*/).includes('accept')) return response;
  const value = vary ? `${vary}, Accept` : 'Accept';
  try {
    response.headers.set('vary', value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set('vary', value);
    return copy;
  }
}

/**
 * A profile page's answer (rendered, or the edge cache's HIT) says it depends on Accept: the same
 * address gives an ActivityPub client the actor document, so a cache downstream must not hand
 * one the other's answer. Any other answer is returned as it is.
 */
export function varyProfilePagesOnAccept(response: Response): Response {
  const route = response.headers.get('x-route-name');
  return route && PROFILE_ROUTES.has(route) ? withVaryAccept(response) : response;
}
