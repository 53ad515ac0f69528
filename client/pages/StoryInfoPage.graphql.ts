// The query of post-info (docs/reader.md "Story details"): the story as its author sees it,
// and its responses, the hidden ones included.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const StoryInfoPageQuery = known(graphql(`
  query StoryInfoPageQuery($postId: ID!, $order: String!, $filter: String!) {
    viewer {
      id
    }
    post(id: $postId) {
      id
      title
      mediumUrl
      isPublished
      isSuspended
      visibility
      firstPublishedAt
      latestPublishedAt
      updatedAt
      readingTime
      clapCount
      responsesCount
      responsesLocked
      canonicalUrl
      statusForCollection
      collection {
        name
      }
      submittedCollection {
        name
      }
      tags {
        slug
        displayTitle
      }
      authorResponses(order: $order, filter: $filter) {
        hidden
        post {
          id
          firstPublishedAt
          clapCount
          creator {
            name
            username
          }
          previewContent {
            bodyModel {
              paragraphs {
                text
              }
            }
          }
        }
      }
    }
  }
`));

export type StoryInfoPageData = ResultOf<typeof StoryInfoPageQuery>;
