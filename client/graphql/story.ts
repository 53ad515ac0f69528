// GraphQL documents of the story page: the page query, claps, and responses. Each is defined
// once here, so the server render and the browser build the same document objects (urql's
// operation keys must match for the server's seeded results to be used).
import { gql } from 'urql';

/** First page of a thread on the story page; "See more responses" pages on from there. */
export const RESPONSES_PAGE_LIMIT = 10;
/** Stories under "More from {writer}" and "More from {publication}" (one extra: this story may be among them). */
export const MORE_FROM_LIMIT = 4;

// Selections are interpolated as text, not as fragments: the endpoint's depth limit counts
// every fragment spread as a level (worker/graphql/limits.ts), and these run over HTTP on a
// client-side navigation and on every refetch.

/** A paragraph with everything StoryBody draws. */
const PARAGRAPH_SELECTION = `
  id
  name
  type
  text
  href
  codeLanguage
  markups {
    type
    start
    end
    href
    anchorType
    userId
  }
  metadata {
    id
    originalWidth
    originalHeight
    alt
  }
`;

/** A response's paragraphs: responses are text (P paragraphs with markups and mentions). */
const RESPONSE_PARAGRAPH_SELECTION = `
  id
  name
  type
  text
  markups {
    type
    start
    end
    href
    anchorType
    userId
  }
`;

/** A thread page: its responses with what ResponsesSection draws. */
export const THREAD_SELECTION = `
  pagingInfo {
    next {
      limit
      to
    }
  }
  posts {
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
          ${RESPONSE_PARAGRAPH_SELECTION}
        }
      }
    }
  }
`;

/** A story card under "More from …" (the fields of PostPreviewFields, inline). */
const CARD_SELECTION = `
  id
  title
  subtitle
  uniqueSlug
  visibility
  isLocked
  readingTime
  firstPublishedAt
  latestPublishedAt
  clapCount
  responsesCount
  previewImage {
    id
  }
  creator {
    id
    name
    username
    imageId
  }
  collection {
    id
    name
    slug
  }
`;

/**
 * The story page: the story or the outcome that keeps it from this reader (postResult), and
 * beside it, as a second root field so that neither gets deep, what the page shows under the
 * story (postPageExtras: null when the story is not readable).
 */
export const PostPageQuery = gql`
  query PostPageQuery($postId: ID!, $responsesPaging: PagingOptions, $moreFromPaging: PagingOptions) {
    postResult(id: $postId) {
      __typename
      ... on Post {
        ${CARD_SELECTION}
        isPublished
        updatedAt
        mediumUrl
        responsesLocked
        tags {
          id
          slug
          displayTitle
        }
        viewerEdge {
          id
          clapCount
          isBookmarked
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
        }
        creator {
          id
          bio
          hasSubdomain
          customDomainState {
            live {
              domain
            }
          }
          socialStats {
            followerCount
          }
          viewerEdge {
            id
            isFollowing
          }
        }
        collection {
          id
          description
          domain
          customDomainState {
            live {
              domain
            }
          }
          socialStats {
            followerCount
          }
          viewerEdge {
            id
            isFollowing
          }
        }
        content {
          isLockedPreviewOnly
          bodyModel {
            paragraphs {
              ${PARAGRAPH_SELECTION}
            }
          }
        }
        postResponses {
          count
        }
      }
      ... on NotFound {
        message
      }
      ... on RemovedByUser {
        message
      }
      ... on AccountSuspended {
        message
      }
      ... on AccountDeleted {
        message
      }
      ... on PostSuspended {
        message
      }
      ... on Blocked {
        message
      }
      ... on Blocking {
        message
        user {
          id
          name
          username
        }
      }
    }
    postPageExtras: post(id: $postId) {
      id
      threadedPostResponses(paging: $responsesPaging, sortType: NEWEST) {
        ${THREAD_SELECTION}
      }
      creator {
        id
        postsConnection(paging: $moreFromPaging) {
          posts {
            ${CARD_SELECTION}
          }
        }
      }
      collection {
        id
        postsConnection(paging: $moreFromPaging) {
          posts {
            ${CARD_SELECTION}
          }
        }
      }
    }
  }
`;

/** Spec 2 §3: a thread's responses, paged and sorted (also the refetch after a change). */
export const RefetchThreadedPostResponsesQuery = gql`
  query RefetchThreadedPostResponsesQuery($postId: ID!, $postResponsesPaging: PagingOptions, $sortType: ResponseSortType) {
    post(id: $postId) {
      id
      responsesCount
      postResponses {
        count
      }
      threadedPostResponses(paging: $postResponsesPaging, sortType: $sortType) {
        ${THREAD_SELECTION}
      }
    }
  }
`;

export const ClapMutation = gql`
  mutation ClapMutation($targetPostId: ID!, $numClaps: Int!) {
    clap(targetPostId: $targetPostId, numClaps: $numClaps) {
      id
      clapCount
      viewerEdge {
        id
        clapCount
      }
    }
  }
`;

export const PublishPostThreadedResponse = gql`
  mutation PublishPostThreadedResponse($inResponseToPostId: ID!, $text: String!) {
    publishPostThreadedResponse(inResponseToPostId: $inResponseToPostId, text: $text) {
      id
      inResponseToPost {
        id
      }
    }
  }
`;

export const HidePostResponseOnParentPost = gql`
  mutation HidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    hidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      id
      responsesCount
      postResponses {
        count
      }
    }
  }
`;

export const UnhidePostResponseOnParentPost = gql`
  mutation UnhidePostResponseOnParentPost($parentPostId: ID!, $postResponseId: ID!) {
    unhidePostResponseOnParentPost(parentPostId: $parentPostId, postResponseId: $postResponseId) {
      id
      responsesCount
      postResponses {
        count
      }
    }
  }
`;
