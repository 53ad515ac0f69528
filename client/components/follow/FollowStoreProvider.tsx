// The follow and mute store of the page (the reducer is follow-store.ts), provided once by
// client/layouts/App.tsx. act() is the one way the client follows, unfollows, mutes or
// unmutes: it shows the change at once, sends the spec's call (FollowUser, UnfollowUser,
// FollowCollection, UnfollowCollection, FollowTag, UnfollowTag, MuteAuthor, UnmuteAuthor,
// MutePub, UnmutePub), settles on the server's answer or rolls back, and shows the toast
// of docs/product/2-sign-in-notices-cache-routing.md §4.4. A visitor gets the sign-up prompt
// instead (docs/product/2-sign-in-notices-cache-routing.md §6: following needs an account).
import { createContext, useCallback, useContext, useMemo, useReducer, useRef } from 'react';
import type { ReactNode } from 'react';
import { useClient, type TypedDocumentNode } from 'urql';
import { useSignInPrompt } from '../header/sign-in-prompt.tsx';
import { useViewerSession } from '../header/viewer-session.tsx';
import { useToast } from '../toasts/ToastProvider.tsx';
import { failureToast, successToast } from './follow-toasts.ts';
import {
  edgeKey,
  effectiveFollowerCount,
  effectiveFollowing,
  effectiveMuting,
  followStoreReducer,
  initialFollowStoreState,
  isPending,
  type ConfirmedEdge,
  type EdgeChange,
  type EdgeTargetKind,
  type FollowStoreState,
  type PageEdge,
} from './follow-store.ts';

export interface EdgeTarget {
  kind: EdgeTargetKind;
  id: string;
  /** Shown in toasts. */
  name: string;
}

export interface FollowStoreApi {
  state: FollowStoreState;
  /** Follows, unfollows, mutes or unmutes; resolves to whether the server agreed. */
  act(target: EdgeTarget, change: EdgeChange, page: PageEdge): Promise<boolean>;
}

interface CallSpec {
  document: TypedDocumentNode<Record<string, EdgeAnswer>, Record<string, string>>;
  field: string;
  variables: Record<string, string>;
}

type EdgeAnswer =
  | ({ __typename: 'ViewerEdgeUpdate'; wasFollowing?: boolean } & ConfirmedEdge)
  | { __typename: 'BadRequest' | 'NotFound' | 'RateLimited'; message: string };

/**
 * The spec's call for a change of an edge to a target. The documents load with the first
 * change: the provider is in every page's shell, and most readers never follow anyone.
 */
export async function callFor(target: Pick<EdgeTarget, 'kind' | 'id'>, change: EdgeChange): Promise<CallSpec> {
  const { FollowCollection, FollowTag, FollowUser, MuteAuthor, MutePub, UnfollowCollection, UnfollowTag, UnfollowUser, UnmuteAuthor, UnmutePub } =
    await import('./FollowStoreProvider.graphql.ts');
  const doc = (document: unknown, field: string, variables: Record<string, string>): CallSpec => ({
    document: document as CallSpec['document'],
    field,
    variables,
  });
  const user = { targetUserId: target.id };
  const collection = { targetCollectionId: target.id };
  const tag = { targetTagId: target.id };
  switch (`${target.kind}:${change}`) {
    case 'USER:follow':
      return doc(FollowUser, 'followUser', user);
    case 'USER:unfollow':
      return doc(UnfollowUser, 'unfollowUser', user);
    case 'USER:mute':
      return doc(MuteAuthor, 'muteAuthor', user);
    case 'USER:unmute':
      return doc(UnmuteAuthor, 'unmuteAuthor', user);
    case 'COLLECTION:follow':
      return doc(FollowCollection, 'followCollection', collection);
    case 'COLLECTION:unfollow':
      return doc(UnfollowCollection, 'unfollowCollection', collection);
    case 'COLLECTION:mute':
      return doc(MutePub, 'mutePub', collection);
    case 'COLLECTION:unmute':
      return doc(UnmutePub, 'unmutePub', collection);
    case 'TAG:follow':
      return doc(FollowTag, 'followTag', tag);
    case 'TAG:unfollow':
      return doc(UnfollowTag, 'unfollowTag', tag);
    default:
      throw new Error(`Topics cannot be muted (${target.kind}:${change}).`);
  }
}

const FollowStoreContext = createContext<FollowStoreApi | null>(null);

export function FollowStoreProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(followStoreReducer, initialFollowStoreState);
  const client = useClient();
  const session = useViewerSession();
  const openSignIn = useSignInPrompt();
  const { showToast } = useToast();
  const nextOpId = useRef(0);

  const act = useCallback(
    async (target: EdgeTarget, change: EdgeChange, page: PageEdge): Promise<boolean> => {
      if (!session.isLoggedIn) {
        openSignIn({ operation: 'register', susiEntry: `follow_${target.kind.toLowerCase()}` });
        return false;
      }
      const key = edgeKey(target.kind, target.id);
      const opId = ++nextOpId.current;
      dispatch({ type: 'begin', key, opId, change, page });

      let answer: EdgeAnswer | undefined;
      try {
        const call = await callFor(target, change);
        const result = await client.mutation(call.document, call.variables).toPromise();
        answer = result.data?.[call.field];
      } catch {
        answer = undefined;
      }

      if (answer?.__typename === 'ViewerEdgeUpdate') {
        dispatch({ type: 'succeed', key, opId, confirmed: { isFollowing: answer.isFollowing, isMuting: answer.isMuting, followerCount: answer.followerCount } });
        showToast(successToast(target, change, (undoChange) => act(target, undoChange, {}), answer.wasFollowing === true));
        return true;
      }
      dispatch({ type: 'fail', key, opId });
      showToast(failureToast(target, change, answer?.message, answer?.__typename));
      return false;
    },
    [client, session.isLoggedIn, openSignIn, showToast],
  );

  const api = useMemo(() => ({ state, act }), [state, act]);
  return <FollowStoreContext.Provider value={api}>{children}</FollowStoreContext.Provider>;
}

export function useFollowStore(): FollowStoreApi {
  const api = useContext(FollowStoreContext);
  if (!api) throw new Error('useFollowStore must be used inside FollowStoreProvider (client/layouts/App.tsx provides it)');
  return api;
}

/** Whether the viewer follows a target now (the page's value until the viewer acts). */
export function useIsFollowing(target: Pick<EdgeTarget, 'kind' | 'id'>, page: boolean): boolean {
  return effectiveFollowing(useFollowStore().state, edgeKey(target.kind, target.id), page);
}

export function useIsMuting(target: Pick<EdgeTarget, 'kind' | 'id'>, page: boolean): boolean {
  return effectiveMuting(useFollowStore().state, edgeKey(target.kind, target.id), page);
}

export function useFollowerCount(target: Pick<EdgeTarget, 'kind' | 'id'>, page: number): number {
  return effectiveFollowerCount(useFollowStore().state, edgeKey(target.kind, target.id), page);
}

export function useIsEdgePending(target: Pick<EdgeTarget, 'kind' | 'id'>): boolean {
  return isPending(useFollowStore().state, edgeKey(target.kind, target.id));
}
