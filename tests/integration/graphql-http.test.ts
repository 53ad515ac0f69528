// POST /_/graphql as a transport: single and batched operations, request-level refusals
// (405, 413, 415, 400), limits (depth, aliases, tokens, cost) and error shaping.

import { beforeAll, describe, expect, it } from 'vitest';
import type { Env } from '../../worker/env.ts';
import { requestContextFor } from '../../worker/consequences/consequences.ts';
import {
  GRAPHQL_MAX_ALIASES,
  GRAPHQL_MAX_BATCH_OPERATIONS,
  GRAPHQL_MAX_BODY_BYTES,
  GRAPHQL_MAX_COST,
  GRAPHQL_MAX_DEPTH,
  GRAPHQL_MAX_TOKENS,
  handleGraphQLRequest,
} from '../../worker/graphql/http.ts';
import { LOGGED_OUT } from '../../worker/session/viewer.ts';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { GRAPHQL_URL, postGraphQL, testDb, testEnv, workerFetch } from './helpers/graphql-client.ts';

const TAG_QUERY = 'query Tag($slug: String!) { tag(slug: $slug) { slug displayTitle } }';

beforeAll(async () => {
  await seedWorld(testDb);
});

describe('operations', () => {
  it('answers a single operation with a single result, as uncached JSON', async () => {
    const answer = await postGraphQL({ query: TAG_QUERY, variables: { slug: 'writing' }, operationName: 'Tag' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(Number(answer.headers.get('x-d1-queries'))).toBeGreaterThan(0);
    expect(answer.body).toEqual({ data: { tag: { slug: 'writing', displayTitle: 'Writing' } } });
  });

  it('answers a batch of 2 with an array of 2 results in order', async () => {
    const answer = await postGraphQL([
      { query: TAG_QUERY, variables: { slug: 'poetry' } },
      { query: TAG_QUERY, variables: { slug: 'writing' } },
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([{ data: { tag: { slug: 'poetry', displayTitle: 'Poetry' } } }, { data: { tag: { slug: 'writing', displayTitle: 'Writing' } } }]);
  });

  it('keeps the other results of a batch when one operation fails validation', async () => {
    const answer = await postGraphQL([{ query: '{ nope }' }, { query: TAG_QUERY, variables: { slug: 'poetry' } }]);
    expect(answer.status).toBe(200);
    expect(answer.body[0].errors[0].message).toBe('Cannot query field "nope" on type "Query".');
    expect(answer.body[0].data).toBeUndefined();
    expect(answer.body[1]).toEqual({ data: { tag: { slug: 'poetry', displayTitle: 'Poetry' } } });
  });

  it('accepts a batch of exactly 20', async () => {
    const answer = await postGraphQL(Array.from({ length: GRAPHQL_MAX_BATCH_OPERATIONS }, () => ({ query: '{ __typename }' })));
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(20);
  });

  it('answers an unknown field with a validation error and no stack', async () => {
    const answer = await postGraphQL({ query: '{ viewer { id secretPassword } }' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([{ message: 'Cannot query field "secretPassword" on type "User".', locations: [{ line: 1, column: 15 }] }]);
    expect(answer.text).not.toMatch(/stack|at \w+ \(|\.ts:\d+/);
  });

  it('answers a syntax error with its message', async () => {
    const answer = await postGraphQL({ query: '{ viewer { id ' });
    expect(answer.status).toBe(200);
    expect(answer.body.errors[0].message).toMatch(/^Syntax Error: Expected Name, found <EOF>/);
  });
});

describe('request refusals', () => {
  it('refuses a batch of 21 with 400 and says why', async () => {
    const answer = await postGraphQL(Array.from({ length: 21 }, () => ({ query: '{ __typename }' })));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ message: 'Batch of 21 operations exceeds the limit of 20.' }] });
  });

  // Issue 18 point 3: the client now batches; a hostile client sending 1,000 operations at once
  // is refused whole, before any runs (the body limit or the count, whichever it meets first).
  it('refuses a batch of 1,000 operations before running any', async () => {
    const answer = await postGraphQL(Array.from({ length: 1000 }, () => ({ query: '{ __typename }' })));
    expect([400, 413]).toContain(answer.status);
    expect(answer.body.errors[0].message).toMatch(/Batch of 1000 operations exceeds the limit of 20\.|exceeds the limit of \d+ bytes/);
    expect(answer.body.data).toBeUndefined();
  });

  it('refuses an empty batch', async () => {
    const answer = await postGraphQL([]);
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toMatch(/Empty batch/);
  });

  it('refuses malformed JSON with 400', async () => {
    const answer = await postGraphQL(null, { rawBody: '{"query": "{ viewer { id } }"' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ message: 'Malformed JSON in request body.' }] });
  });

  it('refuses a missing or empty query with 400', async () => {
    for (const payload of [{}, { query: '' }, { query: '   ' }, { query: 42 }, { variables: {} }]) {
      const answer = await postGraphQL(payload);
      expect(answer.status).toBe(400);
      expect(answer.body.errors[0].message).toBe('Operation has no query: "query" must be a non-empty string.');
    }
  });

  it('refuses batch entries that are not operations, naming their place', async () => {
    const notObject = await postGraphQL([{ query: '{ __typename }' }, 'query { __typename }']);
    expect(notObject.status).toBe(400);
    expect(notObject.body.errors[0].message).toBe('Operation 2 of the batch must be a JSON object with a query.');
    const noQuery = await postGraphQL([{ query: '{ __typename }' }, { query: '{ __typename }' }, { operationName: 'X' }]);
    expect(noQuery.status).toBe(400);
    expect(noQuery.body.errors[0].message).toMatch(/^Operation 3 of the batch has no query/);
    for (const payload of [null, 'text', 12, true]) {
      const answer = await postGraphQL(payload);
      expect(answer.status).toBe(400);
    }
  });

  it('refuses variables that are not an object', async () => {
    const answer = await postGraphQL({ query: TAG_QUERY, variables: ['writing'] });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].message).toBe('Operation: "variables" must be a JSON object.');
  });

  it('refuses a body over the limit with 413', async () => {
    const padding = 'x'.repeat(GRAPHQL_MAX_BODY_BYTES);
    const answer = await postGraphQL({ query: '{ __typename }', variables: { padding } });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ errors: [{ message: `Request body exceeds the limit of ${GRAPHQL_MAX_BODY_BYTES} bytes.` }] });
  });

  it('counts the bytes of a streamed body that declares no length', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    // Enough chunks to pass the cap, whatever it is.
    const chunks = Math.ceil(GRAPHQL_MAX_BODY_BYTES / chunk.byteLength) + 1;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"query": "{ __typename }"'));
        else if (sent <= chunks) controller.enqueue(chunk);
        else {
          controller.enqueue(new TextEncoder().encode('}'));
          controller.close();
        }
        sent++;
      },
    });
    const response = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body, duplex: 'half' } as RequestInit);
    expect(response.status).toBe(413);
  });

  it('answers GET and other methods with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await workerFetch(`${GRAPHQL_URL}?query=%7B__typename%7D`, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(((await response.json()) as { errors: { message: string }[] }).errors[0]!.message).toMatch(/POST/);
    }
  });

  it('refuses a body that is not application/json with 415', async () => {
    const response = await workerFetch(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"query":"{ __typename }"}' });
    expect(response.status).toBe(415);
  });
});

