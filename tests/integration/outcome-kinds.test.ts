// Outcome kinds of docs/product/2-sign-in-notices-cache-routing.md §8 that issue 27 point 5 added,
// and the locked-post reasons of docs/product/3-routes-data-calls-constants.md §8: one test per
// kind an operation can produce (what the product does with each: docs/outcomes.md).

import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, type World } from './helpers/fixtures.ts';
import { graphql, testDb } from './helpers/graphql-client.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});

describe('GraphqlEmptyId', () => {
  it('answers a story look-up by an empty id', async () => {
    const { data, errors } = await graphql(`{ postResult(id: "") { __typename ... on GraphqlEmptyId { message } } post(id: " ") { id } }`);
    expect(errors).toBeUndefined();
    expect(data.postResult).toEqual({ __typename: 'GraphqlEmptyId', message: 'No id was given.' });
    expect(data.post).toBeNull();
  });

  it('answers an account look-up by an empty id, while a real id still finds the account', async () => {
    const empty = await graphql(`{ userResult(id: "") { __typename ... on GraphqlEmptyId { message } } }`);
    expect(empty.errors).toBeUndefined();
    expect(empty.data.userResult).toEqual({ __typename: 'GraphqlEmptyId', message: 'No id was given.' });
    const named = await graphql(`{ userResult(username: "writer") { __typename } }`);
    expect(named.data.userResult.__typename).toBe('User');
  });
});

describe('locked-post reasons', () => {
  const ask = (who: 'reader' | 'member' | null) =>
    graphql(`query($id: ID!) { post(id: $id) { content { isLockedPreviewOnly lockedPostReason } } }`, { id: POSTS.locked }, who ? world.sessions[who] : undefined);

  it('a reader without a membership gets the preview for LACK_OF_MEMBERSHIP, signed in or not', async () => {
    for (const who of ['reader', null] as const) {
      const { data, errors } = await ask(who);
      expect(errors).toBeUndefined();
      expect(data.post.content).toEqual({ isLockedPreviewOnly: true, lockedPostReason: 'LACK_OF_MEMBERSHIP' });
    }
  });

  it('a member reads it whole, with no reason', async () => {
    const { data } = await ask('member');
    expect(data.post.content).toEqual({ isLockedPreviewOnly: false, lockedPostReason: null });
  });

  it('a public story has no reason', async () => {
    const { data } = await graphql(`{ post(id: "${POSTS.open}") { content { lockedPostReason } } }`);
    expect(data.post.content.lockedPostReason).toBeNull();
  });
});
