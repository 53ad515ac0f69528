// The writer's profile page's query (page user-profile): the writer, and their stories, paged.
import { graphql, known, type ResultOf } from '../graphql/graphql.ts';
import { PagedStories_connection } from '../components/StoryCard.graphql.ts';
import { ProfileHeading_user, UnavailableProfile_result } from '../components/profiles/profile-parts.graphql.ts';

export const UserStoriesPageQuery = known(graphql(`
  query UserStoriesPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        postsConnection(paging: $paging) {
          ...PagedStories_connection
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [PagedStories_connection, ProfileHeading_user, UnavailableProfile_result]));

export type UserStoriesPageData = ResultOf<typeof UserStoriesPageQuery>;
