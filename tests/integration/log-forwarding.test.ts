// Log forwarding (docs/product/3-routes-data-calls-constants.md §7.3; worker/lib/log-forwarding.ts):
// with LOG_INTAKE_URL set, each request's records (its own and every line written while serving it) reach the log-intake service in one POST after
// the answer, carrying route name, router type, URL, request id, request tag and the §9 level
// numbers plus source, service "lite" and a status; a failing or hanging intake never fails the
// request; unset, the records are console lines. The intake is a local stand-in: a fetch stub
// that answers for the intake's address only.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { seedWorld } from './helpers/fixtures.ts';
import { clearEdgeCache, send } from './helpers/edge-cache.ts';
import { LOG_LEVELS } from '../../worker/pipeline/request-log.ts';

const INTAKE = 'https://logs.intake.test/v1/input';

beforeAll(async () => {
  await seedWorld(env.DB);
});

/** The stand-in intake: records each POST to INTAKE and answers with `answer`; other fetches pass through. */
function standInIntake(answer: () => Promise<Response>) {
  const received: { method: string; contentType: string | null; body: unknown }[] = [];
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (request.url !== INTAKE) return realFetch(input as RequestInfo, init);
    received.push({ method: request.method, contentType: request.headers.get('content-type'), body: await request.json() });
    return answer();
  });
  return received;
}

// Each test's pages are rendered, not served from the edge cache: a HIT's record is at debug
// level and not written at the default (docs/adr/0194-hit-records-at-debug.md).
beforeEach(async () => {
  await clearEdgeCache();
});

afterEach(() => {
  vi.restoreAllMocks();
});

it('sends a request’s records to the intake in one batch, with the fields of §7.3', async () => {
  const received = standInIntake(async () => new Response(null, { status: 202 }));
  const answer = await send('/help?utm_source=x', { headers: { 'x-request-tag': 'synthetic-check' }, vars: { LOG_INTAKE_URL: INTAKE } });
  expect(answer.status).toBe(200);
  expect(received).toHaveLength(1);
  expect(received[0]).toMatchObject({ method: 'POST', contentType: 'application/json' });
  expect((received[0]!.body as { event: string }[]).filter((record) => record.event === 'request')).toEqual([
    expect.objectContaining({
      event: 'request',
      level: LOG_LEVELS.info,
      levelName: 'info',
      routeName: 'ShowHelp',
      routerType: 'default',
      url: 'http://localhost:8787/help?utm_source=x',
      requestId: answer.headers.get('x-request-id'),
      requestTag: 'synthetic-check',
      httpStatus: 200,
      source: 'vellum-worker',
      service: 'lite',
      status: 'info',
    }),
  ]);
  // Forwarded, not also printed.
  expect(answer.logs.filter((line) => line.event === 'request')).toEqual([]);
});

it('forwards the other lines a request wrote in the same batch, each carrying the request and its route', async () => {
  const received = standInIntake(async () => new Response(null, { status: 202 }));
  const answer = await send('/trending', { headers: { 'x-request-tag': 'synthetic-check' }, vars: { LOG_INTAKE_URL: INTAKE } });
  expect(answer.status).toBe(200);
  expect(received).toHaveLength(1);
  const batch = received[0]!.body as Record<string, unknown>[];
  // The edge cache's decision line, written while the request was served, then the request's own record.
  expect(batch.map((record) => record.event)).toEqual(['edge_cache', 'request']);
  for (const record of batch) {
    expect(record).toMatchObject({
      requestId: answer.headers.get('x-request-id'),
      requestTag: 'synthetic-check',
      routeName: 'ShowTrending',
      routerType: 'default',
      url: 'http://localhost:8787/trending',
      source: 'vellum-worker',
      service: 'lite',
      status: 'info',
    });
  }
  // Neither is also printed.
  expect(answer.logs.filter((line) => line.event === 'edge_cache' || line.event === 'request')).toEqual([]);
});

