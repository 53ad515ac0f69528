// Lists (catalogs) through /_/graphql: the predefined Reading list, creating, renaming,
// deleting and making lists public or private, adding and removing stories, saving someone
// else's public list, paging — and that only the creator changes a list and a private
// list does not exist for anyone else.
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const CATALOG = 'id name visibility predefined slugId postItemsCount viewerEdge { isCreator isFollowing }';
const RESULT = `__typename ... on Catalog { ${CATALOG} } ... on BadRequest { message } ... on NotFound { message } ... on Forbidden { message }`;
const CREATE = `mutation($input: CreateCatalogInput!) { createCatalog(input: $input) { ${RESULT} } }`;
const UPDATE = `mutation($id: ID!, $input: UpdateCatalogInput!) { updateCatalog(catalogId: $id, input: $input) { ${RESULT} } }`;
const DELETE = `mutation($id: ID!) { deleteCatalog(catalogId: $id) { __typename ... on DeleteCatalogSuccess { catalogId } ... on BadRequest { message } ... on NotFound { message } ... on Forbidden { message } } }`;
const ADD = `mutation($id: ID!, $postId: ID!) { addToCatalog(catalogId: $id, postId: $postId) { ${RESULT} } }`;
const REMOVE = `mutation($id: ID!, $postId: ID!) { removeFromCatalog(catalogId: $id, postId: $postId) { ${RESULT} } }`;
const FOLLOW = `mutation($id: ID!) { followCatalog(catalogId: $id) { ${RESULT} } }`;
const UNFOLLOW = `mutation($id: ID!) { unfollowCatalog(catalogId: $id) { ${RESULT} } }`;
const MY_LISTS = `query($paging: PagingOptions) { viewer { catalogsConnection(paging: $paging) { catalogs { ${CATALOG} } pagingInfo { next { limit to } } } } }`;
const ONE = `query($id: ID!, $postId: ID!) { catalog(id: $id) { ${CATALOG} hasPost(postId: $postId) itemsConnection { items { catalogItemId post { id title } } } } }`;

let reader: Caller;
let member: Caller;
const readingListId = `predefined:${USERS.reader}:READING_LIST`;

beforeAll(async () => {
  await seedWorld(testDb);
  reader = await signedIn(USERS.reader);
  member = await signedIn(USERS.member);
});

async function create(caller: Caller, input: Record<string, unknown>) {
  const answer = await caller.gql(CREATE, { input });
  expect(answer.errors).toBeUndefined();
  return answer.data.createCatalog;
}

describe('the Reading list', () => {
  it('leads every reader\'s lists, with its predefined id and slug', async () => {
    const answer = await reader.gql(MY_LISTS);
    const [first] = answer.data.viewer.catalogsConnection.catalogs;
    expect(first).toMatchObject({ id: readingListId, name: 'Reading list', predefined: 'READING_LIST', slugId: 'reading-list', visibility: 'PRIVATE' });
    expect(first.viewerEdge.isCreator).toBe(true);
  });

  it('saves a story, which the story\'s viewer edge then shows as bookmarked', async () => {
    const added = await reader.gql(ADD, { id: readingListId, postId: POSTS.open });
    expect(added.data.addToCatalog).toMatchObject({ __typename: 'Catalog', id: readingListId, postItemsCount: 1 });
    const post = await reader.gql(`{ post(id: "${POSTS.open}") { viewerEdge { isBookmarked } } }`);
    expect(post.data.post.viewerEdge.isBookmarked).toBe(true);
    // Twice is once.
    expect((await reader.gql(ADD, { id: readingListId, postId: POSTS.open })).data.addToCatalog.postItemsCount).toBe(1);
  });

  it('cannot be renamed or deleted', async () => {
    expect((await reader.gql(UPDATE, { id: readingListId, input: { name: 'Mine' } })).data.updateCatalog).toEqual({
      __typename: 'BadRequest',
      message: 'The Reading list cannot be renamed.',
    });
    expect((await reader.gql(DELETE, { id: readingListId })).data.deleteCatalog.__typename).toBe('BadRequest');
  });

  it('is found at /me/list/reading-list (catalogBySlugId)', async () => {
    const answer = await reader.gql(`{ catalogBySlugId(catalogSlugId: "reading-list") { id } }`);
    expect(answer.data.catalogBySlugId.id).toBe(readingListId);
  });
});

