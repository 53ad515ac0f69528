// The logged-out home's query (page home-lo): trending, topics and the latest stories.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { StoryCard_post } from '../components/StoryCard.graphql.ts';
import { StoryAddress_post } from '../components/links/addresses.graphql.ts';

/** What a "Trending on …" entry draws. */
export const TrendingItem_post = known(graphql(`
  fragment TrendingItem_post on Post {
    ...StoryAddress_post
    id
    title
    uniqueSlug
    isLocked
    readingTime
    firstPublishedAt
    latestPublishedAt
    creator {
      id
      name
      username
      imageId
    }
  }
`, [StoryAddress_post]));

export const HomeLoPageQuery = known(graphql(
  `
    query HomeLoPageQuery($paging: PagingOptions) {
      trendingPosts(limit: 6) {
        ...TrendingItem_post
      }
      homeTopics(limit: 12) {
        id
        slug
        displayTitle
      }
      homeFeed(mode: LATEST, paging: $paging) {
        items {
          post {
            ...StoryCard_post
          }
        }
      }
    }
  `,
  [TrendingItem_post, StoryCard_post],
));

export type HomeLoPageData = ResultOf<typeof HomeLoPageQuery>;
