// The story's end compares its props with sameResultValues (client/app/same-result-values.ts,
// docs/adr/0232-the-story-end-hydrated-after-start-up.md): the normalized cache's answer — the same
// values in new objects, without the server's `__typename`s — is the same; any changed value is not.
import { describe, expect, it } from 'vitest';
import { sameResultValues } from '../../../client/app/same-result-values.ts';

const serverResult = () => ({
  post: {
    __typename: 'Post',
    id: 'p1',
    clapCount: 3,
    creator: { __typename: 'User', id: 'u1', name: 'Ada', bio: null, viewerEdge: { __typename: 'UserViewerEdge', isFollowing: false } },
    tags: [{ __typename: 'Tag', id: 't1', slug: 'habits' }],
  },
  showResponses: false,
});

describe('sameResultValues', () => {
  it('holds the cache’s answer (new objects, no __typename) to be the server’s result', () => {
    const cacheAnswer = {
      post: { id: 'p1', clapCount: 3, creator: { id: 'u1', name: 'Ada', bio: null, viewerEdge: { isFollowing: false } }, tags: [{ id: 't1', slug: 'habits' }] },
      showResponses: false,
    };
    expect(sameResultValues(serverResult(), cacheAnswer)).toBe(true);
    expect(sameResultValues(serverResult(), serverResult())).toBe(true);
  });

  it('tells a changed value, a missing or extra field, a longer list or another kind of value', () => {
    const changed = serverResult();
    changed.post.creator.viewerEdge.isFollowing = true;
    expect(sameResultValues(serverResult(), changed)).toBe(false);
    const { bio: _bio, ...withoutBio } = serverResult().post.creator;
    expect(sameResultValues(serverResult(), { ...serverResult(), post: { ...serverResult().post, creator: withoutBio } })).toBe(false);
    expect(sameResultValues(serverResult(), { ...serverResult(), extra: 1 })).toBe(false);
    const longer = serverResult();
    longer.post.tags.push({ __typename: 'Tag', id: 't2', slug: 'sleep' });
    expect(sameResultValues(serverResult(), longer)).toBe(false);
    expect(sameResultValues({ list: [] }, { list: {} })).toBe(false);
    expect(sameResultValues({ value: null }, { value: undefined })).toBe(false);
    expect(sameResultValues({ value: 0 }, { value: '0' })).toBe(false);
  });
});
