// "Show less like this" (docs/product/2-sign-in-notices-cache-routing.md §4.4 USER_NEGATIVE_SIGNAL;
// worker/stories/negative-signals.ts): the story leaves the reader's home feed, Undo brings it
// back, a missing story is NotFound, and signed out it asks to sign in.
import { beforeAll, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { loggedOut, signedIn, type Caller } from './helpers/signed-in.ts';

let reader: Caller;
beforeAll(async () => {
  await seedWorld(testDb);
  reader = await signedIn(USERS.reader);
});

const SHOW_LESS = `mutation($id: ID!) { showLessLikeThis(targetPostId: $id) { __typename ... on NegativeSignal { postId isShowingLess } ... on NotFound { message } } }`;
const UNDO = `mutation($id: ID!) { undoShowLessLikeThis(targetPostId: $id) { __typename ... on NegativeSignal { postId isShowingLess } } }`;
const feedIds = async (mode: string) => {
  const { data, errors } = await reader.gql(`{ homeFeed(mode: ${mode}, paging: { limit: 25 }) { items { post { id } } } }`);
  expect(errors).toBeUndefined();
  return (data!.homeFeed.items as { post: { id: string } }[]).map((i) => i.post.id);
};

it('takes the story off the reader’s home feed until they undo it', { timeout: 60_000 }, async () => {
  const story = (await feedIds('LATEST'))[0]!;
  expect(story).toBeTruthy();
  const shown = await reader.gql(SHOW_LESS, { id: story });
  expect(shown.errors).toBeUndefined();
  expect(shown.data!.showLessLikeThis).toEqual({ __typename: 'NegativeSignal', postId: story, isShowingLess: true });
  expect(await feedIds('LATEST')).not.toContain(story);
  expect(await feedIds('FOR_YOU')).not.toContain(story);
  // Asking twice is harmless.
  expect((await reader.gql(SHOW_LESS, { id: story })).data!.showLessLikeThis.isShowingLess).toBe(true);

  const undone = await reader.gql(UNDO, { id: story });
  expect(undone.data!.undoShowLessLikeThis).toEqual({ __typename: 'NegativeSignal', postId: story, isShowingLess: false });
  expect(await feedIds('LATEST')).toContain(story);
});

it('answers NotFound for a story that does not exist, and asks a signed-out visitor to sign in', async () => {
  const missing = await reader.gql(SHOW_LESS, { id: 'ee00000009ff' });
  expect(missing.errors).toBeUndefined();
  expect(missing.data!.showLessLikeThis).toEqual({ __typename: 'NotFound', message: 'This story does not exist.' });
  const anonymous = await loggedOut.gql(SHOW_LESS, { id: POSTS.open });
  expect(anonymous.errors?.[0]?.message).toBe('Sign in to see fewer stories like this.');
});
