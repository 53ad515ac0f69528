// The writer's profile page's query (page user-profile): the writer, and their stories, paged;
// and the queries of the profile's other tabs (recommended, responses, highlights, about),
// which user-about and user-awards share.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { PagedStories_connection } from '../components/StoryCard.graphql.ts';
import { ProfileHeading_user, UnavailableProfile_result, type ProfileResult } from '../components/profiles/profile-parts.graphql.ts';

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

// The profile tabs that list something else than the writer's stories (issue 15 item 2).

/** Has recommended: the stories the writer clapped for, most recent clap first. */
export const UserRecommendedPageQuery = known(graphql(`
  query UserRecommendedPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        recommendedPostsConnection(paging: $paging) {
          ...PagedStories_connection
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [PagedStories_connection, ProfileHeading_user, UnavailableProfile_result]));

export type UserRecommendedPageData = ResultOf<typeof UserRecommendedPageQuery>;

/** What the Responses tab draws of a response: its opening words and the story it answers. */
export const ProfileResponse_post = known(graphql(`
  fragment ProfileResponse_post on Post {
    id
    uniqueSlug
    firstPublishedAt
    clapCount
    creator {
      id
      username
    }
    previewContent {
      bodyModel {
        paragraphs {
          name
          text
        }
      }
    }
    inResponseToPost {
      id
      title
      uniqueSlug
      creator {
        id
        name
        username
      }
      collection {
        id
        slug
      }
    }
  }
`));

export const UserResponsesPageQuery = known(graphql(`
  query UserResponsesPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        responsesConnection(paging: $paging) {
          posts {
            ...ProfileResponse_post
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileResponse_post, ProfileHeading_user, UnavailableProfile_result]));

export type UserResponsesPageData = ResultOf<typeof UserResponsesPageQuery>;
export type ProfileResponse = ResultOf<typeof ProfileResponse_post>;

/** Highlights: the person's highlighted passages (never their notes), newest first. */
export const UserHighlightsPageQuery = known(graphql(`
  query UserHighlightsPageQuery($username: String, $id: ID, $paging: PagingOptions) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        highlightsConnection(paging: $paging) {
          highlights {
            id
            quote
            createdAt
            post {
              id
              title
            }
          }
          pagingInfo {
            next {
              limit
              to
            }
          }
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, UnavailableProfile_result]));

export type UserHighlightsPageData = ResultOf<typeof UserHighlightsPageQuery>;

export interface UserAboutPageData {
  userResult: ProfileResult;
}

export const UserAboutPageQuery = known(graphql(`
  query UserAboutPageQuery($username: String, $id: ID) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, UnavailableProfile_result]));

/** user-profile's series tab (/@{username}/series): the writer's published series (docs/series.md). */
export const UserSeriesPageQuery = known(graphql(`
  query UserSeriesPageQuery($username: String, $id: ID) {
    userResult: profileResult(username: $username, id: $id) {
      __typename
      ... on User {
        ...ProfileHeading_user
        series(filter: PUBLISHED) {
          id
          slug
          title
          description
          parts {
            id
          }
        }
      }
      ...UnavailableProfile_result
    }
  }
`, [ProfileHeading_user, UnavailableProfile_result]));
