// The responses section's own documents: what it draws of a response and a thread page,
// the page-on and refetch query, and hiding a response. A list's responses use the same
// thread fragment (client/components/lists/CatalogResponses.graphql.ts).
import { graphql, known, type ResultOf } from '../../app/graphql.ts';
import { StoryBody_paragraph } from './StoryBody.graphql.ts';
import { StoryAddress_post } from '../links/addresses.graphql.ts';

/** First page of a thread; "See more responses" pages on from there. */
export const RESPONSES_PAGE_LIMIT = 10;

export const ResponsesSection_response = known(graphql(
  `
    fragment ResponsesSection_response on Post {
      ...StoryAddress_post
      id
      uniqueSlug
      firstPublishedAt
      clapCount
      responsesCount
      creator {
        id
        name
        username
        imageId
      }
      postResponses {
        count
      }
      viewerEdge {
        id
        clapCount
      }
      content {
        isLockedPreviewOnly
        bodyModel {
          paragraphs {
            ...StoryBody_paragraph
          }
        }
      }
    }
  `,
  [StoryBody_paragraph, StoryAddress_post],
));

/** A page of a thread (a story's or a list's responses). */
export const ResponsesSection_thread = known(graphql(
  `
    fragment ResponsesSection_thread on PostConnection {
      pagingInfo {
        next {
          limit
          to
        }
      }
      posts {
        ...ResponsesSection_response
      }
    }
  `,
  [ResponsesSection_response],
));

export type PostResponse = ResultOf<typeof ResponsesSection_response>;
export type ThreadedResponses = ResultOf<typeof ResponsesSection_thread>;

/**
 * docs/product/2-sign-in-notices-cache-routing.md §3: a thread's responses, paged and sorted (also
 * the refetch after a change).
 */
export const RefetchThreadedPostResponsesQuery = known(graphql(
  `
    query RefetchThreadedPostResponsesQuery($postId: ID!, $postResponsesPaging: PagingOptions, $sortType: ResponseSortType) {
      post(id: $postId) {
        id
        responsesCount
        postResponses {
          count
        }
        threadedPostResponses(paging: $postResponsesPaging, sortType: $sortType) {
          ...ResponsesSection_thread
        }
      }
    }
  `,
  [ResponsesSection_thread],
));

export const HidePostResponseOnParentPost = known(graphql(`
  mutation HidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    hidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      id
      responsesCount
      postResponses {
        count
      }
    }
  }
`));

export const UnhidePostResponseOnParentPost = known(graphql(`
  mutation UnhidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    unhidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      id
      responsesCount
      postResponses {
        count
      }
    }
  }
`));
