// Pages user-followers and user-following: paged lists of people, each with a follow button.
import {
  PEOPLE_PAGE_SIZE,
  UserFollowersPageQuery,
  UserFollowingPageQuery,
  type PersonConnectionData,
  type ProfileHeaderUser,
  type UserFollowersPageData,
  type UserFollowingPageData,
  profileLookup,
  type ProfileLookup,
} from '../graphql/profiles.ts';
import { formatCount } from '../../shared/format.ts';
import { PersonRow } from '../components/profiles/PersonRow.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import { useMorePages, type ListPage } from '../components/profiles/use-more-pages.ts';
import type { PersonPreview } from '../graphql/profiles.ts';
import type { PageDefinition } from './page-definition.ts';
import type { TypedDocumentNode } from 'urql';
import type { ReactNode } from 'react';
import { FollowerCount } from '../components/follow/FollowButton.tsx';

type PeopleQuery<Data> = TypedDocumentNode<Data, ProfileLookup & { paging: { limit: number; to?: string } }>;

function PeopleList<Data>({
  user,
  first,
  query,
  pick,
  label,
  heading,
  empty,
}: {
  user: ProfileHeaderUser;
  first: PersonConnectionData;
  query: PeopleQuery<Data>;
  pick: (data: Data) => ListPage<PersonPreview> | null;
  label: string;
  /** The count and label; the followers count moves with a follow made on this page. */
  heading: ReactNode;
  empty: string;
}) {
  const pages = useMorePages({ items: first.users, pagingInfo: first.pagingInfo }, query, { username: user.username, id: null, paging: { limit: PEOPLE_PAGE_SIZE } }, pick);
  return (
    <section className="people" aria-label={label}>
      <h2 className="people-heading">{heading}</h2>
      {pages.items.length === 0 ? <p className="profile-empty muted">{empty}</p> : null}
      <ul className="people-list">
        {pages.items.map((person) => (
          <PersonRow key={person.id} person={person} />
        ))}
      </ul>
      <ShowMoreButton pages={pages} />
    </section>
  );
}

const pickFollowers = (data: UserFollowersPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.followersConnection.users, pagingInfo: data.userResult.followersConnection.pagingInfo } : null;
const pickFollowing = (data: UserFollowingPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.followingConnection.users, pagingInfo: data.userResult.followingConnection.pagingInfo } : null;

export const userFollowersPage: PageDefinition<UserFollowersPageData> = {
  query: (params) => ({ query: UserFollowersPageQuery, variables: { ...profileLookup(params), paging: { limit: PEOPLE_PAGE_SIZE } } }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'Followers'),
  Component: function UserFollowers({ data }) {
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active={null} />
        <PeopleList
          user={user}
          first={user.followersConnection}
          query={UserFollowersPageQuery}
          pick={pickFollowers}
          label="Followers"
          heading={
            <>
              <FollowerCount target={{ kind: 'USER', id: user.id, name: user.name }} count={user.socialStats.followerCount} /> Followers
            </>
          }
          empty={`No one follows ${user.name} yet.`}
        />
      </>
    );
  },
  Sidebar: function UserFollowersSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};

export const userFollowingPage: PageDefinition<UserFollowingPageData> = {
  query: (params) => ({ query: UserFollowingPageQuery, variables: { ...profileLookup(params), paging: { limit: PEOPLE_PAGE_SIZE } } }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'Following'),
  Component: function UserFollowing({ data }) {
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active={null} />
        <PeopleList
          user={user}
          first={user.followingConnection}
          query={UserFollowingPageQuery}
          pick={pickFollowing}
          label="Following"
          heading={`${formatCount(user.socialStats.followingCount)} Following`}
          empty={`${user.name} doesn't follow anyone yet.`}
        />
      </>
    );
  },
  Sidebar: function UserFollowingSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};
