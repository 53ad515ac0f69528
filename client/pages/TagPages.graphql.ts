// The topic pages' queries (pages topic, topic-recommended, topic-who-to-follow).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { PagedStories_connection, StoryCard_post } from '../components/StoryCard.graphql.ts';
import { PersonRow_user } from '../components/profiles/PersonRow.graphql.ts';
import { TagHeading_tag } from '../components/profiles/tag-parts.graphql.ts';

export const TagLatestPageQuery = known(graphql(`
  query TagLatestPageQuery($tagSlug: String!, $paging: PagingOptions) {
    tag(slug: $tagSlug) {
      ...TagHeading_tag
      featuredPosts {
        ...StoryCard_post
      }
      postsConnection(paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [PagedStories_connection, StoryCard_post, TagHeading_tag]));

export const TagRecommendedPageQuery = known(graphql(`
  query TagRecommendedPageQuery($tagSlug: String!, $paging: PagingOptions) {
    tag(slug: $tagSlug) {
      ...TagHeading_tag
      topPostsConnection(timeRange: TOP_YEAR, paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [PagedStories_connection, TagHeading_tag]));

export const TagWhoToFollowPageQuery = known(graphql(`
  query TagWhoToFollowPageQuery($tagSlug: String!, $limit: Int) {
    tag(slug: $tagSlug) {
      ...TagHeading_tag
      topWriters(limit: $limit) {
        postCount
        user {
          ...PersonRow_user
        }
      }
    }
  }
`, [TagHeading_tag, PersonRow_user]));

export type TagLatestPageData = ResultOf<typeof TagLatestPageQuery>;
export type TagRecommendedPageData = ResultOf<typeof TagRecommendedPageQuery>;
export type TagWhoToFollowPageData = ResultOf<typeof TagWhoToFollowPageQuery>;
