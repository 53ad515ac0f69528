// The story page's query (pages `post` and `post-responses`), built from the fragments of
// the components that draw it. Server rendering runs it in-process and the browser reads the
// result from the seeded cache: both import this one document object.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';
import { StoryBody_paragraph } from '../components/story/StoryBody.graphql.ts';
import { PostOutcome_result } from '../components/story/PostOutcome.graphql.ts';
import { ResponsesSection_thread } from '../components/story/ResponsesSection.graphql.ts';
import { FediverseResponses_response } from '../components/story/FediverseResponses.graphql.ts';
import { StoryAddress_post } from '../components/links/addresses.graphql.ts';
import { OwnerStyle_sheet } from '../components/design/owner-style.graphql.ts';
import { SeriesNav_post } from '../components/series/SeriesNav.graphql.ts';

/** Stories under "More from {writer}" and "More from {publication}" (one extra: this story may be among them). */
export const MORE_FROM_LIMIT = 4;

/**
 * The story or the outcome that keeps it from this reader (postResult), and beside it, as a
 * second root field so that neither gets deep, what the page shows under the story
 * (postPageExtras: null when the story is not readable).
 */
export const PostPageQuery = known(graphql(
  `
    query PostPageQuery($postId: ID!, $path: String!, $responsesPaging: PagingOptions, $moreFromPaging: PagingOptions) {
      postResult(id: $postId) {
        __typename
        ...PostOutcome_result
        ... on NotFound {
          lostReaderStories(path: $path) {
            ...StoryCard_post
          }
        }
        ... on Post {
          ...StoryCard_post
          ...SeriesNav_post
          isPublished
          isSuspended
          updatedAt
          mediumUrl
          responsesLocked
          license
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
            ...StoryAddress_post
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
            name
            username
            imageId
            bio
            membershipPromotionEnabled
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
            customStyleSheet {
              ...OwnerStyle_sheet
            }
          }
          collection {
            id
            name
            slug
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
            customStyleSheet {
              ...OwnerStyle_sheet
            }
          }
          content {
            isLockedPreviewOnly
            lockedPostReason
            bodyModel {
              paragraphs {
                ...StoryBody_paragraph
              }
            }
          }
          postResponses {
            count
          }
        }
      }
      postPageExtras: post(id: $postId) {
        id
        threadedPostResponses(paging: $responsesPaging, sortType: NEWEST) {
          ...ResponsesSection_thread
        }
        fediverseResponses {
          ...FediverseResponses_response
        }
        creator {
          id
          postsConnection(paging: $moreFromPaging) {
            posts {
              ...StoryCard_post
            }
          }
        }
        collection {
          id
          postsConnection(paging: $moreFromPaging) {
            posts {
              ...StoryCard_post
            }
          }
        }
      }
    }
  `,
  [StoryCard_post, StoryBody_paragraph, PostOutcome_result, ResponsesSection_thread, FediverseResponses_response, StoryAddress_post, OwnerStyle_sheet, SeriesNav_post],
));

export type PostPageData = ResultOf<typeof PostPageQuery>;
export type FullPost = Extract<PostPageData['postResult'], { __typename: 'Post' }>;
export type PostPageExtras = NonNullable<PostPageData['postPageExtras']>;