it('never sends a sign-in token to the intake', async () => {
  const received = standInIntake(async () => new Response(null, { status: 202 }));
  await send('/help?token=secret-sign-in-token&state=abc&source=x', { vars: { LOG_INTAKE_URL: INTAKE } });
  expect(received).toHaveLength(1);
  const url = (received[0]!.body as { event: string; url: string }[]).find((record) => record.event === 'request')!.url;
  expect(url).not.toContain('secret-sign-in-token');
  expect(new URL(url).searchParams.get('token')).toBe('redacted');
  expect(new URL(url).searchParams.get('source')).toBe('x');
});

it('an error record carries the error level number', async () => {
  const received = standInIntake(async () => new Response(null, { status: 202 }));
  const answer = await send('/_/vote/p/0123456789ab', { method: 'POST', vars: { LOG_INTAKE_URL: INTAKE } });
  expect(received).toHaveLength(1);
  const record = (received[0]!.body as Record<string, unknown>[]).find((line) => line.event === 'request')!;
  expect(record.httpStatus).toBe(answer.status);
  expect(record.level).toBe(answer.status >= 500 ? LOG_LEVELS.error : answer.status === 404 || answer.status < 400 ? LOG_LEVELS.info : LOG_LEVELS.warn);
});

it('a failing intake never fails the request', async () => {
  const tried = standInIntake(async () => {
    throw new TypeError('Network connection lost.');
  });
  const failing = await send('/help', { vars: { LOG_INTAKE_URL: INTAKE } });
  expect(tried).toHaveLength(1);
  expect(failing.status).toBe(200);
  expect(failing.text).toContain('<h1');

  vi.restoreAllMocks();
  standInIntake(async () => new Response('overloaded', { status: 503 }));
  const refusing = await send('/trending', { vars: { LOG_INTAKE_URL: INTAKE } });
  expect(refusing.status).toBe(200);
});

it('writes console records when no intake is set (or the setting is not an http address)', async () => {
  const received = standInIntake(async () => new Response(null, { status: 202 }));
  const unset = await send('/help');
  await clearEdgeCache();
  const bad = await send('/help', { vars: { LOG_INTAKE_URL: 'javascript:alert(1)' } });
  expect(received).toEqual([]);
  for (const answer of [unset, bad]) {
    expect(answer.logs.filter((line) => line.event === 'request')).toEqual([expect.objectContaining({ routeName: 'ShowHelp', level: LOG_LEVELS.info })]);
  }
});

it('writes only the records at or above the deployment’s LOG_LEVEL, printed or forwarded (docs/adr/0108-startup-configuration.md)', async () => {
  const received = standInIntake(async () => new Response(null, { status: 202 }));
  const quietPage = await send('/trending', { vars: { LOG_LEVEL: 'warn' } });
  expect(quietPage.status).toBe(200);
  expect(quietPage.logs.filter((line) => line.event === 'request' || line.event === 'edge_cache')).toEqual([]);
  const refused = await send('/_/vote/p/0123456789ab', { method: 'POST', vars: { LOG_LEVEL: 'warn' } });
  expect(refused.status).toBeGreaterThanOrEqual(400);
  expect(refused.logs.filter((line) => line.event === 'request')).toEqual([expect.objectContaining({ status: refused.status, levelName: 'warn' })]);

  const forwardedQuiet = await send('/trending', { vars: { LOG_LEVEL: 'error', LOG_INTAKE_URL: INTAKE } });
  expect(forwardedQuiet.status).toBe(200);
  expect(received).toEqual([]);
  // An unknown level name is the default, info: the page's record is written.
  const unknown = await send('/help', { vars: { LOG_LEVEL: 'loud' } });
  expect(unknown.logs.filter((line) => line.event === 'request')).toEqual([expect.objectContaining({ level: LOG_LEVELS.info })]);
});
