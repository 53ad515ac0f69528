import { graphql, known } from '../app/graphql.ts';
import { StoryAddress_post } from './links/addresses.graphql.ts';

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
