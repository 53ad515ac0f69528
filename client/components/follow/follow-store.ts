// The client's follow and mute state
// (docs/product/1-product-screens-membership-header-search.md §4: "Follow/unfollow and mute/unmute
// update viewer edges and counts immediately in local state, before the server answers"), as a pure
// reducer keyed by target ("USER:{id}", "COLLECTION:{id}", "TAG:{id}"), so every Follow button and
// follower count of one target on the page moves together.
//
// For each target the store keeps what the server last confirmed (unknown until a call
// answers: the page's own data stands in for it) and the calls still in flight, in order.
// What the page shows is the confirmed (or page) value with the pending calls applied on
// top: a click shows at once; an answer replaces the guess with the server's values; a
// failure drops the call, and the value it changed falls back by itself (the rollback).

export type EdgeTargetKind = 'USER' | 'COLLECTION' | 'TAG';
export type EdgeKey = `${EdgeTargetKind}:${string}`;
export type EdgeChange = 'follow' | 'unfollow' | 'mute' | 'unmute';

export const edgeKey = (kind: EdgeTargetKind, id: string): EdgeKey => `${kind}:${id}`;

/** What the page's own data says (the server's answer when the page loaded). */
export interface PageEdge {
  isFollowing?: boolean;
  isMuting?: boolean;
}

/** A server answer for one target (ViewerEdgeUpdate). */
export interface ConfirmedEdge {
  isFollowing: boolean;
  isMuting: boolean;
  followerCount: number;
}

interface PendingCall {
  opId: number;
  change: EdgeChange;
  /** How this call moves the follower count (+1, -1 or 0: following twice adds nothing). */
  countDelta: number;
}

export interface TargetState {
  confirmed: ConfirmedEdge | null;
  pending: PendingCall[];
}

export type FollowStoreState = Readonly<Record<string, TargetState>>;

export type FollowStoreAction =
  | { type: 'begin'; key: EdgeKey; opId: number; change: EdgeChange; page: PageEdge }
  | { type: 'succeed'; key: EdgeKey; opId: number; confirmed: ConfirmedEdge }
  | { type: 'fail'; key: EdgeKey; opId: number };

export const initialFollowStoreState: FollowStoreState = {};

const EMPTY: TargetState = { confirmed: null, pending: [] };

function targetState(state: FollowStoreState, key: EdgeKey): TargetState {
  return state[key] ?? EMPTY;
}

/** Whether the viewer follows the target, as the page should show it now. */
export function effectiveFollowing(state: FollowStoreState, key: EdgeKey, page: boolean): boolean {
  const target = targetState(state, key);
  let value = target.confirmed?.isFollowing ?? page;
  for (const call of target.pending) {
    if (call.change === 'follow') value = true;
    if (call.change === 'unfollow') value = false;
  }
  return value;
}

/** Whether the viewer mutes the target, as the page should show it now. */
export function effectiveMuting(state: FollowStoreState, key: EdgeKey, page: boolean): boolean {
  const target = targetState(state, key);
  let value = target.confirmed?.isMuting ?? page;
  for (const call of target.pending) {
    if (call.change === 'mute') value = true;
    if (call.change === 'unmute') value = false;
  }
  return value;
}

/** The target's follower count as the page should show it now (never below zero). */
export function effectiveFollowerCount(state: FollowStoreState, key: EdgeKey, page: number): number {
  const target = targetState(state, key);
  const base = target.confirmed?.followerCount ?? page;
  return Math.max(0, target.pending.reduce((sum, call) => sum + call.countDelta, base));
}

/** Whether a call for the target is still waiting for the server. */
export function isPending(state: FollowStoreState, key: EdgeKey): boolean {
  return targetState(state, key).pending.length > 0;
}

export function followStoreReducer(state: FollowStoreState, action: FollowStoreAction): FollowStoreState {
  const target = targetState(state, action.key);
  switch (action.type) {
    case 'begin': {
      const following = effectiveFollowing(state, action.key, action.page.isFollowing ?? false);
      const countDelta = action.change === 'follow' && !following ? 1 : action.change === 'unfollow' && following ? -1 : 0;
      return { ...state, [action.key]: { confirmed: target.confirmed, pending: [...target.pending, { opId: action.opId, change: action.change, countDelta }] } };
    }
    case 'succeed':
      return { ...state, [action.key]: { confirmed: action.confirmed, pending: target.pending.filter((call) => call.opId !== action.opId) } };
    case 'fail':
      return { ...state, [action.key]: { ...target, pending: target.pending.filter((call) => call.opId !== action.opId) } };
  }
}
