// Follow / Following button for a writer, a publication or a topic, and the follower count
// that moves with it. Used by every page (story, profiles, publications, topics, customize
// pages, home):
//   <FollowButton target={{ kind, id, name }} isFollowing={serverValue} />
//   <FollowerCount target={...} count={serverCount} />
// Both read the page's follow store (FollowStoreProvider.tsx): a click flips every button
// and count of the same target at once, before the server answers, and rolls back with
// the follow-failed toast if the call fails. Visitors get the sign-up prompt. The viewer's
// own profile shows no button (one cannot follow oneself).
import { formatCount } from '../../../shared/format.ts';
import { useViewerSession } from '../header/viewer-session.tsx';
import { edgeKey } from './follow-store.ts';
import { useFollowerCount, useFollowStore, useIsFollowing } from './FollowStoreProvider.tsx';

export type FollowTargetKind = 'USER' | 'COLLECTION' | 'TAG';

export interface FollowTarget {
  kind: FollowTargetKind;
  id: string;
  /** Shown in toasts: "You're now following {name}". */
  name: string;
}

export interface FollowButtonProps {
  target: FollowTarget;
  /** The server's answer for this viewer (false when logged out). */
  isFollowing: boolean;
  size?: 'small' | 'default';
}

export function FollowButton({ target, isFollowing, size = 'default' }: FollowButtonProps) {
  const session = useViewerSession();
  const store = useFollowStore();
  const following = useIsFollowing(target, isFollowing);
  if (target.kind === 'USER' && session.viewer?.id === target.id) return null;
  return (
    <button
      type="button"
      className={`button follow-button ${following ? 'button-outline' : 'button-dark'}${size === 'small' ? ' button-small' : ''}`}
      aria-pressed={following}
      data-follow-target={edgeKey(target.kind, target.id)}
      onClick={() => void store.act(target, following ? 'unfollow' : 'follow', { isFollowing })}
    >
      {following ? 'Following' : 'Follow'}
    </button>
  );
}

export interface FollowerCountProps {
  target: FollowTarget;
  /** The server's follower count. */
  count: number;
}

/**
 * The count, abbreviated with K and M (docs/product/3-routes-data-calls-constants.md §9); the
 * caller writes the word "Followers".
 */
export function FollowerCount({ target, count }: FollowerCountProps) {
  const shown = useFollowerCount(target, count);
  return (
    <span className="follower-count" data-follower-count={edgeKey(target.kind, target.id)} data-count={shown}>
      {formatCount(shown)}
    </span>
  );
}
