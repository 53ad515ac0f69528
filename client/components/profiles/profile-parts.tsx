// The parts every profile page shares (pages user-profile, user-about, user-followers,
// user-following, user-catalogs, user-catalog, user-books): the heading with its tabs in
// the main column, the writer in the sidebar, and what shows when the profile cannot be.
//
// Links follow the profile address rule
// (docs/product/1-product-screens-membership-header-search.md §3): on the writer's own custom
// domain or subdomain they are root-relative without /@{username}; elsewhere they lead to that
// site, or to /@{username} on the main host.
import { FriendBadge } from '../membership/FriendBadge.tsx';
import type { ReactNode } from 'react';
import { Link } from '../../app/navigation.tsx';
import { useAppState } from '../../app/app-state.tsx';
import { useLinkContext } from '../header/link-context.ts';
import { profileSubpageUrl, profileUrl, userSiteLink } from '../../../shared/urls/profile-urls.ts';
import type { LinkContext } from '../../../shared/routing/links.ts';
import { formatCount } from '../../../shared/format.ts';
import type { ProfileHeaderUser, ProfileResult, UnavailableUser } from './profile-parts.graphql.ts';
import { Avatar } from '../Avatar.tsx';
import { FollowButton, FollowerCount } from '../follow/FollowButton.tsx';
import { SubscribeToWriterButton } from '../newsletters/SubscribeToWriterButton.tsx';
import { MuteButton } from '../follow/MuteButton.tsx';
import { BlockButton } from '../blocks/BlockButton.tsx';

export function isProfileUser<Extra>(result: ProfileResult<Extra>): result is ProfileHeaderUser & Extra {
  return result.__typename === 'User';
}

/** 404 for an unknown writer; 410 for an account that was deleted or suspended. */
export function profileStatus(result: ProfileResult<unknown>): number {
  if (isProfileUser(result)) return 200;
  return result.__typename === 'NotFound' ? 404 : 410;
}

export function profileTitle(result: ProfileResult<unknown> | undefined, productName: string, section?: string): string {
  if (!result || !isProfileUser(result)) return productName;
  return section ? `${section} – ${result.name} – ${productName}` : `${result.name} – ${productName}`;
}

export function UnavailableProfile({ result }: { result: UnavailableUser }) {
  return (
    <div className="error-page">
      <h1 className="error-page-heading">{result.message}</h1>
    </div>
  );
}

export type ProfileTab = 'home' | 'lists' | 'about' | 'books' | null;

export function profileHomeUrl(user: ProfileHeaderUser, ctx: LinkContext): string {
  return profileUrl(user, ctx);
}

export function profileBooksUrl(user: ProfileHeaderUser, ctx: LinkContext): string {
  return userSiteLink(user, 'ShowUserBooks', {}, ctx);
}

/** The writer's name and the tabs of their profile. */
export function ProfileHeading({ user, active, children }: { user: ProfileHeaderUser; active: ProfileTab; children?: ReactNode }) {
  const ctx = useLinkContext();
  const tabs: { key: Exclude<ProfileTab, null>; label: string; href: string }[] = [
    { key: 'home', label: 'Home', href: profileHomeUrl(user, ctx) },
    { key: 'lists', label: 'Lists', href: profileSubpageUrl(user, 'lists', ctx) },
    { key: 'about', label: 'About', href: profileSubpageUrl(user, 'about', ctx) },
  ];
  if (user.isBookAuthor) tabs.push({ key: 'books', label: 'Books', href: profileBooksUrl(user, ctx) });
  return (
    <header className="profile-heading">
      <h1 className="profile-name">
        {user.name}
        {user.isFriend ? <FriendBadge name={user.name} /> : null}
      </h1>
      <nav className="profile-tabs" aria-label="Profile">
        {tabs.map((tab) =>
          tab.key === active ? (
            <span key={tab.key} className="profile-tab is-active" aria-current="page">
              {tab.label}
            </span>
          ) : (
            <Link key={tab.key} className="profile-tab" href={tab.href}>
              {tab.label}
            </Link>
          ),
        )}
      </nav>
      {children}
    </header>
  );
}

/** Follow button for anyone but the writer themselves (a writer cannot follow themselves). */
export function FollowUserButton({ user, size }: { user: ProfileHeaderUser; size?: 'small' | 'default' }) {
  const viewer = useAppState().viewer;
  if (viewer?.id === user.id) return null;
  return <FollowButton target={{ kind: 'USER', id: user.id, name: user.name }} isFollowing={user.viewerEdge.isFollowing} {...(size ? { size } : {})} />;
}

/** Mute for a signed-in reader on someone else's profile (visitors have no feed to clean). */
function MuteUserButton({ user }: { user: ProfileHeaderUser }) {
  const viewer = useAppState().viewer;
  if (!viewer || viewer.id === user.id) return null;
  return <MuteButton target={{ kind: 'USER', id: user.id, name: user.name }} isMuting={user.viewerEdge.isMuting} />;
}

/** Block for a signed-in reader on someone else's profile (it asks before blocking). */
function BlockUserButton({ user }: { user: ProfileHeaderUser }) {
  const viewer = useAppState().viewer;
  if (!viewer || viewer.id === user.id) return null;
  return <BlockButton target={{ id: user.id, name: user.name }} isBlocking={user.viewerEdge.isBlocking} />;
}

/** The sidebar of every profile page: picture, name, follower count, bio, follow. */
export function ProfileSidebar({ user }: { user: ProfileHeaderUser }) {
  const ctx = useLinkContext();
  return (
    <div className="profile-sidebar">
      <Link href={profileHomeUrl(user, ctx)} aria-label={user.name}>
        <Avatar name={user.name} imageId={user.imageId} size={88} />
      </Link>
      <h2 className="profile-sidebar-name">
        <Link href={profileHomeUrl(user, ctx)}>{user.name}</Link>
      </h2>
      <p className="profile-sidebar-counts muted">
        <Link href={profileSubpageUrl(user, 'followers', ctx)} className="profile-follower-count">
          <FollowerCount target={{ kind: 'USER', id: user.id, name: user.name }} count={user.socialStats.followerCount} /> Followers
        </Link>
        <span aria-hidden="true"> · </span>
        <Link href={profileSubpageUrl(user, 'following', ctx)}>{formatCount(user.socialStats.followingCount)} Following</Link>
      </p>
      {user.bio ? <p className="profile-sidebar-bio">{user.bio}</p> : null}
      <div className="profile-sidebar-actions">
        <FollowUserButton user={user} />
        <SubscribeToWriterButton writer={user} />
        <MuteUserButton user={user} />
        <BlockUserButton user={user} />
      </div>
    </div>
  );
}