describe('limits', () => {
  it('refuses an operation nested deeper than the limit', async () => {
    // 13 levels: user > postsConnection > posts > creator > postsConnection > posts > ... > id
    let selection = 'id';
    for (let i = 0; i < 4; i++) selection = `postsConnection { posts { creator { ${selection} } } }`;
    const answer = await postGraphQL({ query: `{ user(username: "writer") { ${selection} } }` });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([{ message: `Query depth limit of ${GRAPHQL_MAX_DEPTH} exceeded, found 14.` }]);
  });

  it('allows the deepest page query (story paragraphs and their markups through a feed)', async () => {
    const answer = await postGraphQL({
      query: '{ homeFeed(paging: { limit: 1 }) { items { post { content { bodyModel { paragraphs { markups { type start end } } } } } } } }',
    });
    expect(answer.body.errors).toBeUndefined();
  });

  it('refuses more aliases than the limit', async () => {
    const fields = (n: number) => Array.from({ length: n }, (_, i) => `t${i}: tag(slug: "writing") { id }`).join(' ');
    const allowed = await postGraphQL({ query: `{ ${fields(GRAPHQL_MAX_ALIASES)} }` });
    expect(allowed.body.errors).toBeUndefined();
    const refused = await postGraphQL({ query: `{ ${fields(GRAPHQL_MAX_ALIASES + 1)} }` });
    expect(refused.body).toEqual({ errors: [{ message: `Aliases limit of ${GRAPHQL_MAX_ALIASES} exceeded, found ${GRAPHQL_MAX_ALIASES + 1}.` }] });
  });

  it('refuses more tokens than the limit before validating', async () => {
    const answer = await postGraphQL({ query: `{ ${'__typename '.repeat(GRAPHQL_MAX_TOKENS)} }` });
    expect(answer.status).toBe(200);
    expect(answer.body.errors[0].message).toMatch(new RegExp(`more (that|than) ${GRAPHQL_MAX_TOKENS} tokens`));
  });

  it('refuses an operation over the cost limit', async () => {
    const answer = await postGraphQL({
      query: `{ homeFeed { items { post { content { bodyModel { paragraphs { ${'text '.repeat(500)} } } } } } } }`,
    });
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors[0].message).toMatch(new RegExp(`^Query Cost limit of ${GRAPHQL_MAX_COST} exceeded, found \\d+`));
  });

  it('answers introspection outside production', async () => {
    const answer = await postGraphQL({ query: '{ __schema { queryType { name } } }' });
    expect(answer.body).toEqual({ data: { __schema: { queryType: { name: 'Query' } } } });
  });
});

