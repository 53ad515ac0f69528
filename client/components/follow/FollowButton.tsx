// Follow / Following button for a writer, a publication or a topic.
// Contract used by every page (story, profiles, publications, topics, customize pages):
//   <FollowButton target={{ kind, id, name }} isFollowing={serverValue} />
//   <FollowerCount target={...} count={serverCount} />  — the count that moves with the button
// The follow capability (issue 6, item 4) owns the behaviour behind these exports.
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

export function FollowButton({ isFollowing, size = 'default' }: FollowButtonProps) {
  return (
    <button type="button" className={`button ${isFollowing ? 'button-outline' : 'button-dark'}${size === 'small' ? ' button-small' : ''}`}>
      {isFollowing ? 'Following' : 'Follow'}
    </button>
  );
}

export interface FollowerCountProps {
  target: FollowTarget;
  /** The server's follower count. */
  count: number;
}

export function FollowerCount({ count }: FollowerCountProps) {
  return <>{count}</>;
}
