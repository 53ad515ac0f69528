// Stories pinned to a publication's homepage (docs/product/2-sign-in-notices-cache-routing.md §4.4
// POST_PINNED_TO_COLLECTION_HOMEPAGE, §8 MaxPinnedStoriesReached; worker/publications/pins.ts):
// an editor pins and unpins, the home lists pins first (newest pin first), past the maximum the
// answer is MaxPinnedStoriesReached, a non-editor is Forbidden, another publication's story NotFound.
import { beforeAll, expect, it } from 'vitest';
import { MAX_PINNED_STORIES } from '../../worker/publications/pins.ts';
import { COLLECTIONS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

const PIN = `mutation($c: ID!, $p: ID!) { pinPostToCollectionHomepage(collectionId: $c, postId: $p) { __typename ... on CollectionPin { postId isPinned } ... on NotFound { message } ... on Forbidden { message } ... on MaxPinnedStoriesReached { message } } }`;
const UNPIN = `mutation($c: ID!, $p: ID!) { unpinPostFromCollectionHomepage(collectionId: $c, postId: $p) { __typename ... on CollectionPin { postId isPinned } } }`;
const PINNED = `query($id: ID!) { collection(id: $id) { pinnedPosts { id } } }`;

let world: World;
let editor: Caller;
let reader: Caller;
let quillStories: string[];
beforeAll(async () => {
  world = await seedWorld(testDb);
  editor = await signedIn(USERS.writer);
  reader = await signedIn(USERS.reader);
  quillStories = world.listedNewestFirst.filter((p) => p.collectionId === COLLECTIONS.quill).map((p) => p.id);
});

const pinnedIds = async () => ((await loggedOut.gql(PINNED, { id: COLLECTIONS.quill })).data!.collection.pinnedPosts as { id: string }[]).map((p) => p.id);

it('an editor pins stories up to the maximum, newest pin first, then is told the maximum', { timeout: 60_000 }, async () => {
  expect(quillStories.length).toBeGreaterThan(MAX_PINNED_STORIES);
  const pinning = quillStories.slice(0, MAX_PINNED_STORIES);
  for (const id of pinning) {
    const { data, errors } = await editor.gql(PIN, { c: COLLECTIONS.quill, p: id });
    expect(errors).toBeUndefined();
    expect(data!.pinPostToCollectionHomepage).toEqual({ __typename: 'CollectionPin', postId: id, isPinned: true });
  }
  expect(await pinnedIds()).toEqual([...pinning].reverse());
  // Pinning a pinned story again is harmless.
  expect((await editor.gql(PIN, { c: COLLECTIONS.quill, p: pinning[0] })).data!.pinPostToCollectionHomepage.__typename).toBe('CollectionPin');

  const over = await editor.gql(PIN, { c: COLLECTIONS.quill, p: quillStories[MAX_PINNED_STORIES] });
  expect(over.data!.pinPostToCollectionHomepage).toEqual({
    __typename: 'MaxPinnedStoriesReached',
    message: `A publication can pin at most ${MAX_PINNED_STORIES} stories to its homepage. Unpin one first.`,
  });

  const unpinned = await editor.gql(UNPIN, { c: COLLECTIONS.quill, p: pinning[0] });
  expect(unpinned.data!.unpinPostFromCollectionHomepage).toEqual({ __typename: 'CollectionPin', postId: pinning[0], isPinned: false });
  expect(await pinnedIds()).not.toContain(pinning[0]);
  for (const id of pinning) await editor.gql(UNPIN, { c: COLLECTIONS.quill, p: id });
  expect(await pinnedIds()).toEqual([]);
});

it('refuses a reader who is not an editor, and a story of another publication', async () => {
  const refused = await reader.gql(PIN, { c: COLLECTIONS.quill, p: quillStories[0] });
  expect(refused.data!.pinPostToCollectionHomepage).toEqual({ __typename: 'Forbidden', message: 'Only the editors of The Quill can pin stories to its homepage.' });
  const elsewhere = world.listedNewestFirst.find((p) => p.collectionId !== COLLECTIONS.quill)!;
  const missing = await editor.gql(PIN, { c: COLLECTIONS.quill, p: elsewhere.id });
  expect(missing.data!.pinPostToCollectionHomepage).toEqual({ __typename: 'NotFound', message: 'This story is not published in The Quill.' });
});
