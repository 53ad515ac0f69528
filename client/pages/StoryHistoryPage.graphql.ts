// The query of post-deltas (issue 12 item 3, issue 28 point 7): a story's kept revisions and its changes, with who made each.
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
        savedBy {
          id
          name
        }
      }
      history {
        change
        rev
        createdAt
        actor {
          id
          name
        }
      }
    }
  }
`));

export type StoryHistoryPageData = ResultOf<typeof StoryHistoryPageQuery>;
