// Pure logic of the story page: the multiVote state
// (docs/product/3-routes-data-calls-constants.md §3), response text → paragraphs, merging response
// pages, "More from" and share addresses.
import { describe, expect, it } from 'vitest';
import {
  clapsShown,
  initialMultiVoteState,
  multiVoteReducer,
  settledClaps,
  withOneMoreClap,
  withoutClaps,
} from '../../../client/components/story/multi-vote.ts';
import { mergeResponsePages } from '../../../client/components/story/ResponsesSection.tsx';
import { otherStories } from '../../../client/components/story/MoreFrom.tsx';
import { shareUrls } from '../../../client/components/story/ShareLinks.tsx';
import { paragraphsFromText } from '../../../worker/responses/responses.ts';
import type { PostResponse } from '../../../client/components/story/ResponsesSection.graphql.ts';
import type { PostPreview } from '../../../client/components/StoryCard.graphql.ts';

describe('multiVote', () => {
  const fetched = { clapCount: 10, viewerClapCount: 2 };

  it('shows the fetched counts until the viewer claps, then their entry', () => {
    let state = initialMultiVoteState;
    expect(clapsShown(state, 'p1', fetched)).toEqual({ ...fetched, viewerHasClappedSinceFetch: false });
    const next = withOneMoreClap(clapsShown(state, 'p1', fetched));
    state = multiVoteReducer(state, { type: 'set', postId: 'p1', claps: next });
    expect(clapsShown(state, 'p1', fetched)).toEqual({ clapCount: 11, viewerClapCount: 3, viewerHasClappedSinceFetch: true });
    expect(clapsShown(state, 'p2', fetched).viewerHasClappedSinceFetch).toBe(false);
    state = multiVoteReducer(state, { type: 'remove', postId: 'p1' });
    expect(state.clapsPerPost).toEqual({});
    expect(multiVoteReducer(state, { type: 'remove', postId: 'p1' })).toBe(state);
  });

  it('never goes past 50 of the viewer’s claps', () => {
    const at49 = { clapCount: 100, viewerClapCount: 49, viewerHasClappedSinceFetch: false };
    const at50 = withOneMoreClap(at49);
    expect(at50).toEqual({ clapCount: 101, viewerClapCount: 50, viewerHasClappedSinceFetch: true });
    expect(withOneMoreClap(at50)).toBe(at50);
  });

  it('settles with the server, keeping clicks made meanwhile; a failure takes its claps off', () => {
    expect(settledClaps({ clapCount: 20, viewerClapCount: 5 }, 2)).toEqual({ clapCount: 22, viewerClapCount: 7, viewerHasClappedSinceFetch: true });
    expect(settledClaps({ clapCount: 20, viewerClapCount: 49 }, 5)).toEqual({ clapCount: 21, viewerClapCount: 50, viewerHasClappedSinceFetch: true });
    expect(withoutClaps({ clapCount: 13, viewerClapCount: 3, viewerHasClappedSinceFetch: true }, 3)).toEqual({
      clapCount: 10,
      viewerClapCount: 0,
      viewerHasClappedSinceFetch: true,
    });
  });
});

describe('paragraphsFromText', () => {
  it('splits on blank lines, keeps line breaks inside a paragraph, trims, drops empties', () => {
    expect(paragraphsFromText('One\r\n\r\n  Two  \nstill two\n \t\n\n\nThree')).toEqual([
      { name: '0000', type: 'P', text: 'One', markups: [] },
      { name: '0001', type: 'P', text: 'Two\nstill two', markups: [] },
      { name: '0002', type: 'P', text: 'Three', markups: [] },
    ]);
    expect(paragraphsFromText('  \n\n ')).toEqual([]);
  });

  it('keeps markup characters as text', () => {
    expect(paragraphsFromText('<script>alert(1)</script>')[0]!.text).toBe('<script>alert(1)</script>');
  });
});

describe('mergeResponsePages', () => {
  const r = (id: string) => ({ id }) as PostResponse;
  it('appends later pages without repeating a response', () => {
    expect(mergeResponsePages([r('a'), r('b')], [r('b'), r('c'), r('c'), r('d')]).map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('otherStories', () => {
  it('leaves out the story itself and shows three', () => {
    const posts = ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id }) as PostPreview);
    expect(otherStories(posts, 'b').map((p) => p.id)).toEqual(['a', 'c', 'd']);
  });
});

describe('shareUrls', () => {
  it('builds the X, LinkedIn and Facebook share addresses with the story’s address encoded', () => {
    const urls = shareUrls('https://vellum.example/@wren/a-story-1a2b3c4d5e6f?x=1&y=2', 'A & B');
    expect(urls.x).toBe('https://twitter.com/intent/tweet?url=https%3A%2F%2Fvellum.example%2F%40wren%2Fa-story-1a2b3c4d5e6f%3Fx%3D1%26y%3D2&text=A%20%26%20B');
    expect(urls.linkedIn).toBe('https://www.linkedin.com/sharing/share-offsite/?url=https%3A%2F%2Fvellum.example%2F%40wren%2Fa-story-1a2b3c4d5e6f%3Fx%3D1%26y%3D2');
    expect(urls.facebook).toBe('https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Fvellum.example%2F%40wren%2Fa-story-1a2b3c4d5e6f%3Fx%3D1%26y%3D2');
  });
});
