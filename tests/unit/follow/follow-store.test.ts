// The client's follow and mute store: optimistic changes, settling on the server's answer,
// rollback on failure, and every view of one target agreeing.
import { describe, expect, it } from 'vitest';
import {
  edgeKey,
  effectiveFollowerCount,
  effectiveFollowing,
  effectiveMuting,
  followStoreReducer,
  initialFollowStoreState,
  isPending,
  type FollowStoreAction,
  type FollowStoreState,
} from '../../../client/components/follow/follow-store.ts';
import { appendPage } from '../../../client/pages/HomeFeed.tsx';
import { callFor } from '../../../client/components/follow/FollowStoreProvider.tsx';
import { failureToast, GENERIC_FAILURE, successToast } from '../../../client/components/follow/follow-toasts.ts';
import { toastContent } from '../../../client/components/toasts/catalogue.tsx';

const writer = edgeKey('USER', 'u1');
const other = edgeKey('USER', 'u2');
const run = (...actions: FollowStoreAction[]): FollowStoreState => actions.reduce(followStoreReducer, initialFollowStoreState);

describe('follow store', () => {
  it('shows the page value until the viewer acts', () => {
    expect(effectiveFollowing(initialFollowStoreState, writer, true)).toBe(true);
    expect(effectiveFollowerCount(initialFollowStoreState, writer, 41)).toBe(41);
    expect(effectiveMuting(initialFollowStoreState, writer, false)).toBe(false);
  });

  it('flips the button and the count at once, before the server answers', () => {
    const state = run({ type: 'begin', key: writer, opId: 1, change: 'follow', page: { isFollowing: false } });
    expect(effectiveFollowing(state, writer, false)).toBe(true);
    // Every count of the same target moves, whatever page value it was rendered with.
    expect(effectiveFollowerCount(state, writer, 41)).toBe(42);
    expect(isPending(state, writer)).toBe(true);
    // Other targets are untouched.
    expect(effectiveFollowing(state, other, false)).toBe(false);
    expect(effectiveFollowerCount(state, other, 7)).toBe(7);
  });

  it("settles on the server's answer", () => {
    const state = run(
      { type: 'begin', key: writer, opId: 1, change: 'follow', page: { isFollowing: false } },
      { type: 'succeed', key: writer, opId: 1, confirmed: { isFollowing: true, isMuting: false, followerCount: 50 } },
    );
    expect(effectiveFollowing(state, writer, false)).toBe(true);
    // The server's count wins over the page's (someone else followed meanwhile).
    expect(effectiveFollowerCount(state, writer, 41)).toBe(50);
    expect(isPending(state, writer)).toBe(false);
  });

  it('rolls back when the call fails', () => {
    const state = run(
      { type: 'begin', key: writer, opId: 1, change: 'follow', page: { isFollowing: false } },
      { type: 'fail', key: writer, opId: 1 },
    );
    expect(effectiveFollowing(state, writer, false)).toBe(false);
    expect(effectiveFollowerCount(state, writer, 41)).toBe(41);
    expect(isPending(state, writer)).toBe(false);
  });

  it('rolls back an unfollow to the last confirmed state', () => {
    const state = run(
      { type: 'begin', key: writer, opId: 1, change: 'follow', page: { isFollowing: false } },
      { type: 'succeed', key: writer, opId: 1, confirmed: { isFollowing: true, isMuting: false, followerCount: 42 } },
      { type: 'begin', key: writer, opId: 2, change: 'unfollow', page: { isFollowing: false } },
    );
    expect(effectiveFollowing(state, writer, false)).toBe(false);
    expect(effectiveFollowerCount(state, writer, 41)).toBe(41);
    const failed = followStoreReducer(state, { type: 'fail', key: writer, opId: 2 });
    expect(effectiveFollowing(failed, writer, false)).toBe(true);
    expect(effectiveFollowerCount(failed, writer, 41)).toBe(42);
  });

  it('following what is already followed does not move the count', () => {
    const state = run({ type: 'begin', key: writer, opId: 1, change: 'follow', page: { isFollowing: true } });
    expect(effectiveFollowerCount(state, writer, 41)).toBe(41);
  });

  it('keeps the latest click when calls overlap, and rolls back only the one that failed', () => {
    const state = run(
      { type: 'begin', key: writer, opId: 1, change: 'follow', page: { isFollowing: false } },
      { type: 'begin', key: writer, opId: 2, change: 'unfollow', page: { isFollowing: false } },
    );
    expect(effectiveFollowing(state, writer, false)).toBe(false);
    expect(effectiveFollowerCount(state, writer, 10)).toBe(10);
    const firstFailed = followStoreReducer(state, { type: 'fail', key: writer, opId: 1 });
    expect(effectiveFollowing(firstFailed, writer, false)).toBe(false);
    // The unfollow's -1 remains, but a count never goes below zero.
    expect(effectiveFollowerCount(firstFailed, writer, 0)).toBe(0);
  });

  it('mutes and unmutes independently of following, with rollback', () => {
    const muted = run({ type: 'begin', key: writer, opId: 1, change: 'mute', page: { isMuting: false } });
    expect(effectiveMuting(muted, writer, false)).toBe(true);
    expect(effectiveFollowing(muted, writer, true)).toBe(true);
    expect(effectiveFollowerCount(muted, writer, 5)).toBe(5);
    expect(effectiveMuting(followStoreReducer(muted, { type: 'fail', key: writer, opId: 1 }), writer, false)).toBe(false);
    const confirmed = followStoreReducer(muted, { type: 'succeed', key: writer, opId: 1, confirmed: { isFollowing: true, isMuting: true, followerCount: 5 } });
    const unmuting = followStoreReducer(confirmed, { type: 'begin', key: writer, opId: 2, change: 'unmute', page: {} });
    expect(effectiveMuting(unmuting, writer, true)).toBe(false);
  });
});

