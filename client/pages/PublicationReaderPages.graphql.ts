// The queries of the reader's views of a publication (PublicationReaderPages.tsx): latest,
// trending, featured, a feature page, the archive and the numbered "all stories" pages.
import { graphql, known, type ResultOf } from '../app/graphql.ts';
import { PagedStories_connection, StoryCard_post } from '../components/StoryCard.graphql.ts';
import { PublicationMasthead_collection } from '../components/profiles/publication-parts.graphql.ts';

export const PublicationLatestPageQuery = known(graphql(`
  query PublicationLatestPageQuery($slug: String, $id: ID, $paging: PagingOptions) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      postsConnection(paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [PagedStories_connection, PublicationMasthead_collection]));

export const PublicationTrendingPageQuery = known(graphql(`
  query PublicationTrendingPageQuery($slug: String, $id: ID) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      trendingPosts(limit: 25) {
        ...StoryCard_post
      }
    }
  }
`, [StoryCard_post, PublicationMasthead_collection]));

export const PublicationFeaturedPageQuery = known(graphql(`
  query PublicationFeaturedPageQuery($slug: String, $id: ID) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      featurePages {
        id
        slug
        title
        body
      }
      featuredPosts(limit: 25) {
        ...StoryCard_post
      }
    }
  }
`, [StoryCard_post, PublicationMasthead_collection]));

export const PublicationFeaturePageQuery = known(graphql(`
  query PublicationFeaturePageQuery($slug: String, $id: ID, $pageSlug: String!, $paging: PagingOptions) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      featurePage(slug: $pageSlug) {
        id
        slug
        title
        body
        tagSlug
        postsConnection(paging: $paging) {
          ...PagedStories_connection
        }
      }
    }
  }
`, [PagedStories_connection, PublicationMasthead_collection]));

export const PublicationArchivePageQuery = known(graphql(`
  query PublicationArchivePageQuery($slug: String, $id: ID, $year: Int!, $month: Int, $day: Int, $paging: PagingOptions) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      archiveYears
      archivePostsConnection(year: $year, month: $month, day: $day, paging: $paging) {
        ...PagedStories_connection
      }
    }
  }
`, [PagedStories_connection, PublicationMasthead_collection]));

export const PublicationAllPageQuery = known(graphql(`
  query PublicationAllPageQuery($slug: String, $id: ID, $page: Int!) {
    collection(slug: $slug, id: $id) {
      ...PublicationMasthead_collection
      allPostsPage(page: $page) {
        page
        pageCount
        posts {
          ...StoryCard_post
        }
      }
    }
  }
`, [StoryCard_post, PublicationMasthead_collection]));

export type PublicationLatestPageData = ResultOf<typeof PublicationLatestPageQuery>;
export type PublicationTrendingPageData = ResultOf<typeof PublicationTrendingPageQuery>;
export type PublicationFeaturedPageData = ResultOf<typeof PublicationFeaturedPageQuery>;
export type PublicationFeaturePageData = ResultOf<typeof PublicationFeaturePageQuery>;
export type PublicationArchivePageData = ResultOf<typeof PublicationArchivePageQuery>;
export type PublicationAllPageData = ResultOf<typeof PublicationAllPageQuery>;
