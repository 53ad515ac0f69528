import { Link } from '../../app/navigation.tsx';
import { useAppState } from '../../app/app-state.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { profileUrl } from '../../../shared/urls/profile-urls.ts';
import type { PersonPreview } from './PersonRow.graphql.ts';
import { Avatar } from '../Avatar.tsx';
import { FollowButton } from '../follow/FollowButton.tsx';

/** A person in a list: picture, name and bio linking to their profile, and a follow button. */
export function PersonRow({ person, detail }: { person: PersonPreview; detail?: string }) {
  const ctx = useLinkContext();
  const viewer = useAppState().viewer;
  const href = profileUrl(person, ctx);
  return (
    <li className="person-row" data-user-id={person.id}>
      <Link href={href} className="person-row-avatar" tabIndex={-1} aria-hidden="true">
        <Avatar name={person.name} imageId={person.imageId} size={48} />
      </Link>
      <div className="person-row-text">
        <Link href={href} className="person-row-name">
          {person.name}
        </Link>
        {detail ? <p className="person-row-detail muted">{detail}</p> : null}
        {person.bio ? <p className="person-row-bio muted">{person.bio}</p> : null}
      </div>
      {viewer?.id === person.id ? null : (
        <FollowButton target={{ kind: 'USER', id: person.id, name: person.name }} isFollowing={person.viewerEdge.isFollowing} size="small" />
      )}
    </li>
  );
}