describe('the spec call for each change', () => {
  it.each([
    ['USER', 'follow', 'FollowUser', { targetUserId: 'x' }],
    ['USER', 'unfollow', 'UnfollowUser', { targetUserId: 'x' }],
    ['USER', 'mute', 'MuteAuthor', { targetUserId: 'x' }],
    ['USER', 'unmute', 'UnmuteAuthor', { targetUserId: 'x' }],
    ['COLLECTION', 'follow', 'FollowCollection', { targetCollectionId: 'x' }],
    ['COLLECTION', 'unfollow', 'UnfollowCollection', { targetCollectionId: 'x' }],
    ['COLLECTION', 'mute', 'MutePub', { targetCollectionId: 'x' }],
    ['COLLECTION', 'unmute', 'UnmutePub', { targetCollectionId: 'x' }],
    ['TAG', 'follow', 'FollowTag', { targetTagId: 'x' }],
    ['TAG', 'unfollow', 'UnfollowTag', { targetTagId: 'x' }],
  ] as const)('%s %s sends %s', async (kind, change, operationName, variables) => {
    const call = await callFor({ kind, id: 'x' }, change);
    const operation = call.document.definitions.find((d) => d.kind === 'OperationDefinition');
    expect(operation && 'name' in operation ? operation.name?.value : null).toBe(operationName);
    expect(call.variables).toEqual(variables);
  });

  it('refuses to mute a topic', async () => {
    await expect(callFor({ kind: 'TAG', id: 'x' }, 'mute')).rejects.toThrow(/cannot be muted/);
  });
});

