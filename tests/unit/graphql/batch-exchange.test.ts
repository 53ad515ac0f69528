// Issue 18 point 3: the data client's batching exchange (client/app/batch-exchange.ts;
// docs/product/2-sign-in-notices-cache-routing.md §7) against a stand-in /_/graphql that answers
// as worker/graphql/http.ts does (an array for a batch, an object for one operation).
import { describe, expect, it } from 'vitest';
import { Client, gql } from '@urql/core';
import { batchExchange, BATCH_MAX_OPERATIONS } from '../../../client/app/batch-exchange.ts';

interface Call {
  headers: Record<string, string>;
  body: unknown;
}

function setUp(answer?: (body: unknown) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchStub = async (_url: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as unknown;
    calls.push({ headers: init?.headers as Record<string, string>, body });
    if (answer) return answer(body);
    const one = (op: { operationName: string }) => ({ data: { echo: op.operationName } });
    return Response.json(Array.isArray(body) ? body.map(one) : one(body as { operationName: string }));
  };
  const client = new Client({
    url: '/_/graphql',
    exchanges: [
      batchExchange({
        url: '/_/graphql',
        app: 'lite/1.2.3',
        origin: () => ({ routeMetric: 'ShowPostUnderUser', path: '/@ada/story-1?source=home' }),
        headers: () => ({ 'x-xsrf-token': 'xsrf' }),
        fetch: fetchStub as typeof fetch,
      }),
    ],
  });
  return { client, calls };
}

const query = (name: string) => gql(`query ${name} { echo }`);

describe('batchExchange', () => {
  it('sends queries made together in one POST, in order, each with its own result', async () => {
    const { client, calls } = setUp();
    const results = await Promise.all(['A', 'B', 'C'].map((name) => client.query(query(name), {}).toPromise()));
    expect(calls).toHaveLength(1);
    expect((calls[0]!.body as { operationName: string }[]).map((op) => op.operationName)).toEqual(['A', 'B', 'C']);
    expect(results.map((r) => (r.data as { echo: string }).echo)).toEqual(['A', 'B', 'C']);
  });

  it('puts at most 20 operations in a POST', async () => {
    const { client, calls } = setUp();
    const names = Array.from({ length: 45 }, (_, i) => `Q${i}`);
    await Promise.all(names.map((name) => client.query(query(name), {}).toPromise()));
    expect(calls.map((c) => (c.body as unknown[]).length)).toEqual([BATCH_MAX_OPERATIONS, BATCH_MAX_OPERATIONS, 5]);
  });

  it('carries the operation names, app, route metric, path and anti-forgery headers on every POST', async () => {
    const { client, calls } = setUp();
    await Promise.all([client.query(query('A'), {}).toPromise(), client.query(query('B'), {}).toPromise()]);
    expect(calls[0]!.headers).toMatchObject({
      'graphql-operation': 'A,B',
      'vellum-frontend-app': 'lite/1.2.3',
      'vellum-frontend-route': 'ShowPostUnderUser',
      'vellum-frontend-path': '/@ada/story-1?source=home',
      'vellum-batch-group': 'default',
      'x-xsrf-token': 'xsrf',
      'content-type': 'application/json',
    });
  });

  it('batches each named group on its own', async () => {
    const { client, calls } = setUp();
    await Promise.all([
      client.query(query('A'), {}).toPromise(),
      client.query(query('HomeFeedQuery'), {}).toPromise(),
      client.query(query('B'), {}, { batchGroup: 'viewer-edge' } as never).toPromise(),
      client.query(query('C'), {}, { batchGroup: 'viewer-edge' } as never).toPromise(),
    ]);
    const byGroup = Object.fromEntries(calls.map((c) => [c.headers['vellum-batch-group'], (c.body as { operationName: string }[]).map((op) => op.operationName)]));
    expect(byGroup).toEqual({ default: ['A'], 'home-sections': ['HomeFeedQuery'], 'viewer-edge': ['B', 'C'] });
  });

  it('sends a mutation alone and at once, as a single operation', async () => {
    const { client, calls } = setUp();
    const result = await client.mutation(gql('mutation Clap { echo }'), {}).toPromise();
    expect(calls).toHaveLength(1);
    expect(Array.isArray(calls[0]!.body)).toBe(false);
    expect(calls[0]!.headers['graphql-operation']).toBe('Clap');
    expect((result.data as { echo: string }).echo).toBe('Clap');
  });

  it('keeps data and errors together (error policy "all")', async () => {
    const { client } = setUp(() => Response.json([{ data: { echo: 'partial' }, errors: [{ message: 'one field failed', path: ['other'] }] }]));
    const result = await client.query(query('A'), {}).toPromise();
    expect(result.data).toEqual({ echo: 'partial' });
    expect(result.error?.graphQLErrors.map((e) => e.message)).toEqual(['one field failed']);
  });

  it('answers every operation of a refused batch with the server’s message', async () => {
    const { client } = setUp(() => Response.json({ errors: [{ message: 'Batch of 21 operations exceeds the limit of 20.' }] }, { status: 400 }));
    const results = await Promise.all([client.query(query('A'), {}).toPromise(), client.query(query('B'), {}).toPromise()]);
    for (const result of results) expect(result.error?.networkError?.message).toBe('Batch of 21 operations exceeds the limit of 20.');
  });
});
