// The discovery pages' queries (pages trending-posts, top-stories, tag-archive).
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { PagedStories_connection, StoryCard_post } from '../components/StoryCard.graphql.ts';
import { TagHeading_tag } from '../components/profiles/tag-parts.graphql.ts';
import { CatalogFields } from '../components/lists/CatalogCard.graphql.ts';
import { PersonRow_user } from '../components/profiles/PersonRow.graphql.ts';

export const TrendingPageQuery = known(graphql(`
  query TrendingPageQuery($mode: String, $topicSlug: String) {
    trendingPage(mode: $mode, topicSlug: $topicSlug) {
      mode
      topic {
        id
        slug
        displayTitle
      }
      posts {
        ...StoryCard_post
      }
    }
  }
`, [StoryCard_post]));

export type TrendingPageData = ResultOf<typeof TrendingPageQuery>;

export const TopStoriesPageQuery = known(graphql(`
  query TopStoriesPageQuery($date: String) {
    topStoriesPage(date: $date) {
      date
      posts {
        ...StoryCard_post
      }
    }
  }
`, [StoryCard_post]));

export type TopStoriesPageData = ResultOf<typeof TopStoriesPageQuery>;

export const TagArchivePageQuery = known(graphql(`
  query TagArchivePageQuery($tagSlug: String!, $year: Int!, $month: Int, $day: Int, $paging: PagingOptions) {
    tag(slug: $tagSlug) {
      ...TagHeading_tag
      archivePostsConnection(year: $year, month: $month, day: $day, paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [PagedStories_connection, TagHeading_tag]));

export type TagArchivePageData = ResultOf<typeof TagArchivePageQuery>;

/** /collections: public lists, most recently changed first. */
export const CollectionsLibraryPageQuery = known(graphql(`
  query CollectionsLibraryPageQuery($paging: PagingOptions) {
    publicCatalogsConnection(paging: $paging) {
      catalogs {
        ...CatalogFields
      }
      pagingInfo {
        next {
          limit
          to
        }
      }
    }
  }
`, [CatalogFields]));

export type CollectionsLibraryPageData = ResultOf<typeof CollectionsLibraryPageQuery>;

/** /tag/{tagSlug}/top-writers: the topic's most clapped writers of the past year. */
export const TagTopWritersPageQuery = known(graphql(`
  query TagTopWritersPageQuery($tagSlug: String!, $limit: Int) {
    tag(slug: $tagSlug) {
      ...TagHeading_tag
      topWritersByClaps(limit: $limit) {
        clapCount
        postCount
        user {
          ...PersonRow_user
        }
      }
    }
  }
`, [TagHeading_tag, PersonRow_user]));

export type TagTopWritersPageData = ResultOf<typeof TagTopWritersPageQuery>;