describe('home feed paging', () => {
  const post = (id: string) => ({ id }) as never;
  it('appends later pages, de-duplicated by story id', () => {
    const first = appendPage([], { items: [{ post: post('a') }, { post: post('b') }], pagingInfo: { next: { limit: 2, to: 'x' } } });
    const second = appendPage(first, { items: [{ post: post('b') }, { post: post('c') }], pagingInfo: { next: null } });
    expect(second.map((p) => p.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('toasts', () => {
  const target = { name: 'Ada Lindqvist' };
  it('follow success, unfollow and mute with Undo that runs the opposite call', () => {
    expect(successToast(target, 'follow', () => undefined)).toEqual({ style: 'SUBSCRIBE_SUCCESS', extraParams: { name: 'Ada Lindqvist' } });
    // The server says the viewer already followed: the already-following toast (§4.4 SUBSCRIBED_ALREADY).
    expect(successToast(target, 'follow', () => undefined, true)).toEqual({ style: 'SUBSCRIBED_ALREADY', extraParams: { name: 'Ada Lindqvist' } });
    const undone: string[] = [];
    const unfollow = successToast(target, 'unfollow', (change) => undone.push(change));
    expect(unfollow.style).toBe('UNFOLLOW_ENTITY');
    void unfollow.extraParams?.onUndo?.();
    const mute = successToast(target, 'mute', (change) => undone.push(change));
    expect(mute.style).toBe('MUTE_ENTITY');
    void mute.extraParams?.onUndo?.();
    expect(undone).toEqual(['follow', 'unmute']);
  });

  it("'You cannot follow yourself', follow failed, and other failures", () => {
    expect(failureToast(target, 'follow', 'You cannot follow yourself')).toEqual({ style: 'SUBSCRIBE_SELF' });
    expect(failureToast(target, 'follow', undefined)).toEqual({ style: 'SUBSCRIBE_FAIL', extraParams: { name: 'Ada Lindqvist' } });
    expect(failureToast(target, 'mute', 'This account does not exist.')).toEqual({ style: 'ERROR', message: 'This account does not exist.' });
    // The call did not arrive: the retryable error
    // (docs/product/2-sign-in-notices-cache-routing.md §4.4 (RETRYABLE_ERROR)).
    expect(failureToast(target, 'unfollow', undefined)).toEqual({ style: 'RETRYABLE_ERROR', message: GENERIC_FAILURE });
  });

  it('a rate limit shows its own sentence, which names the wait, for a follow as for the rest (docs/outcomes.md RateLimited)', () => {
    const wait = 'You follow and unfollow too often. Please try again in 12 minute(s).';
    expect(failureToast(target, 'follow', wait, 'RateLimited')).toEqual({ style: 'ERROR', message: wait });
    expect(failureToast(target, 'unmute', wait, 'RateLimited')).toEqual({ style: 'ERROR', message: wait });
    // Another refusal of a follow still says "follow failed".
    expect(failureToast(target, 'follow', 'This account does not exist.', 'NotFound').style).toBe('SUBSCRIBE_FAIL');
  });

  it('the catalogue says the spec words for them', () => {
    const render = { productName: 'Vellum', ctx: { hostKind: 'default' as const, mainOrigin: 'https://vellum.example' }, now: 0, openSignIn: () => undefined, show: () => undefined, close: () => undefined, reload: () => undefined };
    const text = (request: ReturnType<typeof failureToast>) =>
      String(toastContent({ id: 1, style: request.style ?? 'MESSAGE', message: request.message ?? '', duration: 5000, extraParams: request.extraParams ?? {}, phase: 'shown' } as never, render).text);
    expect(text(successToast(target, 'follow', () => undefined))).toBe("You're now following Ada Lindqvist");
    expect(text(failureToast(target, 'follow', 'You cannot follow yourself'))).toBe('You cannot follow yourself');
    expect(text(failureToast(target, 'follow', undefined))).toMatch(/click Follow on the page below to try again/i);
    expect(text(successToast(target, 'mute', () => undefined))).toMatch(/no longer see their stories on your homepage or in your digests/);
    expect(text(failureToast(target, 'unfollow', undefined))).toBe('An error occured.');
  });
});
