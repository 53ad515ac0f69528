// Page user-books (/@{username}/books). A verified book author (isBookAuthor) gets the Books tab
// and this page listing the books they named when they applied for verification (title and
// link; docs/partner-program.md "Author verification"); anyone else gets a plain empty state
// (unverified claims are never shown). The page answers 200 either way for an existing writer:
// the address is valid, the shelf maybe empty.
import { profileLookup } from '../components/profiles/profile-pages.ts';
import { useAppState } from '../app/app-state.tsx';
import { isProfileUser, ProfileHeading, ProfileSidebar, profileStatus, profileTitle, UnavailableProfile } from '../components/profiles/profile-parts.tsx';
import type { PageDefinition } from '../app/page-definition.ts';
import { UserBooksPageQuery, type UserBooksPageData } from './UserBooksPage.graphql.ts';

export const userBooksPage: PageDefinition<UserBooksPageData> = {
  query: (params) => ({ query: UserBooksPageQuery, variables: profileLookup(params) }),
  status: (data) => profileStatus(data.userResult),
  title: (data, state) => profileTitle(data?.userResult, state.config.productName, 'Books'),
  Component: function UserBooks({ data }) {
    const productName = useAppState().config.productName;
    const user = data.userResult;
    if (!isProfileUser(user)) return <UnavailableProfile result={user} />;
    const books = data.userResult.__typename === 'User' ? data.userResult.books : [];
    return (
      <>
        <ProfileHeading user={user} active="books" />
        <section className="profile-books" aria-label={`Books by ${user.name}`}>
          {user.isBookAuthor ? (
            <>
              <p className="profile-books-badge">Verified book author</p>
              {books.length > 0 ? (
                <ul className="profile-books-list" data-testid="books-list">
                  {books.map((book) => (
                    <li key={book.url + book.title}>
                      <a href={book.url} rel="noopener noreferrer nofollow">
                        {book.title}
                      </a>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="profile-empty muted" data-testid="books-empty">
                  {user.name}'s books will be listed here. None have been added to {productName} yet.
                </p>
              )}
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
