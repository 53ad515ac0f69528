// Rows of writers, publications and topics with their Follow (or Unmute) button: the home
// sidebar's "Who to follow" and the customize pages.
import type { ReactNode } from 'react';
import type { SocialCollection, SocialTag, SocialUser } from './SocialRows.graphql.ts';
import { Link } from '../../app/navigation.tsx';
import { profileHref } from '../../app/hrefs.ts';
import { useLinkContext } from '../header/link-context.ts';
import { tagUrl } from '../../../shared/urls/misc-urls.ts';
import { collectionUrl } from '../../../shared/urls/publication-urls.ts';
import { imageSrc } from '../../app/images.ts';
import { Avatar } from '../Avatar.tsx';
import { FollowButton, FollowerCount } from './FollowButton.tsx';
import { MuteButton } from './MuteButton.tsx';

type Action = 'follow' | 'unmute';

function Row({ picture, title, href, detail, action, testId }: { picture: ReactNode; title: string; href: string; detail: ReactNode; action: ReactNode; testId: string }) {
  return (
    <li className="social-row" data-testid={testId}>
      <Link href={href} className="social-row-picture" tabIndex={-1} aria-hidden="true">
        {picture}
      </Link>
      <div className="social-row-text">
        <Link href={href} className="social-row-title">
          {title}
        </Link>
        <div className="social-row-detail">{detail}</div>
      </div>
      <div className="social-row-action">{action}</div>
    </li>
  );
}

export function UserRow({ user, action = 'follow' }: { user: SocialUser; action?: Action }) {
  const target = { kind: 'USER' as const, id: user.id, name: user.name };
  const ctx = useLinkContext();
  return (
    <Row
      testId={`user-row-${user.username}`}
      picture={<Avatar name={user.name} imageId={user.imageId} size={40} />}
      title={user.name}
      href={profileHref(user, ctx)}
      detail={
        action === 'follow' ? (
          <>
            <FollowerCount target={target} count={user.socialStats.followerCount} /> Followers
            {user.bio ? <span className="social-row-bio"> · {user.bio}</span> : null}
          </>
        ) : (
          user.bio
        )
      }
      action={
        action === 'follow' ? <FollowButton target={target} isFollowing={user.viewerEdge.isFollowing} size="small" /> : <MuteButton target={target} isMuting={user.viewerEdge.isMuting} size="small" />
      }
    />
  );
}

export function CollectionRow({ collection, action = 'follow' }: { collection: SocialCollection; action?: Action }) {
  const target = { kind: 'COLLECTION' as const, id: collection.id, name: collection.name };
  const ctx = useLinkContext();
  const picture = collection.avatarId ? (
    <img className="social-row-avatar" src={imageSrc(collection.avatarId, { width: 40, height: 40, pixelRatio: 2 })} width={40} height={40} alt="" />
  ) : (
    <Avatar name={collection.name} imageId={null} size={40} />
  );
  return (
    <Row
      testId={`collection-row-${collection.slug}`}
      picture={picture}
      title={collection.name}
      href={collectionUrl(collection, ctx)}
      detail={
        action === 'follow' ? (
          <>
            <FollowerCount target={target} count={collection.socialStats.followerCount} /> Followers
            {collection.description ? <span className="social-row-bio"> · {collection.description}</span> : null}
          </>
        ) : (
          collection.description
        )
      }
      action={
        action === 'follow' ? (
          <FollowButton target={target} isFollowing={collection.viewerEdge.isFollowing} size="small" />
        ) : (
          <MuteButton target={target} isMuting={collection.viewerEdge.isMuting} size="small" />
        )
      }
    />
  );
}

export function TagRow({ tag }: { tag: SocialTag }) {
  const ctx = useLinkContext();
  const target = { kind: 'TAG' as const, id: tag.id, name: tag.displayTitle };
  return (
    <Row
      testId={`tag-row-${tag.slug}`}
      picture={<span className="social-row-topic" aria-hidden="true">#</span>}
      title={tag.displayTitle}
      href={tagUrl(tag.slug, ctx)}
      detail={
        <>
          <FollowerCount target={target} count={tag.followerCount} /> Followers · {tag.postCount} Stories
        </>
      }
      action={<FollowButton target={target} isFollowing={tag.viewerEdge.isFollowing} size="small" />}
    />
  );
}
