// The query of your-stories (/me/stories/{filterBy}; issue 6 item 12): the writer's stories
// and the trash, defined once (docs/adr/0045-fragments-beside-components.md).
import { graphql, known } from '../app/graphql.ts';
import type { PagingInfo } from '../components/lists/catalog-paging.ts';
import { StoryCard_post, type PostPreview } from '../components/StoryCard.graphql.ts';

/** your-stories (/me/stories/{filterBy}): the published stories and the trash. */
export const YourStoriesPageQuery = known(graphql(`
  query YourStoriesPageQuery($paging: PagingOptions, $filter: YourStoriesFilter!, $deleted: Boolean!) {
    viewer {
      id
      username
      yourStoriesConnection(filter: $filter, paging: $paging) @skip(if: $deleted) {
        posts {
          id
          title
          updatedAt
          firstPublishedAt
          readingTime
          isPublished
          visibility
          mediumUrl
        }
        pagingInfo {
          next {
            limit
            to
          }
        }
      }
      trashedPostsConnection(paging: $paging) @include(if: $deleted) {
        items {
          id
          deletedAt
          purgeAt
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
    }
  }
`, [StoryCard_post]));

export interface TrashedPostData {
  id: string;
  deletedAt: number;
  purgeAt: number;
  post: PostPreview;
}

/** A story of the writer's own lists (drafts, published, unlisted, responses). */
export interface YourStoryData {
  id: string;
  title: string;
  updatedAt: number;
  firstPublishedAt: number | null;
  readingTime: number;
  isPublished: boolean;
  visibility: 'PUBLIC' | 'UNLISTED' | 'LOCKED';
  mediumUrl: string;
}

export interface YourStoriesPageData {
  viewer: {
    id: string;
    username: string;
    /** Absent on the deleted view (@skip). */
    yourStoriesConnection?: { posts: YourStoryData[]; pagingInfo: PagingInfo } | null;
    /** Present on the deleted view only (@include). */
    trashedPostsConnection?: { items: TrashedPostData[]; pagingInfo: PagingInfo } | null;
  } | null;
}
