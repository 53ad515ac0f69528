// Pages user-followers and user-following: paged lists of people, each with a follow button.
import { PEOPLE_PAGE_SIZE, profileLookup, type ProfileLookup } from '../components/profiles/profile-pages.ts';
import { UserFollowersPageQuery, UserFollowingPageQuery } from './UserFollowPages.graphql.ts';
import type { PersonConnectionData } from '../components/profiles/PersonRow.graphql.ts';
import type { ProfileHeaderUser, ProfileResult } from '../components/profiles/profile-parts.graphql.ts';
import { formatCount } from '../../shared/format.ts';
import { PersonRow } from '../components/profiles/PersonRow.tsx';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import { useMorePages, type ListPage } from '../components/profiles/use-more-pages.ts';
import type { PersonPreview } from '../components/profiles/PersonRow.graphql.ts';
import type { PageDefinition } from '../app/page-definition.ts';
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

type Connection = 'followersConnection' | 'followingConnection';
type PeoplePageData<C extends Connection> = { userResult: ProfileResult<Record<C, PersonConnectionData>> };

/** A profile page that lists people: the two pages differ in their query, connection and texts. */
function peoplePage<C extends Connection>(page: {
  query: PeopleQuery<PeoplePageData<C>>;
  connection: C;
  label: string;
  heading: (user: ProfileHeaderUser) => ReactNode;
  empty: (user: ProfileHeaderUser) => string;
}): PageDefinition<PeoplePageData<C>> {
  const pick = (data: PeoplePageData<C>) => {
    const user = data.userResult;
    return isProfileUser(user) ? { items: user[page.connection].users, pagingInfo: user[page.connection].pagingInfo } : null;
  };
  return {
    query: (params) => ({ query: page.query, variables: { ...profileLookup(params), paging: { limit: PEOPLE_PAGE_SIZE } } }),
    status: (data) => profileStatus(data.userResult),
    title: (data, state) => profileTitle(data?.userResult, state.config.productName, page.label),
    Component: function PeoplePage({ data }) {
      const user = data.userResult;
      if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
      return (
        <>
          <ProfileHeading user={user} active={null} />
          <PeopleList
            user={user}
            first={user[page.connection]}
            query={page.query}
            pick={pick}
            label={page.label}
            heading={page.heading(user)}
            empty={page.empty(user)}
          />
        </>
      );
    },
    Sidebar: function PeopleSidebar({ data }) {
      return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
    },
  };
}

export const userFollowersPage = peoplePage({
  query: UserFollowersPageQuery,
  connection: 'followersConnection',
  label: 'Followers',
  // The count moves with a follow made on this page.
  heading: (user) => (
    <>
      <FollowerCount target={{ kind: 'USER', id: user.id, name: user.name }} count={user.socialStats.followerCount} /> Followers
    </>
  ),
  empty: (user) => `No one follows ${user.name} yet.`,
});

export const userFollowingPage = peoplePage({
  query: UserFollowingPageQuery,
  connection: 'followingConnection',
  label: 'Following',
  heading: (user) => `${formatCount(user.socialStats.followingCount)} Following`,
  empty: (user) => `${user.name} doesn't follow anyone yet.`,
});
