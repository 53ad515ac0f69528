import { UserAboutPageQuery, type UserAboutPageData } from './UserProfilePage.graphql.ts';
import { profileLookup } from '../components/profiles/profile-pages.ts';
import { Link } from '../app/navigation.tsx';
import { useAppState } from '../app/app-state.tsx';
import { useLinkContext } from '../components/header/link-context.ts';
import { profileSubpageUrl, userSiteOrigin } from '../../shared/urls/profile-urls.ts';
import { isUserHost, mainHostLink, type LinkContext } from '../../shared/routing/links.ts';
import { formatCount } from '../../shared/format.ts';
import { FollowerCount } from '../components/follow/FollowButton.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import type { PageDefinition } from '../app/page-definition.ts';

/** "November 2024": month and year, in UTC so the server and the browser agree. */
export function monthYear(epochMs: number): string {
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(epochMs);
}

/** The writer's RSS feed: /feed on their own site, else /feed/@{username} on the main host (worker/feeds/). */
export function userFeedUrl(user: { username: string; hasSubdomain: boolean; customDomainState: { live: { domain: string } | null } | null }, ctx: LinkContext): string {
  if (isUserHost(ctx, user.username)) return '/feed';
  const origin = userSiteOrigin(user, ctx);
  return origin ? `${origin}/feed` : mainHostLink('/feed/@{username}', { username: user.username }, ctx);
}

/** The writer's about page (page user-about): bio, since when they are here and a member, follower and following counts. */
export const userAboutPage: PageDefinition<UserAboutPageData> = {
  query: (params) => ({ query: UserAboutPageQuery, variables: profileLookup(params) }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'About'),
  Component: function UserAbout({ data }) {
    const ctx = useLinkContext();
    const productName = useAppState().config.productName;
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active="about" />
        <section className="profile-about" aria-label={`About ${user.name}`}>
          {user.bio ? <p className="profile-about-bio">{user.bio}</p> : <p className="profile-empty muted">{user.name} hasn't written a bio yet.</p>}
          <dl className="profile-about-facts">
            {user.mediumMemberAt !== null ? (
              <div>
                <dt>Member</dt>
                <dd>{`${productName} member since ${monthYear(user.mediumMemberAt)}`}</dd>
              </div>
            ) : null}
            <div>
              <dt>Joined</dt>
              <dd>{`On ${productName} since ${monthYear(user.createdAt)}`}</dd>
            </div>
          </dl>
          <p className="profile-about-counts">
            <Link href={profileSubpageUrl(user, 'followers', ctx)} className="profile-follower-count">
              <FollowerCount target={{ kind: 'USER', id: user.id, name: user.name }} count={user.socialStats.followerCount} /> Followers
            </Link>
            <span aria-hidden="true"> · </span>
            <Link href={profileSubpageUrl(user, 'following', ctx)}>{formatCount(user.socialStats.followingCount)} Following</Link>
          </p>
          <p className="profile-feed-link muted">
            <a href={userFeedUrl(user, ctx)} type="application/rss+xml">
              RSS feed
            </a>
          </p>
        </section>
      </>
    );
  },
  Sidebar: function UserAboutSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};
