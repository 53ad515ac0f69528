// The local search service through the official algoliasearch v5 client (docs/search.md):
// multi-index search with a queryID, what is and is not findable (drafts, unlisted, trashed,
// suspended, suspended or deleted writers, locked text), indexing on write through GraphQL,
// per-viewer mutes, scoping filters, and the provider's error shapes.
import { ApiError } from '@algolia/client-common';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { AUTHORS, COLLECTIONS, POSTS, SECRET_MARKER, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { testEnv, workerFetch } from './helpers/graphql-client.ts';
import { indexName, searchClient } from './helpers/search-client.ts';
import { call, sessionOf } from './helpers/story.ts';

let world: World;

beforeAll(async () => {
  world = await seedWorld(testEnv.DB);
  await rebuildSearchIndex(testEnv);
});

type Hit = Record<string, any> & { objectID: string };

async function postHits(query: string, options: { cookie?: string; facetFilters?: string[] } = {}): Promise<Hit[]> {
  const { results } = await searchClient(options).search<Hit>({
    requests: [{ indexName: indexName('post'), query, hitsPerPage: 100, ...(options.facetFilters ? { facetFilters: options.facetFilters } : {}) }],
  });
  return (results[0] as { hits: Hit[] }).hits;
}

describe('multi-index search with the official client', () => {
  it('answers one request with hits from all four indexes, each with objectID, _highlightResult and a queryID', async () => {
    const client = searchClient();
    const { results } = await client.search<Hit>({
      requests: [
        { indexName: indexName('post'), query: 'open', hitsPerPage: 3, clickAnalytics: true },
        { indexName: indexName('user'), query: 'writ', hitsPerPage: 3, clickAnalytics: true },
        { indexName: indexName('collection'), query: 'quil', hitsPerPage: 3, clickAnalytics: true },
        { indexName: indexName('tag'), query: 'poe', hitsPerPage: 3, clickAnalytics: true },
      ],
    });
    expect(results).toHaveLength(4);
    const [posts, users, collections, tags] = results as { hits: Hit[]; nbHits: number; queryID: string; page: number; nbPages: number; hitsPerPage: number; processingTimeMS: number }[];
    expect(posts!.hits[0]).toMatchObject({ objectID: POSTS.open, postId: POSTS.open, title: 'Open Story' });
    expect(posts!.hits[0]!._highlightResult.title).toMatchObject({ value: '<em>Open</em> Story', matchLevel: 'full' });
    expect(typeof posts!.hits[0]!.latestPublishedAt).toBe('number');
    expect(users!.hits.map((h) => h.userId)).toContain(USERS.writer);
    expect(users!.hits[0]).toHaveProperty('username');
    expect(collections!.hits[0]).toMatchObject({ objectID: COLLECTIONS.quill, collectionId: COLLECTIONS.quill, name: 'The Quill', imageId: 'avatar-the-quill' });
    expect(tags!.hits[0]).toMatchObject({ objectID: 'poetry', tagSlug: 'poetry', displayText: 'Poetry' });
    for (const result of results as { queryID: string; page: number; nbPages: number; hitsPerPage: number; processingTimeMS: number; nbHits: number }[]) {
      expect(result.queryID).toMatch(/^[0-9a-f]{32}$/);
      expect(result).toMatchObject({ page: 0, hitsPerPage: 3 });
      expect(result.nbHits).toBeGreaterThan(0);
      expect(typeof result.processingTimeMS).toBe('number');
    }
    expect(new Set((results as { queryID: string }[]).map((r) => r.queryID)).size).toBe(4);
  });

  it('answers searchSingleIndex (POST /1/indexes/{index}/query) too, without a queryID unless asked', async () => {
    const result = await searchClient().searchSingleIndex<Hit>({ indexName: indexName('post'), searchParams: { query: 'bulk story', hitsPerPage: 5, page: 1 } });
    expect(result.hits).toHaveLength(5);
    expect(result.page).toBe(1);
    expect(result.nbPages).toBe(Math.ceil(result.nbHits! / 5));
    expect(result.queryID).toBeUndefined();
  });

  it('matches prefixes as the reader types, and folds diacritics', async () => {
    expect((await postHits('Ope')).map((h) => h.objectID)).toContain(POSTS.open);
    expect((await postHits('ÖPÉN stö')).map((h) => h.objectID)).toContain(POSTS.open);
  });

  it('finds only published, listed stories of writers in good standing', async () => {
    const found = new Set((await postHits('story')).map((h) => h.objectID));
    expect(found.has(POSTS.open)).toBe(true);
    expect(found.has(POSTS.locked)).toBe(true);
    for (const hidden of [POSTS.draft, POSTS.suspended, POSTS.trashed, POSTS.trashedDraft, POSTS.unlisted, POSTS.response]) expect(found.has(hidden)).toBe(false);
    expect((await postHits('suspended')).map((h) => h.objectID)).not.toContain(POSTS.bySuspendedWriter);
    expect(await postHits('by deleted')).toEqual([]);
    const { results } = await searchClient().search<Hit>({ requests: [{ indexName: indexName('user'), query: '', hitsPerPage: 100 }] });
    const people = (results[0] as { hits: Hit[] }).hits.map((h) => h.objectID);
    expect(people).toContain(USERS.writer);
    expect(people).not.toContain(USERS.suspendedWriter);
    expect(people).not.toContain(USERS.deletedWriter);
  });

  it('never indexes the locked text of a member-only story: its preview is searchable, the rest is not', async () => {
    expect(await postHits(SECRET_MARKER)).toEqual([]);
    expect(await postHits('secret paragraph')).toEqual([]);
    expect((await postHits('Members Story')).map((h) => h.objectID)).toContain(POSTS.locked);
    const rows = await testEnv.DB.prepare("SELECT record FROM search_records WHERE record LIKE '%' || ? || '%'").bind(SECRET_MARKER).all();
    expect(rows.results).toEqual([]);
    const fts = await testEnv.DB.prepare("SELECT rowid FROM search_post_fts WHERE search_post_fts MATCH ?").bind(`"${SECRET_MARKER.toLowerCase()}"`).all();
    expect(fts.results).toEqual([]);
  });

  it('leaves out the writers and publications a signed-in viewer muted, for that viewer only', async () => {
    const reader = await sessionOf('reader');
    const mutedWriterStory = world.bulk.find((p) => p.creatorId === AUTHORS[1] && p.collectionId !== COLLECTIONS.quill)!;
    const title = (await testEnv.DB.prepare('SELECT title FROM posts WHERE id = ?').bind(mutedWriterStory.id).first<{ title: string }>())!.title;
    expect((await postHits(title)).map((h) => h.objectID)).toContain(mutedWriterStory.id);
    const forReader = (await postHits(title, { cookie: `sid=${reader.token}` })).map((h) => h.objectID);
    expect(forReader).not.toContain(mutedWriterStory.id);
    // The reader muted The Quill, where the open story lives.
    expect((await postHits('open story', { cookie: `sid=${reader.token}` })).map((h) => h.objectID)).not.toContain(POSTS.open);
  });

  it('scopes by publication and by writer with facetFilters', async () => {
    const inQuill = await postHits('story', { facetFilters: [`collectionId:${COLLECTIONS.quill}`] });
    expect(inQuill.length).toBeGreaterThan(0);
    for (const hit of inQuill) expect(hit.collection.id).toBe(COLLECTIONS.quill);
    const byAuthor = await postHits('bulk', { facetFilters: [`creatorId:${AUTHORS[0]}`] });
    expect(byAuthor.length).toBeGreaterThan(0);
    for (const hit of byAuthor) expect(hit.creator.id).toBe(AUTHORS[0]);
  });

  it('lists only tags with at least one story', async () => {
    await testEnv.DB.prepare("INSERT INTO tags (id, slug, display_title, post_count, follower_count) VALUES ('dd00000000ff', 'empty-topic', 'Empty Topic', 0, 0)").run();
    await rebuildSearchIndex(testEnv);
    const { results } = await searchClient().search<Hit>({ requests: [{ indexName: indexName('tag'), query: 'empty' }] });
    expect((results[0] as { hits: Hit[] }).hits).toEqual([]);
  });
});

describe('indexing on write', () => {
  it('finds a story by its new title on the next search after an edit through GraphQL, and loses it when it is deleted', async () => {
    const writer = await sessionOf('writer');
    const edited = await call(
      'mutation ($id: ID!, $title: String) { updatePostContent(targetPostId: $id, title: $title) { id title } }',
      { id: POSTS.open, title: 'Habits of Quiet Lighthouses' },
      { session: writer },
    );
    expect(edited.errors).toBeUndefined();
    const [hit] = await postHits('lighthouses');
    expect(hit).toMatchObject({ objectID: POSTS.open, title: 'Habits of Quiet Lighthouses' });
    expect(hit!._highlightResult.title.value).toBe('Habits of Quiet <em>Lighthouses</em>');

    const deleted = await call('mutation ($id: ID!) { deletePost(targetPostId: $id) { __typename } }', { id: POSTS.open }, { session: writer });
    expect(deleted.data.deletePost.__typename).toBe('TrashedPost');
    expect(await postHits('lighthouses')).toEqual([]);

    await call('mutation ($id: ID!) { undeletePost(targetPostId: $id) { __typename } }', { id: POSTS.open }, { session: writer });
    expect((await postHits('lighthouses')).map((h) => h.objectID)).toEqual([POSTS.open]);
  });
});

describe('the provider\'s errors', () => {
  it('refuses a wrong key or app id with 403 {"message","status"}', async () => {
    const error = await searchClient({ apiKey: 'wrong' })
      .search({ requests: [{ indexName: indexName('post'), query: 'a' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    const raw = await workerFetch('http://localhost:8787/1/indexes/*/queries', {
      method: 'POST',
      headers: { 'x-algolia-application-id': 'OTHER', 'x-algolia-api-key': testEnv.SEARCH_API_KEY },
      body: JSON.stringify({ requests: [] }),
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({ message: 'Invalid Application-ID or API key', status: 403 });
  });

  it('answers an unknown index with 404 in the same shape', async () => {
    const error = (await searchClient()
      .search({ requests: [{ indexName: 'someone_else', query: 'a' }] })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(404);
  });
});
