// Hostile input to the local search service (docs/search.md, "Queries are text", "Limits"):
// full-text syntax, oversized, NUL, emoji and right-to-left queries are text (200, never 500);
// malformed bodies are 400 in the provider's shape; too many queries per request or per
// second from one address are 429.
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERIES_PER_REQUEST } from '../../worker/endpoints/search.ts';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { testEnv, workerFetch } from './helpers/graphql-client.ts';
import { indexName, searchClient } from './helpers/search-client.ts';

beforeAll(async () => {
  await seedWorld(testEnv.DB);
  await rebuildSearchIndex(testEnv);
});

const HOSTILE = [
  '"',
  '""',
  '"open',
  'open"',
  '*',
  'open*',
  '* *',
  'NEAR',
  'NEAR(open story)',
  'open NEAR story',
  '-',
  '-open',
  'open -story',
  'OR',
  'open OR story',
  'AND',
  'NOT open',
  'title:open',
  '^open',
  '(open',
  'open)',
  '{title subtitle}: open',
  "'; DROP TABLE posts; --",
  'o'.repeat(5000),
  'open '.repeat(1000),
  'open\u0000story',
  '\u0000',
  '🦉🦉🦉',
  'open 🦉 story',
  'קריאה שקטה',
  'مرحبا بالعالم',
  '\u202Eopen\u202C',
  'ｏｐｅｎ',
  '   ',
];

function send(body: string, headers: Record<string, string> = {}, path = '/1/indexes/*/queries') {
  return workerFetch(`http://localhost:8787${path}`, {
    method: 'POST',
    headers: { 'x-algolia-application-id': testEnv.SEARCH_APP_ID, 'x-algolia-api-key': testEnv.SEARCH_API_KEY, ...headers },
    body,
  });
}

describe('hostile queries are text', () => {
  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 40), q]))('%s answers 200 on every index', async (_label, query) => {
    const { results } = await searchClient().search({
      requests: (['post', 'user', 'collection', 'tag'] as const).map((kind) => ({ indexName: indexName(kind), query, clickAnalytics: true })),
    });
    expect(results).toHaveLength(4);
    for (const result of results as { hits: unknown[]; nbHits: number }[]) {
      expect(Array.isArray(result.hits)).toBe(true);
      expect(result.nbHits).toBe(result.nbHits | 0);
    }
  });

  it('still finds by the words around the syntax', async () => {
    for (const query of ['"open', 'open*', '-open', '(open', 'open\u0000story', 'open 🦉 story']) {
      const { results } = await searchClient().search<{ objectID: string }>({ requests: [{ indexName: indexName('post'), query }] });
      expect((results[0] as { hits: { objectID: string }[] }).hits.map((h) => h.objectID), query).toContain(POSTS.open);
    }
  });

  it('highlights escape HTML: a title is never markup', async () => {
    await testEnv.DB.prepare("UPDATE posts SET title = '<img src=x onerror=alert(1)> Open' WHERE id = ?").bind(POSTS.open).run();
    await rebuildSearchIndex(testEnv);
    const { results } = await searchClient().search<any>({ requests: [{ indexName: indexName('post'), query: 'img open' }] });
    const hit = (results[0] as { hits: any[] }).hits.find((h) => h.objectID === POSTS.open);
    expect(hit._highlightResult.title.value).toBe('&lt;<em>img</em> src=x onerror=alert(1)&gt; <em>Open</em>');
  });
});

describe('malformed bodies are 400 in the provider\'s shape', () => {
  const cases: [string, string][] = [
    ['not JSON', '{"requests": ['],
    ['an empty body', ''],
    ['a list', '[]'],
    ['no requests', '{}'],
    ['requests not a list', '{"requests": "post"}'],
    ['an empty list', '{"requests": []}'],
    ['a request that is not an object', '{"requests": [1]}'],
    ['no index name', '{"requests": [{"query": "a"}]}'],
    ['a query that is not text', `{"requests": [{"indexName": "${testEnv.SEARCH_INDEX_PREFIX}post", "query": {"$ne": 1}}]}`],
    ['hitsPerPage not a number', `{"requests": [{"indexName": "${testEnv.SEARCH_INDEX_PREFIX}post", "hitsPerPage": "many"}]}`],
    ['a bad filter', `{"requests": [{"indexName": "${testEnv.SEARCH_INDEX_PREFIX}post", "filters": "collectionId:(a OR"}]}`],
    ['an unknown facet', `{"requests": [{"indexName": "${testEnv.SEARCH_INDEX_PREFIX}post", "facetFilters": ["password:x"]}]}`],
    ['a facet query', `{"requests": [{"indexName": "${testEnv.SEARCH_INDEX_PREFIX}post", "type": "facet", "facet": "x"}]}`],
  ];
  it.each(cases)('%s', async (_label, body) => {
    const response = await send(body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { message: string; status: number };
    expect(json.status).toBe(400);
    expect(typeof json.message).toBe('string');
  });

  it('a body over the size limit is 413 in the same shape', async () => {
    const response = await send(JSON.stringify({ requests: [{ indexName: 'x', query: 'a'.repeat(40_000) }] }));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { status: number }).status).toBe(413);
  });
});

describe('too many queries are 429', () => {
  it('refuses more queries in one request than the popover ever sends', async () => {
    const requests = Array.from({ length: MAX_QUERIES_PER_REQUEST + 1 }, () => ({ indexName: indexName('tag'), query: 'a' }));
    const response = await send(JSON.stringify({ requests }), { 'cf-connecting-ip': '198.51.100.1' });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ status: 429 });
  });

  it('refuses an address that sends too many queries in a second, and not another address', async () => {
    const requests = Array.from({ length: MAX_QUERIES_PER_REQUEST }, () => ({ indexName: indexName('tag'), query: 'p' }));
    const statuses: number[] = [];
    for (let i = 0; i < 200 && !statuses.includes(429); i++) {
      statuses.push((await send(JSON.stringify({ requests }), { 'cf-connecting-ip': '198.51.100.2' })).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    const other = await send(JSON.stringify({ requests }), { 'cf-connecting-ip': '198.51.100.3' });
    expect(other.status).toBe(200);
  });
});
