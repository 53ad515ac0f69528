// The query of user-books (docs/partner-program.md "Author verification").
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { ProfileHeading_user, UnavailableProfile_result } from '../components/profiles/profile-parts.graphql.ts';

export const UserBooksPageQuery = known(graphql(`
  query UserBooksPageQuery($username: String, $id: ID) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        books {
          title
          url
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, UnavailableProfile_result]));

export type UserBooksPageData = ResultOf<typeof UserBooksPageQuery>;
