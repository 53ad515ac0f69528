// Series in search ({prefix}series; docs/adr/0181-series-in-search.md) through the official
// search client, kept current by the series mutations through GraphQL: a draft series is not
// found; published, it is found by its title (and its writer's name); a new title reaches the
// next search; a follow raises its follower count; another writer's series keeps its own
// record; the index is rebuilt with the others.
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testEnv } from './helpers/graphql-client.ts';
import { searchClient } from './helpers/search-client.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

type Hit = Record<string, any> & { objectID: string };
const seriesIndex = `${testEnv.SEARCH_INDEX_PREFIX}series`;
const RESULT = `__typename ... on Series { id title publishedAt }`;

let writer: Caller;
let reader: Caller;

beforeAll(async () => {
  await seedWorld(testEnv.DB);
  await rebuildSearchIndex(testEnv);
  writer = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
}, 60_000);

async function hits(query: string, facetFilters?: string[]): Promise<Hit[]> {
  const { results } = await searchClient().search<Hit>({ requests: [{ indexName: seriesIndex, query, hitsPerPage: 20, ...(facetFilters ? { facetFilters } : {}) }] });
  return (results[0] as { hits: Hit[] }).hits;
}

describe('a series in search', () => {
  it('is found by its title once published, and follows its changes', async () => {
    const created = (await writer.gql(`mutation($input: SeriesInput!) { createSeries(input: $input) { ${RESULT} } }`, { input: { title: 'Lanterns of the Northern Coast', slug: 'lanterns-north', description: 'Lighthouses, one at a time.' } })).data!.createSeries;
    const id = created.id as string;
    expect(id).toBeTruthy();
    await writer.gql(`mutation($id: ID!, $postId: ID!) { addSeriesPart(seriesId: $id, postId: $postId) { __typename } }`, { id, postId: POSTS.open });
    // A draft is its writer's alone: not in the index.
    expect(await hits('lanterns')).toEqual([]);

    expect((await writer.gql(`mutation($id: ID!) { publishSeries(seriesId: $id) { ${RESULT} } }`, { id })).data!.publishSeries.publishedAt).toEqual(expect.any(Number));
    const [found] = await hits('lanterns');
    expect(found).toMatchObject({ objectID: id, seriesId: id, title: 'Lanterns of the Northern Coast', slug: 'lanterns-north', partCount: 1, followerCount: 0, creator: { id: USERS.writer, username: 'writer' } });
    expect(found!._highlightResult.title.value).toContain('<em>Lanterns</em>');
    // By a word of its title's prefix, and by its writer's name.
    expect((await hits('lanter')).map((h) => h.objectID)).toEqual([id]);
    expect((await hits('lighthouses')).map((h) => h.objectID)).toEqual([id]);
    expect((await hits('', ['creator.username:writer'])).map((h) => h.objectID)).toContain(id);

    // A new title reaches the next search; the old one finds nothing.
    await writer.gql(`mutation($id: ID!, $input: SeriesInput!) { updateSeries(seriesId: $id, input: $input) { ${RESULT} } }`, { id, input: { title: 'Harbour Lights', slug: 'lanterns-north', description: 'Lighthouses, one at a time.' } });
    expect(await hits('lanterns')).toEqual([]);
    expect((await hits('harbour')).map((h) => h.objectID)).toEqual([id]);

    // A follow is counted.
    await reader.gql(`mutation($id: ID!) { followSeries(seriesId: $id) { __typename } }`, { id });
    expect((await hits('harbour'))[0]).toMatchObject({ followerCount: 1 });

    // And a rebuild makes the same record from the tables.
    await rebuildSearchIndex(testEnv);
    expect((await hits('harbour'))[0]).toMatchObject({ objectID: id, title: 'Harbour Lights', followerCount: 1 });
  });
});
