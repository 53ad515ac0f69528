// The search index of public lists ({prefix}catalog, docs/search.md "What is indexed") through
// the official algoliasearch client, kept current by the list mutations through GraphQL:
// a public list with a story is found by its name; an empty or private list is not; a rename,
// a change to private and a deletion reach the next search; "From this List" (the catalogId
// facet of stories) finds that list's stories and nothing for a private list. And a follow
// reaches the followed person's record, a block both people's (docs/search.md, "Follower counts").
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testEnv } from './helpers/graphql-client.ts';
import { searchClient } from './helpers/search-client.ts';
import { call, sessionOf, type TestSession } from './helpers/story.ts';

type Hit = Record<string, any> & { objectID: string };
const catalogIndex = `${testEnv.SEARCH_INDEX_PREFIX}catalog`;

let writer: TestSession;

beforeAll(async () => {
  await seedWorld(testEnv.DB);
  await rebuildSearchIndex(testEnv);
  writer = await sessionOf('writer');
});

async function hits(indexName: string, query: string, facetFilters?: string[]): Promise<Hit[]> {
  const { results } = await searchClient().search<Hit>({ requests: [{ indexName, query, hitsPerPage: 20, ...(facetFilters ? { facetFilters } : {}) }] });
  return (results[0] as { hits: Hit[] }).hits;
}

async function createList(name: string, visibility = 'PUBLIC'): Promise<string> {
  const answer = await call(`mutation ($input: CreateCatalogInput!) { createCatalog(input: $input) { ... on Catalog { id } } }`, { input: { name, visibility } }, { session: writer });
  const id = answer.data.createCatalog.id as string;
  expect(id).toBeTruthy();
  return id;
}

async function addStory(catalogId: string, postId: string): Promise<void> {
  const answer = await call(`mutation ($c: ID!, $p: ID!) { addToCatalog(catalogId: $c, postId: $p) { __typename } }`, { c: catalogId, p: postId }, { session: writer });
  expect(answer.data.addToCatalog.__typename).toBe('Catalog');
}

/** The stored list id behind a list's GraphQL id (the record's objectID). */
async function storedId(name: string): Promise<string> {
  return (await testEnv.DB.prepare('SELECT id FROM catalogs WHERE name = ?').bind(name).first<{ id: string }>())!.id;
}

describe('the index of public lists', () => {
  it('finds a public list with a story by its name, with its creator and story count, and keeps it current on rename and deletion', async () => {
    const list = await createList('Marigold Evenings');
    // An empty list is not worth finding.
    expect(await hits(catalogIndex, 'marigold')).toEqual([]);
    await addStory(list, POSTS.open);
    const [hit] = await hits(catalogIndex, 'marig');
    expect(hit).toMatchObject({ objectID: await storedId('Marigold Evenings'), name: 'Marigold Evenings', itemCount: 1, creator: { id: USERS.writer } });
    expect(hit!._highlightResult.name.value).toBe('<em>Marigold</em> Evenings');

    await call(`mutation ($c: ID!) { updateCatalog(catalogId: $c, input: {name: "Saffron Mornings"}) { __typename } }`, { c: list }, { session: writer });
    expect(await hits(catalogIndex, 'marigold')).toEqual([]);
    expect((await hits(catalogIndex, 'saffron')).map((h) => h.name)).toEqual(['Saffron Mornings']);

    await call(`mutation ($c: ID!) { deleteCatalog(catalogId: $c) { __typename } }`, { c: list }, { session: writer });
    expect(await hits(catalogIndex, 'saffron')).toEqual([]);
  });

  it('never finds a private list, nor one made private, and "From this List" finds nothing in it', async () => {
    const list = await createList('Juniper Notes');
    await addStory(list, POSTS.open);
    const id = await storedId('Juniper Notes');
    expect((await hits(`${testEnv.SEARCH_INDEX_PREFIX}post`, '', [`catalogId:${id}`])).map((h) => h.objectID)).toEqual([POSTS.open]);
    expect((await hits(`${testEnv.SEARCH_INDEX_PREFIX}post`, 'open', [`catalogId:${id}`])).map((h) => h.objectID)).toEqual([POSTS.open]);
    expect(await hits(`${testEnv.SEARCH_INDEX_PREFIX}post`, 'members', [`catalogId:${id}`])).toEqual([]);

    await call(`mutation ($c: ID!) { updateCatalog(catalogId: $c, input: {visibility: PRIVATE}) { __typename } }`, { c: list }, { session: writer });
    expect(await hits(catalogIndex, 'juniper')).toEqual([]);
    expect(await hits(`${testEnv.SEARCH_INDEX_PREFIX}post`, '', [`catalogId:${id}`])).toEqual([]);

    const secret = await createList('Hidden Hawthorn', 'PRIVATE');
    await addStory(secret, POSTS.open);
    expect(await hits(catalogIndex, 'hawthorn')).toEqual([]);
  });
});

describe('follower counts', () => {
  it('reach the followed person\'s record with the follow itself', async () => {
    const reader = await sessionOf('reader');
    const stored = async () => (await testEnv.DB.prepare('SELECT follower_count AS n FROM users WHERE id = ?').bind(USERS.writer).first<{ n: number }>())!.n;
    const indexed = async () => (await hits(`${testEnv.SEARCH_INDEX_PREFIX}user`, 'wren')).find((h) => h.objectID === USERS.writer)!.followerCount as number;
    for (const mutation of ['followUser', 'unfollowUser', 'followUser']) {
      const before = await stored();
      const answer = await call(`mutation ($u: ID!) { ${mutation}(targetUserId: $u) { __typename } }`, { u: USERS.writer }, { session: reader });
      expect(answer.errors).toBeUndefined();
      expect(await stored()).not.toBe(before);
      expect(await indexed()).toBe(await stored());
    }
  });

  it('reach both people\'s records with a block, which removes their follows', async () => {
    const reader = await sessionOf('reader');
    const followers = async (id: string) => (await testEnv.DB.prepare('SELECT follower_count AS n FROM users WHERE id = ?').bind(id).first<{ n: number }>())!.n;
    const indexed = async (id: string, query: string) => (await hits(`${testEnv.SEARCH_INDEX_PREFIX}user`, query)).find((h) => h.objectID === id)!.followerCount as number;
    // The reader follows the writer (the test above ends following); the writer follows the reader too.
    expect((await call(`mutation ($u: ID!) { followUser(targetUserId: $u) { __typename } }`, { u: USERS.reader }, { session: writer })).errors).toBeUndefined();
    const before = { writer: await followers(USERS.writer), reader: await followers(USERS.reader) };
    const answer = await call(`mutation ($u: ID!) { blockUser(targetUserId: $u) { __typename } }`, { u: USERS.reader }, { session: writer });
    expect(answer.errors).toBeUndefined();
    expect(await followers(USERS.writer)).toBe(before.writer - 1);
    expect(await followers(USERS.reader)).toBe(before.reader - 1);
    expect(await indexed(USERS.writer, 'wren')).toBe(await followers(USERS.writer));
    const readerName = (await testEnv.DB.prepare('SELECT username FROM users WHERE id = ?').bind(USERS.reader).first<{ username: string }>())!.username;
    expect(await indexed(USERS.reader, readerName)).toBe(await followers(USERS.reader));
    await call(`mutation ($u: ID!) { unblockUser(targetUserId: $u) { __typename } }`, { u: USERS.reader }, { session: writer });
  });
});
