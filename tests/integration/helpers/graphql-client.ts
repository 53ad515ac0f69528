// The worker and its D1 as integration tests see them, and a small GraphQL caller.
// (The only import of 'cloudflare:workers' in these tests: tsc needs the workers test
// types configured to resolve it, as for tests/integration/health.test.ts.)
import type { D1Database } from '@cloudflare/workers-types';
import { env, exports } from 'cloudflare:workers';
import type { Env } from '../../../worker/env.ts';

/** The worker's bindings in this test file's storage (migrated by setup.ts). */
export const testEnv = env as unknown as Env;
export const testDb: D1Database = testEnv.DB;

export const GRAPHQL_URL = 'http://localhost:8787/_/graphql';

/** Calls the worker itself (no network), as a browser would. */
export function workerFetch(url: string, init?: RequestInit): Promise<Response> {
  return (exports as unknown as { default: { fetch(url: string, init?: RequestInit): Promise<Response> } }).default.fetch(url, init);
}

export interface GraphQLCall {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface GraphQLAnswer<T = any> {
  status: number;
  headers: Headers;
  /** The raw response text (for "never contains" checks). */
  text: string;
  body: T;
}

/** POSTs a JSON body (one operation, a batch, or anything else) to /_/graphql. */
export async function postGraphQL<T = any>(payload: unknown, options: { sessionToken?: string; rawBody?: string } = {}): Promise<GraphQLAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.sessionToken) headers.cookie = `sid=${options.sessionToken}`;
  const response = await workerFetch(GRAPHQL_URL, {
    method: 'POST',
    headers,
    body: options.rawBody ?? JSON.stringify(payload),
  });
  const text = await response.text();
  let body: T;
  try {
    body = JSON.parse(text) as T;
  } catch {
    body = undefined as T;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** One operation; fails the test loudly on transport errors. */
export async function graphql<T = any>(query: string, variables: Record<string, unknown> = {}, sessionToken?: string) {
  // errors stay loosely typed: tests index into them after asserting they exist.
  const answer = await postGraphQL<{ data?: T; errors?: any }>(
    { query, variables },
    { sessionToken },
  );
  if (answer.status !== 200) throw new Error(`GraphQL answered ${answer.status}: ${answer.text}`);
  return { ...answer.body, text: answer.text, headers: answer.headers };
}
