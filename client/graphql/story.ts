// GraphQL documents of the story page: the page query, claps, and responses. Each is defined
// once here, so the server render and the browser build the same document objects (urql's
// operation keys must match for the server's seeded results to be used).
import { gql } from 'urql';
import { PostPreviewFields } from './queries.ts';

/** First page of a thread on the story page; "See more responses" pages on from there. */
export const RESPONSES_PAGE_LIMIT = 10;
/** Stories under "More from {writer}" and "More from {publication}" (one extra: this story may be among them). */
export const MORE_FROM_LIMIT = 4;

export const ParagraphFields = gql`
  fragment ParagraphFields on Paragraph {
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
  }
`;

export const PostResponseFields = gql`
  fragment PostResponseFields on Post {
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
          ...ParagraphFields
        }
      }
    }
  }
  ${ParagraphFields}
`;

export const ThreadedResponsesFields = gql`
  fragment ThreadedResponsesFields on PostConnection {
    pagingInfo {
      next {
        limit
        to
      }
    }
    posts {
      ...PostResponseFields
    }
  }
  ${PostResponseFields}
`;

export const PostPageQuery = gql`
  query PostPageQuery($postId: ID!, $responsesPaging: PagingOptions, $moreFromPaging: PagingOptions) {
    postResult(id: $postId) {
      __typename
      ... on Post {
        ...PostPreviewFields
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
          socialStats {
            followerCount
          }
          viewerEdge {
            id
            isFollowing
          }
          postsConnection(paging: $moreFromPaging) {
            posts {
              ...PostPreviewFields
            }
          }
        }
        collection {
          id
          description
          socialStats {
            followerCount
          }
          viewerEdge {
            id
            isFollowing
          }
          postsConnection(paging: $moreFromPaging) {
            posts {
              ...PostPreviewFields
            }
          }
        }
        content {
          isLockedPreviewOnly
          bodyModel {
            paragraphs {
              ...ParagraphFields
            }
          }
        }
        postResponses {
          count
        }
        threadedPostResponses(paging: $responsesPaging, sortType: NEWEST) {
          ...ThreadedResponsesFields
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
    }
  }
  ${PostPreviewFields}
  ${ParagraphFields}
  ${ThreadedResponsesFields}
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
        ...ThreadedResponsesFields
      }
    }
  }
  ${ThreadedResponsesFields}
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
      ...PostResponseFields
    }
  }
  ${PostResponseFields}
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
