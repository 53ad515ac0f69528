import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { StoryAddress_post } from './links/addresses.graphql.ts';
import type { PagingInfo } from './lists/catalog-paging.ts';

/** What a story card draws; lists of cards also key, de-duplicate and mute by these ids. */
export const StoryCard_post = known(graphql(`
  fragment StoryCard_post on Post {
    ...StoryAddress_post
    id
    title
    subtitle
    uniqueSlug
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
  }
`, [StoryAddress_post]));

/** A page of story cards and where the next page starts (profile, publication and tag lists). */
export const PagedStories_connection = known(graphql(`
  fragment PagedStories_connection on PostConnection {
    posts {
      ...StoryCard_post
    }
    pagingInfo {
      next {
        limit
        to
      }
    }
  }
`, [StoryCard_post]));

/** A story as a card shows it (the StoryCard_post fragment). */
export type PostPreview = ResultOf<typeof StoryCard_post>;

export interface PostConnectionData {
  posts: PostPreview[];
  pagingInfo: PagingInfo;
}
