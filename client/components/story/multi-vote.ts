// docs/product/3-routes-data-calls-constants.md §3 client state `multiVote`: clapsPerPost per
// postId holding clapCount, viewerClapCount and viewerHasClappedSinceFetch. An entry is set when
// the viewer claps (the count moves at once, before the server answers) and when the server
// answers; it is removed when fresh data arrives for the post, which then shows as fetched. Pure:
// the clap button (ClapButton.tsx) holds the state and the timers.

/** A reader's claps per story, in all (the server keeps the same ceiling). */
export const MAX_VIEWER_CLAPS = 50;

export interface PostClaps {
  clapCount: number;
  viewerClapCount: number;
  viewerHasClappedSinceFetch: boolean;
}

export interface MultiVoteState {
  clapsPerPost: Record<string, PostClaps>;
}

export type MultiVoteAction = { type: 'set'; postId: string; claps: PostClaps } | { type: 'remove'; postId: string };

export const initialMultiVoteState: MultiVoteState = { clapsPerPost: {} };

export function multiVoteReducer(state: MultiVoteState, action: MultiVoteAction): MultiVoteState {
  switch (action.type) {
    case 'set':
      return { clapsPerPost: { ...state.clapsPerPost, [action.postId]: action.claps } };
    case 'remove': {
      if (!(action.postId in state.clapsPerPost)) return state;
      const { [action.postId]: _removed, ...rest } = state.clapsPerPost;
      return { clapsPerPost: rest };
    }
  }
}

/** What a post shows: the viewer's own entry when there is one, else the fetched counts. */
export function clapsShown(state: MultiVoteState, postId: string, fetched: { clapCount: number; viewerClapCount: number }): PostClaps {
  return state.clapsPerPost[postId] ?? { ...fetched, viewerHasClappedSinceFetch: false };
}

/** Claps the viewer may still add (0 at the ceiling). */
export function clapsLeft(claps: Pick<PostClaps, 'viewerClapCount'>): number {
  return Math.max(0, MAX_VIEWER_CLAPS - claps.viewerClapCount);
}

/** One more clap, at once (never past the ceiling: then nothing changes). */
export function withOneMoreClap(claps: PostClaps): PostClaps {
  if (clapsLeft(claps) === 0) return claps;
  return { clapCount: claps.clapCount + 1, viewerClapCount: claps.viewerClapCount + 1, viewerHasClappedSinceFetch: true };
}

/**
 * The server's answer for claps sent, with the clicks made while the call ran still shown
 * on top (they go out in the next call).
 */
export function settledClaps(server: { clapCount: number; viewerClapCount: number }, stillPending: number): PostClaps {
  const pending = Math.min(stillPending, clapsLeft(server));
  return { clapCount: server.clapCount + pending, viewerClapCount: server.viewerClapCount + pending, viewerHasClappedSinceFetch: true };
}

/** A failed call: its claps come off again. */
export function withoutClaps(claps: PostClaps, failed: number): PostClaps {
  return {
    clapCount: Math.max(0, claps.clapCount - failed),
    viewerClapCount: Math.max(0, claps.viewerClapCount - failed),
    viewerHasClappedSinceFetch: claps.viewerHasClappedSinceFetch,
  };
}
