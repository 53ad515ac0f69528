// Helpers of the story-page tests (claps, responses, outcomes): sessions with their
// anti-forgery value, GraphQL calls as the site's own pages make them, and page requests.
import { env } from 'cloudflare:workers';
import { createSession } from '../../../worker/session/session-store.ts';
import { USERS, type PersonKey } from './fixtures.ts';
import { send, type Answer } from './edge-cache.ts';

export interface TestSession {
  token: string;
  xsrf: string;
}

export async function sessionOf(person: PersonKey): Promise<TestSession> {
  const { token, xsrf } = await createSession(env.DB, USERS[person]);
  return { token, xsrf };
}

export interface CallOptions {
  session?: TestSession | null;
  /** The anti-forgery header: the session's by default; null leaves it out. */
  xsrf?: string | null;
}

/** One GraphQL operation through POST /_/graphql. */
export async function call<T = any>(query: string, variables: Record<string, unknown> = {}, options: CallOptions = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const xsrf = options.xsrf === undefined ? (options.session?.xsrf ?? '1') : options.xsrf;
  if (xsrf !== null) headers['x-xsrf-token'] = xsrf;
  const answer = await send('/_/graphql', {
    method: 'POST',
    headers,
    ...(options.session ? { session: options.session.token } : {}),
    body: JSON.stringify({ query, variables }),
  });
  const body = JSON.parse(answer.text) as { data?: T; errors?: { message: string; extensions?: Record<string, unknown> }[] };
  return { ...body, answer };
}

/** A page as a browser gets it (optionally signed in). */
export function page(path: string, session?: TestSession): Promise<Answer> {
  return send(path, session ? { session: session.token } : {});
}

/** The seeded urql cache state of a page (window.__APOLLO_STATE__) as text. */
export function apolloState(html: string): string {
  const match = /window\.__APOLLO_STATE__=(.*?);(?:window\.|<\/script>)/s.exec(html);
  if (!match) throw new Error('no __APOLLO_STATE__ in the page');
  return match[1]!;
}
