// A home tab's stories (HomeFeed.tsx): a page of the feed, and the query that loads the next
// page (or a tab's first page when it opens after the page loaded).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';

export const HomeFeed_feed = known(graphql(
  `
    fragment HomeFeed_feed on PostFeed {
      items {
        post {
          ...StoryCard_post
        }
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  `,
  [StoryCard_post],
));

export type FeedPage = ResultOf<typeof HomeFeed_feed>;

/** A page of a home tab (the Following tab's first page, and every later page of both). */
export const HomeFeedQuery = known(graphql(
  `
    query HomeFeedQuery($mode: HomeFeedMode!, $paging: PagingOptions) {
      homeFeed(mode: $mode, paging: $paging) {
        ...HomeFeed_feed
      }
    }
  `,
  [HomeFeed_feed],
));

/** "Show less like this" and its Undo (USER_NEGATIVE_SIGNAL, docs/product/2-sign-in-notices-cache-routing.md §4.4). */
/** What "Show less like this" and its undo answer: the signal's state, or why not. */
export const NegativeSignalResult_outcome = known(graphql(`
  fragment NegativeSignalResult_outcome on NegativeSignalResult {
    __typename
    ... on NegativeSignal {
      postId
      isShowingLess
    }
    ... on NotFound {
      message
    }
  }
`));

export const ShowLessLikeThis = known(graphql(`
  mutation ShowLessLikeThis($targetPostId: ID!) {
    showLessLikeThis(targetPostId: $targetPostId) {
      ...NegativeSignalResult_outcome
    }
  }
`, [NegativeSignalResult_outcome]));

export const UndoShowLessLikeThis = known(graphql(`
  mutation UndoShowLessLikeThis($targetPostId: ID!) {
    undoShowLessLikeThis(targetPostId: $targetPostId) {
      ...NegativeSignalResult_outcome
    }
  }
`, [NegativeSignalResult_outcome]));
