// The in-process executor (worker/graphql/in-process.ts) that the render, the cache
// controllers and the feeds share: the same validation and error shaping as the endpoint,
// answers instead of exceptions, one parse and validation per document per isolate, and
// one context (its loaders) for every document a request runs.
import { parse } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestContextFor } from '../../worker/consequences/consequences.ts';
import { prepareDocument } from '../../worker/graphql/execute-operation.ts';
import { executeInProcess, inProcessExecutor } from '../../worker/graphql/in-process.ts';
import { GRAPHQL_MAX_DEPTH } from '../../worker/graphql/limits.ts';
import { LOGGED_OUT } from '../../worker/session/viewer.ts';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { testDb, testEnv } from './helpers/graphql-client.ts';

beforeAll(async () => {
  await seedWorld(testDb);
});

const context = () => requestContextFor({ db: testDb, env: testEnv, viewer: LOGGED_OUT });
const POST_TITLE = 'query PostTitle($id: ID!) { post(id: $id) { id title } }';

describe('executeInProcess', () => {
  it('runs a document given as text or parsed, with its variables', async () => {
    const fromText = await executeInProcess(POST_TITLE, { id: POSTS.open }, context());
    expect(fromText.errors).toBeUndefined();
    expect(fromText.data).toEqual({ post: { id: POSTS.open, title: expect.any(String) } });
    const fromDocument = await executeInProcess(parse(POST_TITLE), { id: POSTS.open }, context());
    expect(fromDocument).toEqual(fromText);
  });

  it('answers a document that does not parse or validate with errors, without running it', async () => {
    const syntax = await executeInProcess('query { post(id: ', {}, context());
    expect(syntax.data).toBeUndefined();
    expect(syntax.errors?.[0]?.message).toMatch(/^Syntax Error/);
    const unknownField = await executeInProcess('{ post(id: "x") { noSuchField } }', {}, context());
    expect(unknownField.errors?.map((e) => e.message)).toEqual(['Cannot query field "noSuchField" on type "Post".']);
    let selection = 'id';
    for (let i = 0; i < 4; i++) selection = `postsConnection { posts { creator { ${selection} } } }`;
    const tooDeep = await executeInProcess(parse(`{ user(username: "writer") { ${selection} } }`), {}, context());
    expect(tooDeep.errors?.[0]?.message).toMatch(new RegExp(`^Query depth limit of ${GRAPHQL_MAX_DEPTH} exceeded`));
  });

  it('masks a resolver failure as "Internal server error", like the endpoint', async () => {
    await testDb
      .prepare(
        "INSERT INTO posts (id, creator_id, title, status, content, created_at, updated_at, first_published_at, latest_published_at) VALUES ('ee00000000fe', 'aa0000000001', 'Broken', 'PUBLISHED', '{not json', 1, 1, 1, 1)",
      )
      .run();
    const result = await executeInProcess('{ post(id: "ee00000000fe") { id content { bodyModel { paragraphs { text } } } } }', {}, context());
    expect(result.errors).toEqual([{ message: 'Internal server error', locations: [{ line: 1, column: expect.any(Number) }], path: ['post', 'content'] }]);
    expect(result.data).toEqual({ post: null });
  });
});

describe('parse and validation once per isolate', () => {
  it('keeps the outcome of a document by its text', () => {
    const first = prepareDocument(POST_TITLE, { introspection: true });
    expect('document' in first).toBe(true);
    expect(prepareDocument(POST_TITLE, { introspection: true })).toBe(first);
    const refused = prepareDocument('{ nope }', { introspection: true });
    expect(prepareDocument('{ nope }', { introspection: true })).toBe(refused);
  });

  it('validates introspection separately for the endpoint in production', () => {
    const introspection = '{ __schema { queryType { name } } }';
    expect('document' in prepareDocument(introspection, { introspection: true })).toBe(true);
    expect('errors' in prepareDocument(introspection, { introspection: false })).toBe(true);
  });
});

describe('inProcessExecutor', () => {
  it('binds one context to every document a request runs, created when the first one runs', async () => {
    const created: ReturnType<typeof context>[] = [];
    const execute = inProcessExecutor(() => {
      const ctx = context();
      created.push(ctx);
      return ctx;
    });
    expect(created).toHaveLength(0);
    const first = await execute(POST_TITLE, { id: POSTS.open });
    const second = await execute(parse(POST_TITLE), { id: POSTS.open });
    expect(second).toEqual(first);
    expect(created).toHaveLength(1);
  });
});
