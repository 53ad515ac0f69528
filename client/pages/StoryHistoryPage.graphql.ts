// The query of post-deltas (issue 12 item 3): a story's kept revisions.
import { graphql, known, type ResultOf } from '../app/graphql.ts';

export const StoryHistoryPageQuery = known(graphql(`
  query StoryHistoryPageQuery($postId: ID!) {
    viewer {
      id
    }
    post(id: $postId) {
      id
      title
      isPublished
      revisions {
        rev
        title
        createdAt
      }
    }
  }
`));

export type StoryHistoryPageData = ResultOf<typeof StoryHistoryPageQuery>;
