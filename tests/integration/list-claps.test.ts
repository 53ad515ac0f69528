// A list's claps (issue 27 point 6, Catalog.clappers; docs/adr/0213-list-claps.md): a signed-in
// reader claps someone else's list 1 to 50 times in all, like a story; never their own list nor a
// private one; Catalog.clapCount follows the rows and Catalog.clappers pages who clapped, most
// recent first.
import { beforeAll, describe, expect, it } from 'vitest';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const CREATE = `mutation($input: CreateCatalogInput!) { createCatalog(input: $input) { __typename ... on Catalog { id } } }`;
const CLAP = `mutation($catalogId: ID!, $numClaps: Int!) { clapCatalog(catalogId: $catalogId, numClaps: $numClaps) { id clapCount viewerEdge { clapCount } } }`;
const CLAPPERS = `query($id: ID!, $paging: PagingOptions) { catalog(id: $id) { clapCount viewerEdge { clapCount } clappers(paging: $paging) { claps { user { id } clapCount } pagingInfo { next { limit to } } } } }`;

let writer: Caller;
let reader: Caller;
let member: Caller;
let staff: Caller;
let publicList: string;
let privateList: string;

async function create(caller: Caller, name: string, visibility: 'PUBLIC' | 'PRIVATE'): Promise<string> {
  const answer = await caller.gql(CREATE, { input: { name, visibility } });
  expect(answer.errors).toBeUndefined();
  return answer.data.createCatalog.id;
}

async function storedSum(catalogId: string): Promise<{ sum: number; column: number }> {
  const sum = (await testDb.prepare('SELECT COALESCE(SUM(count), 0) AS n FROM catalog_claps WHERE catalog_id = ?').bind(catalogId).first<{ n: number }>())!.n;
  const column = (await testDb.prepare('SELECT clap_count AS n FROM catalogs WHERE id = ?').bind(catalogId).first<{ n: number }>())!.n;
  return { sum, column };
}

beforeAll(async () => {
  await seedWorld(testDb);
  [writer, reader, member, staff] = await Promise.all([signedIn(USERS.writer), signedIn(USERS.reader), signedIn(USERS.member), signedIn(USERS.staff)]);
  publicList = await create(writer, 'Clapped shelf', 'PUBLIC');
  privateList = await create(writer, 'Quiet shelf', 'PRIVATE');
}, 60_000);

describe('clapCatalog', () => {
  it('adds the claps to the reader’s own and to the list’s count', async () => {
    const first = await reader.gql(CLAP, { catalogId: publicList, numClaps: 3 });
    expect(first.errors).toBeUndefined();
    expect(first.data.clapCatalog).toMatchObject({ id: publicList, clapCount: 3, viewerEdge: { clapCount: 3 } });
    const second = await reader.gql(CLAP, { catalogId: publicList, numClaps: 4 });
    expect(second.data.clapCatalog).toMatchObject({ clapCount: 7, viewerEdge: { clapCount: 7 } });
    expect(await storedSum(publicList)).toEqual({ sum: 7, column: 7 });
  });

  it('stops at 50 per reader per list: extra claps are dropped; more than 50 at once is refused', async () => {
    await member.gql(CLAP, { catalogId: publicList, numClaps: 30 });
    const answer = await member.gql(CLAP, { catalogId: publicList, numClaps: 30 });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.clapCatalog.viewerEdge.clapCount).toBe(50);
    const refused = await member.gql(CLAP, { catalogId: publicList, numClaps: 51 });
    expect(refused.errors?.[0]?.message).toMatch(/between 1 and 50/);
    const { sum, column } = await storedSum(publicList);
    expect(column).toBe(sum);
    expect(answer.data.clapCatalog.clapCount).toBe(sum);
  });

  it('refuses the list’s own creator', async () => {
    const answer = await writer.gql(CLAP, { catalogId: publicList, numClaps: 1 });
    expect(answer.errors?.[0]?.message).toBe('You cannot clap for your own list.');
  });

  it('refuses a private list (it answers as missing to anyone but its creator) and a visitor', async () => {
    const answer = await reader.gql(CLAP, { catalogId: privateList, numClaps: 1 });
    expect(answer.errors?.[0]?.message).toBe('This list does not exist, or it is private.');
    const own = await writer.gql(CLAP, { catalogId: privateList, numClaps: 1 });
    expect(own.errors?.[0]?.message).toBe('You cannot clap for your own list.');
    expect(await storedSum(privateList)).toEqual({ sum: 0, column: 0 });
    const visitor = await loggedOut.gql(CLAP, { catalogId: publicList, numClaps: 1 });
    expect(visitor.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('Catalog.clappers', () => {
  it('pages who clapped, most recent clap first, with each reader’s claps', async () => {
    await staff.gql(CLAP, { catalogId: publicList, numClaps: 2 });
    const first = await loggedOut.gql(CLAPPERS, { id: publicList, paging: { limit: 2 } });
    expect(first.errors).toBeUndefined();
    const catalog = first.data.catalog;
    expect(catalog.viewerEdge.clapCount).toBe(0);
    expect(catalog.clappers.claps).toEqual([
      { user: { id: USERS.staff }, clapCount: 2 },
      { user: { id: USERS.member }, clapCount: 50 },
    ]);
    expect(catalog.clapCount).toBe(59);
    const next = catalog.clappers.pagingInfo.next;
    expect(next).not.toBeNull();
    const second = await loggedOut.gql(CLAPPERS, { id: publicList, paging: next });
    expect(second.data.catalog.clappers.claps).toEqual([{ user: { id: USERS.reader }, clapCount: 7 }]);
    expect(second.data.catalog.clappers.pagingInfo.next).toBeNull();
    const mine = await reader.gql(CLAPPERS, { id: publicList, paging: { limit: 1 } });
    expect(mine.data.catalog.viewerEdge.clapCount).toBe(7);
  });
});