describe('creating, changing and deleting a list', () => {
  it('needs a signed-in viewer', async () => {
    const answer = await loggedOut.gql(CREATE, { input: { name: 'Nope' } });
    expect(answer.data).toBeNull();
    expect(answer.errors?.[0]).toMatchObject({ message: 'Sign in to create a list.', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('validates the name', async () => {
    expect(await create(reader, { name: '   ' })).toEqual({ __typename: 'BadRequest', message: 'Give your list a name.' });
    expect((await create(reader, { name: 'x'.repeat(61) })).__typename).toBe('BadRequest');
  });

  it('creates, renames, makes private, adds and removes stories, and deletes', async () => {
    const list = await create(reader, { name: '  Weekend   reads ', description: 'Long ones' });
    expect(list).toMatchObject({ __typename: 'Catalog', name: 'Weekend reads', visibility: 'PUBLIC', predefined: null, postItemsCount: 0 });
    expect(list.slugId).toBe(`weekend-reads-${list.id}`);

    const renamed = await reader.gql(UPDATE, { id: list.id, input: { name: 'Saturday reads', visibility: 'PRIVATE' } });
    expect(renamed.data.updateCatalog).toMatchObject({ name: 'Saturday reads', visibility: 'PRIVATE' });

    await reader.gql(ADD, { id: list.id, postId: POSTS.open });
    const added = await reader.gql(ADD, { id: list.id, postId: POSTS.locked });
    expect(added.data.addToCatalog.postItemsCount).toBe(2);
    // Most recently added first (times set apart so the order does not hang on the clock).
    await testDb.prepare('UPDATE catalog_items SET created_at = created_at - 1000 WHERE catalog_id = ? AND post_id = ?').bind(list.id, POSTS.open).run();
    const read = await reader.gql(ONE, { id: list.id, postId: POSTS.locked });
    expect(read.data.catalog.hasPost).toBe(true);
    expect(read.data.catalog.itemsConnection.items.map((i: any) => i.post.id)).toEqual([POSTS.locked, POSTS.open]);

    const removed = await reader.gql(REMOVE, { id: list.id, postId: POSTS.locked });
    expect(removed.data.removeFromCatalog.postItemsCount).toBe(1);
    expect((await reader.gql(ONE, { id: list.id, postId: POSTS.locked })).data.catalog.hasPost).toBe(false);

    expect((await reader.gql(DELETE, { id: list.id })).data.deleteCatalog).toEqual({ __typename: 'DeleteCatalogSuccess', catalogId: list.id });
    expect((await reader.gql(ONE, { id: list.id, postId: POSTS.open })).data.catalog).toBeNull();
  });

  it('refuses drafts and stories the viewer cannot see', async () => {
    const list = await create(reader, { name: 'Odd ones' });
    expect((await reader.gql(ADD, { id: list.id, postId: POSTS.draft })).data.addToCatalog.__typename).toBe('NotFound');
    expect((await reader.gql(ADD, { id: list.id, postId: POSTS.trashed })).data.addToCatalog.__typename).toBe('NotFound');
    expect((await reader.gql(ADD, { id: list.id, postId: 'ffffffffffff' })).data.addToCatalog.__typename).toBe('NotFound');
  });
});

describe('only the creator changes a list; a private list is invisible to others', () => {
  let publicList: { id: string };
  let privateList: { id: string };
  beforeAll(async () => {
    publicList = await create(reader, { name: 'Open shelf' });
    privateList = await create(reader, { name: 'Secret shelf', visibility: 'PRIVATE' });
    await reader.gql(ADD, { id: privateList.id, postId: POSTS.open });
  });

  it('someone else cannot rename, delete or add to a public list (Forbidden)', async () => {
    expect((await member.gql(UPDATE, { id: publicList.id, input: { name: 'Mine now' } })).data.updateCatalog.__typename).toBe('Forbidden');
    expect((await member.gql(DELETE, { id: publicList.id })).data.deleteCatalog.__typename).toBe('Forbidden');
    expect((await member.gql(ADD, { id: publicList.id, postId: POSTS.open })).data.addToCatalog.__typename).toBe('Forbidden');
    expect((await member.gql(ADD, { id: readingListId, postId: POSTS.open })).data.addToCatalog.__typename).toBe('NotFound');
  });

  it('a private list answers like a missing one to everyone else, logged out included', async () => {
    for (const caller of [member, loggedOut]) {
      expect((await caller.gql(ONE, { id: privateList.id, postId: POSTS.open })).data.catalog).toBeNull();
      expect((await caller.gql(UPDATE, { id: privateList.id, input: { name: 'x' } })).data?.updateCatalog?.__typename ?? 'refused').not.toBe('Catalog');
    }
    expect((await member.gql(UPDATE, { id: privateList.id, input: { name: 'x' } })).data.updateCatalog.__typename).toBe('NotFound');
    expect((await member.gql(FOLLOW, { id: privateList.id })).data.followCatalog.__typename).toBe('NotFound');
    const slug = await member.gql(`{ catalogBySlugId(catalogSlugId: "secret-shelf-${privateList.id}", username: "reader") { id } }`);
    expect(slug.data.catalogBySlugId).toBeNull();
    const theirs = await member.gql(`{ user(username: "reader") { catalogsConnection { catalogs { id } } } }`);
    const ids = theirs.data.user.catalogsConnection.catalogs.map((c: any) => c.id);
    expect(ids).toContain(publicList.id);
    expect(ids).not.toContain(privateList.id);
    expect(ids).not.toContain(readingListId);
  });

  it('saving a public list puts it in the saver\'s library; it leaves when made private', async () => {
    const saved = await member.gql(FOLLOW, { id: publicList.id });
    expect(saved.data.followCatalog).toMatchObject({ __typename: 'Catalog', viewerEdge: { isFollowing: true, isCreator: false } });
    const library = `{ viewer { followedCatalogsConnection { catalogs { id creator { username } } } } }`;
    expect((await member.gql(library)).data.viewer.followedCatalogsConnection.catalogs).toEqual([{ id: publicList.id, creator: { username: 'reader' } }]);
    expect((await reader.gql(FOLLOW, { id: publicList.id })).data.followCatalog.__typename).toBe('BadRequest');

    await reader.gql(UPDATE, { id: publicList.id, input: { visibility: 'PRIVATE' } });
    expect((await member.gql(library)).data.viewer.followedCatalogsConnection.catalogs).toEqual([]);
    await reader.gql(UPDATE, { id: publicList.id, input: { visibility: 'PUBLIC' } });

    expect((await member.gql(UNFOLLOW, { id: publicList.id })).data.unfollowCatalog.viewerEdge.isFollowing).toBe(false);
    expect((await member.gql(library)).data.viewer.followedCatalogsConnection.catalogs).toEqual([]);
  });

  it('nobody reads another user\'s saved lists', async () => {
    const answer = await member.gql(`{ user(username: "reader") { followedCatalogsConnection { catalogs { id } } } }`);
    expect(answer.data.user.followedCatalogsConnection).toBeNull();
  });
});

describe('paging the viewer\'s lists', () => {
  it('keeps the Reading list on the first page and pages the rest without repeats', async () => {
    const friend = await signedIn(USERS.friend);
    for (const name of ['One', 'Two', 'Three']) await create(friend, { name });
    const first = (await friend.gql(MY_LISTS, { paging: { limit: 2 } })).data.viewer.catalogsConnection;
    expect(first.catalogs).toHaveLength(3);
    expect(first.catalogs[0].name).toBe('Reading list');
    expect(first.pagingInfo.next).not.toBeNull();
    const second = (await friend.gql(MY_LISTS, { paging: first.pagingInfo.next })).data.viewer.catalogsConnection;
    expect(second.catalogs).toHaveLength(1);
    expect(second.pagingInfo.next).toBeNull();
    const names = [...first.catalogs, ...second.catalogs].map((c: any) => c.name);
    expect(names.sort()).toEqual(['One', 'Reading list', 'Three', 'Two']);
  });
});
