import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { requestCountry } from '../host/request-country.ts';
import type { ChangeSink } from './changes.ts';

/**
 * What every resolver receives. Free of HTTP framework types: the same context runs
 * behind POST /_/graphql and in-process during server rendering (urql's executeExchange
 * with `schema` and this context).
 */
export interface RequestContext {
  db: D1Database;
  env: Env;
  /** Who is asking (resolved once per request, see worker/session/viewer.ts). */
  viewer: RequestViewer;
  /** Per-request loaders; shared by all operations of one request. */
  loaders: Loaders;
  /** The request's clock (ms): membership periods and similar checks use it. */
  now: number;
  /** The HTTP request behind POST /_/graphql (cookies, client address); absent in server rendering. */
  request?: Request;
  /** Headers the resolvers add to the HTTP response (Set-Cookie of sign-in); absent in server rendering. */
  responseHeaders?: Headers;
  /** The reader's country (ISO 3166-1 alpha-2) or null when unknown: WithheldInCountry reads it. */
  country: string | null;
  /**
   * The client's address for per-address limits, where there is no `request` (server rendering):
   * the search pages' first results count against the limit of the browser's searches.
   */
  clientAddress?: string;
  /** Where writes record what they changed (worker/context/changes.ts). */
  changes: ChangeSink;
}

export interface RequestContextInit {
  db: D1Database;
  env: Env;
  viewer: RequestViewer;
  /** Defaults to Date.now(). */
  now?: number;
  request?: Request;
  responseHeaders?: Headers;
  /** Defaults to the request's country (CF-IPCountry), else null. */
  country?: string | null;
  /** See RequestContext.clientAddress. */
  clientAddress?: string;
  changes: ChangeSink;
}

/** One context per request (never share one across requests: its loaders cache). */
export function createRequestContext({ db, env, viewer, now = Date.now(), request, responseHeaders, country, clientAddress: address, changes }: RequestContextInit): RequestContext {
  return {
    db,
    env,
    viewer,
    loaders: createLoaders(db, viewer),
    now,
    changes,
    country: country !== undefined ? country : request ? requestCountry(request) : null,
    ...(address !== undefined ? { clientAddress: address } : {}),
    ...(request ? { request } : {}),
    ...(responseHeaders ? { responseHeaders } : {}),
  };
}
