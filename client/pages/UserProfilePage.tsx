import { PROFILE_STORIES_PAGE_SIZE, profileLookup } from '../graphql/profiles.ts';
import { UserStoriesPageQuery, type UserStoriesPageData } from './UserProfilePage.graphql.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import { useMorePages } from '../components/profiles/use-more-pages.ts';
import { ShowMoreButton } from '../components/profiles/ShowMoreButton.tsx';
import type { PageDefinition } from './page-definition.ts';
import { profileHead } from './page-heads.ts';

const pickStories = (data: UserStoriesPageData) =>
  isProfileUser(data.userResult) ? { items: data.userResult.postsConnection.posts, pagingInfo: data.userResult.postsConnection.pagingInfo } : null;

function UserStories({ user }: { user: Extract<UserStoriesPageData['userResult'], { __typename: 'User' }> }) {
  const pages = useMorePages(
    { items: user.postsConnection.posts, pagingInfo: user.postsConnection.pagingInfo },
    UserStoriesPageQuery,
    { username: user.username, id: null, paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
    pickStories,
  );
  return (
    <section aria-label={`Stories by ${user.name}`} className="profile-stories">
      {pages.items.length === 0 ? <p className="profile-empty muted">{user.name} hasn't published any stories yet.</p> : null}
      {pages.items.map((post) => (
        <StoryCard key={post.id} post={post} />
      ))}
      <ShowMoreButton pages={pages} />
    </section>
  );
}

/** A writer's profile (page user-profile, two-column layout): their stories, newest first, paged. */
export const userProfilePage: PageDefinition<UserStoriesPageData> = {
  query: (params) => ({
    query: UserStoriesPageQuery,
    variables: { ...profileLookup(params), paging: { limit: PROFILE_STORIES_PAGE_SIZE } },
  }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName),
  head: (data, state) => (data && isProfileUser(data.userResult) ? profileHead(data.userResult, state) : undefined),
  Component: function UserProfile({ data }) {
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active="home" />
        <UserStories user={user} />
      </>
    );
  },
  Sidebar: function UserProfileSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};
