// Answering the fediverse (docs/adr/0176-federation-before-the-edge-cache.md): worker/index.ts
// hands every request federationRoute (negotiation.ts) picks to answerFederation, before the edge
// cache, and loads this module (and Fedify) only then.
//
// Nothing answered here is ever stored by the edge cache or taken from it: a profile's address
// asked for ActivityPub JSON gets the actor document, asked for HTML gets the page, and neither
// can be served for the other. Every answer carries Vary: Accept for the caches downstream.
import type { Env } from '../env.ts';
import type { RequestContext } from '../context/request-context.ts';
import { resolveHost } from '../host/resolve-host.ts';
import { actorIdForProfilePath } from './actors.ts';
import { ACTOR_PATH, federationFor } from './federation.ts';
import { gateInbox } from './inbox-gate.ts';
import { withVaryAccept, type FederationRoute } from './negotiation.ts';

/** An inbox: the shared one, or an actor's (its identifier). */
const INBOX_PATH = /^\/ap\/(?:inbox|actors\/([^/]+)\/inbox)\/?$/;

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

/** The federation's answer, or null: not a profile's address, the page answers. */
export async function answerFederation(
  request: Request,
  env: Env,
  route: Exclude<FederationRoute, null>,
  /** Opens a signed-out request context for what an inbox listener writes (worker/index.ts gives it). */
  openContext?: () => Promise<RequestContext>,
): Promise<Response | null> {
  const url = new URL(request.url);
  const host = await resolveHost(env.DB, env, request.headers.get('host') ?? url.host);
  if (!host) return route === 'endpoint' ? notFound() : null;
  let forwarded = request;
  if (route === 'negotiated') {
    const identifier = await actorIdForProfilePath(env.DB, host, url.pathname);
    if (!identifier) return null;
    forwarded = new Request(new URL(ACTOR_PATH.replace('{identifier}', encodeURIComponent(identifier)), url.origin), request);
  }
  // Every activity passes the inbox gate before Fedify verifies or handles it (inbox-gate.ts).
  const inbox = request.method === 'POST' ? INBOX_PATH.exec(url.pathname) : null;
  if (inbox) {
    const gated = await gateInbox(request, env, inbox[1] ? decodeURIComponent(inbox[1]) : null);
    if (gated instanceof Response) return withVaryAccept(gated);
    forwarded = gated;
  }
  const response = await federationFor(env).fetch(forwarded, {
    contextData: { env, host, ...(openContext ? { openContext } : {}) },
    onNotFound: notFound,
    onNotAcceptable: () => new Response('Not acceptable', { status: 406, headers: { 'cache-control': 'no-store' } }),
  });
  return withVaryAccept(response);
}
