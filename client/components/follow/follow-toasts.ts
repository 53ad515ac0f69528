// Which toast (docs/product/2-sign-in-notices-cache-routing.md §4.4) a follow or mute call ends
// with. Pure, so the choice is tested without a browser; FollowStoreProvider.tsx shows them.
import type { ToastRequest } from '../toasts/toast-queue.ts';
import type { EdgeChange } from './follow-store.ts';

/** The server's words for a self-follow (worker/graphql/modules/social-graph.ts). */
export const CANNOT_FOLLOW_YOURSELF = 'You cannot follow yourself';
export const GENERIC_FAILURE = 'Something went wrong. Please try again.';

/**
 * After the server agreed: "You're now following {name}" — or "You're already following
 * {name}" when the server says the viewer followed before the call (a page open since before
 * a follow in another tab); unfollow and mute with Undo (undo runs the opposite call).
 */
export function successToast(target: { name: string }, change: EdgeChange, undo: (change: EdgeChange) => unknown, wasFollowing = false): ToastRequest {
  const name = target.name;
  switch (change) {
    case 'follow':
      return { style: wasFollowing ? 'SUBSCRIBED_ALREADY' : 'SUBSCRIBE_SUCCESS', extraParams: { name } };
    case 'unfollow':
      return { style: 'UNFOLLOW_ENTITY', extraParams: { name, onUndo: () => undo('follow') } };
    case 'mute':
      return { style: 'MUTE_ENTITY', extraParams: { name, onUndo: () => undo('unmute') } };
    case 'unmute':
      // docs/product/1-product-screens-membership-header-search.md §8 names "a muted-author-unmuted
      // toast" without its words.
      return { style: 'MESSAGE', message: `You unmuted ${name}. Their stories can appear on your homepage again.` };
  }
}

/**
 * After a refusal or a failure (the change is already rolled back): the self-follow
 * toast; for a follow, the follow-failed toast ("click Follow on the page below to try
 * again"); a rate limit's message as it is; otherwise the server's message, or, when the call did not arrive, the retryable
 * error (RETRYABLE_ERROR, "An error occured." with a support link: trying again may work).
 */
export function failureToast(target: { name: string }, change: EdgeChange, serverMessage: string | undefined, kind?: string): ToastRequest {
  if (serverMessage === CANNOT_FOLLOW_YOURSELF) return { style: 'SUBSCRIBE_SELF' };
  // Too many changes: the server's sentence names the wait, which RETRYABLE_ERROR's fixed words
  // would hide (docs/outcomes.md RateLimited).
  if (kind === 'RateLimited' && serverMessage) return { style: 'ERROR', message: serverMessage };
  if (change === 'follow') return { style: 'SUBSCRIBE_FAIL', extraParams: { name: target.name } };
  if (serverMessage === undefined) return { style: 'RETRYABLE_ERROR', message: GENERIC_FAILURE };
  return { style: 'ERROR', message: serverMessage };
}
