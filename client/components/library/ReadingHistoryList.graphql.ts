// The reading history (issue 6 item 9): the query of your-reading-history and
// customize-reading-history, which the list also pages with, and the list's removals. Each
// document is defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../../app/graphql.ts';
import type { PagingInfo } from '../lists/catalog-paging.ts';
import { StoryCard_post, type PostPreview } from '../StoryCard.graphql.ts';

/** your-reading-history and customize-reading-history. */
export const ReadingHistoryPageQuery = known(graphql(`
  query ReadingHistoryPageQuery($paging: PagingOptions) {
    viewer {
      id
      readingHistoryConnection(paging: $paging) {
        items {
          id
          readAt
          post {
            ...StoryCard_post
            viewerEdge {
              id
              isBookmarked
            }
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
  }
`, [StoryCard_post]));

export const RemoveFromReadingHistory = known(graphql(`
  mutation RemoveFromReadingHistory($postId: ID!) {
    removeFromReadingHistory(postId: $postId) {
      removedCount
    }
  }
`));

export const ClearReadingHistory = known(graphql(`
  mutation ClearReadingHistory {
    clearReadingHistory {
      removedCount
    }
  }
`));

export interface ReadingHistoryItemData {
  id: string;
  readAt: number;
  post: PostPreview & { viewerEdge: { id: string; isBookmarked: boolean } };
}

export interface ReadingHistoryPageData {
  viewer: { id: string; readingHistoryConnection: { items: ReadingHistoryItemData[]; pagingInfo: PagingInfo } | null } | null;
}
