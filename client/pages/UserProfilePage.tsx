import type { ProfileUser, UserProfilePageData } from '../graphql/types.ts';
import { UserProfilePageQuery } from '../graphql/queries.ts';
import { formatCount } from '../../shared/format.ts';
import { StoryCard } from '../components/StoryCard.tsx';
import { Avatar } from '../components/Avatar.tsx';
import type { PageDefinition } from './page-definition.ts';

function isUser(result: UserProfilePageData['userResult']): result is ProfileUser {
  return result.__typename === 'User';
}

/** A writer's profile (page user-profile, two-column layout): their stories, and who they are in the sidebar. */
export const userProfilePage: PageDefinition<UserProfilePageData> = {
  query: (params) => ({
    query: UserProfilePageQuery,
    variables: { username: params.username ?? '', paging: { limit: 25 } },
  }),
  status: (data) => (isUser(data.userResult) ? 200 : data.userResult.__typename === 'NotFound' ? 404 : 410),
  title: (data, state) => {
    const user = data?.userResult;
    return user && isUser(user) ? `${user.name} – ${state.config.productName}` : state.config.productName;
  },
  Component: function UserProfile({ data }) {
    const user = data.userResult;
    if (!isUser(user)) {
      return (
        <div className="error-page">
          <h1 className="error-page-heading">{user.message}</h1>
        </div>
      );
    }
    return (
      <>
        <h1 className="profile-name">{user.name}</h1>
        <nav className="profile-tabs" aria-label="Profile">
          <span className="profile-tab is-active">Home</span>
          <a className="profile-tab" href={`/@${user.username}/about`}>
            About
          </a>
        </nav>
        <section aria-label={`Stories by ${user.name}`}>
          {user.postsConnection.posts.length === 0 ? <p className="muted">No stories yet.</p> : null}
          {user.postsConnection.posts.map((post) => (
            <StoryCard key={post.id} post={post} />
          ))}
        </section>
      </>
    );
  },
  Sidebar: function UserProfileSidebar({ data }) {
    const user = data.userResult;
    if (!isUser(user)) return null;
    return (
      <div className="profile-sidebar">
        <Avatar name={user.name} imageId={user.imageId} size={88} />
        <h2 className="profile-sidebar-name">{user.name}</h2>
        <p className="muted">{formatCount(user.socialStats.followerCount)} Followers</p>
        {user.bio ? <p className="profile-sidebar-bio">{user.bio}</p> : null}
      </div>
    );
  },
};
