// Issue 15 item 6 over HTTP: each page request writes one structured log record carrying its
// route name, router type, URL, request id and request tag, at the log levels of
// docs/product/3-routes-data-calls-constants.md §9; the request id is the one answered in
// x-request-id (Cloudflare's ray id when there is one).
import { env } from 'cloudflare:workers';
import { beforeAll, expect, it } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { LOG_LEVELS } from '../../worker/pipeline/request-log.ts';
import { sessionOf } from './helpers/story.ts';

beforeAll(async () => {
  await seedWorld(env.DB);
});

const requests = (logs: Record<string, unknown>[]) => logs.filter((line) => line.event === 'request');

it('a page request’s record carries its route, router type, URL, id and tag', async () => {
  const answer = await send('/help', { headers: { 'x-request-tag': 'synthetic-check' } });
  expect(answer.status).toBe(200);
  const id = answer.headers.get('x-request-id');
  expect(id).toBeTruthy();
  expect(requests(answer.logs)).toEqual([
    expect.objectContaining({
      level: LOG_LEVELS.info,
      levelName: 'info',
      routeName: 'ShowHelp',
      routerType: 'default',
      url: 'http://localhost:8787/help',
      requestId: id,
      requestTag: 'synthetic-check',
      status: 200,
    }),
  ]);
});

it('uses the ray id when Cloudflare gives one, and ignores a hostile tag', async () => {
  const answer = await send('/trending', { headers: { 'cf-ray': '8f1c2a3b4d5e6f70-CDG', 'x-request-tag': '<script>' } });
  expect(answer.headers.get('x-request-id')).toBe('8f1c2a3b4d5e6f70-CDG');
  expect(requests(answer.logs)[0]).toMatchObject({ requestId: '8f1c2a3b4d5e6f70-CDG', requestTag: null, routeName: 'ShowTrending' });
});

it('a crash is logged at the error level', async () => {
  const staff = await sessionOf('staff');
  const answer = await send('/_/oh-noes', { session: staff.token });
  expect(answer.status).toBe(500);
  expect(requests(answer.logs)[0]).toMatchObject({ level: LOG_LEVELS.error, levelName: 'error', status: 500, routeName: 'ShowOhNoes' });
});

it('a GraphQL call’s record carries its traceparent’s trace and span, and its operations', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const answer = await send('/_/graphql', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-xsrf-token': '1',
      traceparent: `00-${traceId}-00f067aa0ba902b7-01`,
      'graphql-operation': 'ViewerQuery',
    },
    body: JSON.stringify({ query: 'query ViewerQuery { viewer { id } }', operationName: 'ViewerQuery' }),
  });
  expect(answer.status).toBe(200);
  expect(requests(answer.logs)).toEqual([
    expect.objectContaining({ url: 'http://localhost:8787/_/graphql', traceId, parentId: '00f067aa0ba902b7', operations: 'ViewerQuery', status: 200, requestId: answer.headers.get('x-request-id') }),
  ]);
});

it('an invalid traceparent is left out of the record', async () => {
  for (const traceparent of ['00-00000000000000000000000000000000-00f067aa0ba902b7-01', 'ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01', 'not a trace']) {
    // At debug level every answer is recorded: the second /help is a HIT, whose record is debug (docs/adr/0194-hit-records-at-debug.md).
    const answer = await send('/help', { headers: { traceparent }, vars: { LOG_LEVEL: 'debug' } });
    expect(requests(answer.logs)[0], traceparent).toMatchObject({ traceId: null, parentId: null });
  }
});
