// Page user-books (/@{username}/books). Decision: the data model has no books yet
// (docs/product/2-sign-in-notices-cache-routing.md §3 names Book and BookEdition only as cache
// entities; no table holds them), so this page never invents any. A verified book author
// (isBookAuthor) gets the Books tab and this page saying their books will be listed here; anyone
// else gets a plain empty state. The page answers 200 either way for an existing writer: the
// address is valid, the shelf empty.
import { UserAboutPageQuery, type UserAboutPageData, profileLookup } from '../graphql/profiles.ts';
import { useAppState } from '../app/app-state.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import type { PageDefinition } from './page-definition.ts';

export const userBooksPage: PageDefinition<UserAboutPageData> = {
  query: (params) => ({ query: UserAboutPageQuery, variables: profileLookup(params) }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'Books'),
  Component: function UserBooks({ data }) {
    const productName = useAppState().config.productName;
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    return (
      <>
        <ProfileHeading user={user} active="books" />
        <section className="profile-books" aria-label={`Books by ${user.name}`}>
          {user.isBookAuthor ? (
            <>
              <p className="profile-books-badge">Verified book author</p>
              <p className="profile-empty muted" data-testid="books-empty">
                {user.name}'s books will be listed here. None have been added to {productName} yet.
              </p>
            </>
          ) : (
            <p className="profile-empty muted" data-testid="books-empty">
              {user.name} has no books on {productName}.
            </p>
          )}
        </section>
      </>
    );
  },
  Sidebar: function UserBooksSidebar({ data }) {
    return isProfileUser(data.userResult) ? <ProfileSidebar user={data.userResult} /> : null;
  },
};
