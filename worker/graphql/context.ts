import type { D1Database } from '@cloudflare/workers-types';
import type { Env } from '../env.ts';
import type { RequestViewer } from '../session/viewer.ts';
import { createLoaders, type Loaders } from './loaders.ts';

/**
 * What every resolver receives. Free of HTTP framework types: the same context runs
 * behind POST /_/graphql and in-process during server rendering (urql's executeExchange
 * with `schema` and this context).
 */
export interface GraphQLContext {
  db: D1Database;
  env: Env;
  /** Who is asking (resolved once per request, see worker/session/viewer.ts). */
  viewer: RequestViewer;
  /** Per-request loaders; shared by all operations of one request. */
  loaders: Loaders;
  /** The request's clock (ms): membership periods and similar checks use it. */
  now: number;
}

export interface GraphQLContextInit {
  db: D1Database;
  env: Env;
  viewer: RequestViewer;
  /** Defaults to Date.now(). */
  now?: number;
}

/** One context per request (never share one across requests: its loaders cache). */
export function createGraphQLContext({ db, env, viewer, now = Date.now() }: GraphQLContextInit): GraphQLContext {
  return { db, env, viewer, loaders: createLoaders(db, viewer), now };
}