describe('handleGraphQLRequest in-process', () => {
  const call = (testEnv: Env, payload: unknown) =>
    handleGraphQLRequest(
      new Request(GRAPHQL_URL, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) }),
      requestContextFor({ db: testDb, env: testEnv, viewer: LOGGED_OUT }),
    );

  it('refuses introspection in production', async () => {
    const production: Env = { ...testEnv, ENVIRONMENT: 'production' };
    const response = await call(production, { query: '{ __schema { queryType { name } } }' });
    const body = (await response.json()) as { errors: { message: string }[] };
    expect(body.errors[0]!.message).toMatch(/introspection/i);
    const typename = await call(production, { query: '{ __typename }' });
    expect(await typename.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers an internal failure as "Internal server error", without details', async () => {
    await testDb
      .prepare(
        "INSERT INTO posts (id, creator_id, title, status, content, created_at, updated_at, first_published_at, latest_published_at) VALUES ('ee00000000ff', 'aa0000000001', 'Broken', 'PUBLISHED', '{not json', 1, 1, 1, 1)",
      )
      .run();
    const response = await call(testEnv, { query: '{ post(id: "ee00000000ff") { id title content { bodyModel { paragraphs { text } } } } }' });
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      data: { post: null },
      errors: [{ message: 'Internal server error', locations: [{ line: 1, column: 39 }], path: ['post', 'content'] }],
    });
    expect(text).not.toMatch(/JSON|Unexpected|stack/);
    // The healthy story next to it still resolves in the same request.
    const fine = await call(testEnv, { query: `{ post(id: "${POSTS.open}") { id } }` });
    expect(await fine.json()).toEqual({ data: { post: { id: POSTS.open } } });
  });
});
