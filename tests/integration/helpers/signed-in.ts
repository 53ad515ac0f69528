// A signed-in caller of /_/graphql for tests of mutations: a fresh session for a user, sent
// as the browser does (the sid cookie and the session's anti-forgery header).
import { createSession } from '../../../worker/session/session-store.ts';
import { GRAPHQL_URL, testDb, workerFetch } from './graphql-client.ts';

export interface Caller {
  /** One operation; the answer's parsed body. */
  gql<T = any>(query: string, variables?: Record<string, unknown>): Promise<{ data?: T; errors?: any[] }>;
}

export async function signedIn(userId: string): Promise<Caller> {
  const session = await createSession(testDb, userId);
  return callerWith({ cookie: `sid=${session.token}`, 'x-xsrf-token': session.xsrf });
}

/** Logged out, with the header our own pages send. */
export const loggedOut: Caller = callerWith({ 'x-xsrf-token': '1' });

function callerWith(extra: Record<string, string>): Caller {
  return {
    async gql(query, variables = {}) {
      const response = await workerFetch(GRAPHQL_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...extra },
        body: JSON.stringify({ query, variables }),
      });
      if (response.status !== 200) throw new Error(`GraphQL answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { data?: any; errors?: any[] };
    },
  };
}
