import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestDatabase, withBookmarkCookie } from '../session/request-database.ts';
import type { Env } from '../env.ts';
import { resolveViewer } from '../session/viewer.ts';
import { requestContextFor } from '../consequences/consequences.ts';
import { graphQLBodyTooLarge, graphQLMethodNotAllowed, handleGraphQLRequest } from './http.ts';
import { GRAPHQL_MAX_BODY_BYTES } from './limits.ts';

/** Response header: D1 statements the request ran (the session lookup included). */
export const D1_QUERY_COUNT_HEADER = 'x-d1-queries';

/**
 * Mounts the GraphQL endpoint: POST /_/graphql, its body refused over
 * GRAPHQL_MAX_BODY_BYTES before anything else is read; any other method gets 405.
 */
export function mountGraphQL(app: Hono<{ Bindings: Env }>): void {
  const limit = bodyLimit({ maxSize: GRAPHQL_MAX_BODY_BYTES, onError: () => graphQLBodyTooLarge(GRAPHQL_MAX_BODY_BYTES) });
  app.post('/_/graphql', limit, async (c) => {
    // The request's D1 session: replica reads, the reader's own writes always seen (worker/session/request-database.ts).
    const database = requestDatabase(c.env.DB, c.req.raw);
    const { d1 } = database;
    const viewer = await resolveViewer(d1.db, c.req.raw);
    const responseHeaders = new Headers();
    const context = requestContextFor({ db: d1.db, env: c.env, viewer, request: c.req.raw, responseHeaders });
    const response = await handleGraphQLRequest(c.req.raw, context);
    // What resolvers asked to send (the session cookie of a sign-in).
    responseHeaders.forEach((value, name) => {
      if (name !== 'set-cookie') response.headers.set(name, value);
    });
    for (const cookie of responseHeaders.getSetCookie()) response.headers.append('set-cookie', cookie);
    response.headers.set(D1_QUERY_COUNT_HEADER, String(d1.count()));
    response.headers.set('x-d1-rows-read', String(d1.rowsRead()));
    return withBookmarkCookie(response, database);
  });
  app.all('/_/graphql', (c) => graphQLMethodNotAllowed(c.req.method));
}
