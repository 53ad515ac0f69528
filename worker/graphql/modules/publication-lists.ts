// The reader's views of a publication's stories (issue 12 item 7; docs/publications.md):
// /latest is Collection.postsConnection; here are /trending (the most applauded of the last 30
// days, widened when that is too few), /featured (the most applauded ever), /archive by year, month or day (newest first,
// keyset-paged) with the years that have stories, and /all/{page} (numbered pages, newest
// first). The lists themselves: worker/publications/publication-stories.ts.
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import type { CollectionRow } from '../../publications/results.ts';
import {
  ALL_PAGE_SIZE,
  allPostsPage,
  archivePosts,
  archiveYears,
  featuredPosts,
  MAX_RANKED,
  TRENDING_MIN_STORIES,
  trendingPosts,
} from '../../publications/publication-stories.ts';
import { archivePeriod } from '../../discovery/periods.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "One numbered page of a publication's stories (/{collectionSlug}/all/{page})."
  type PublicationStoriesPage {
    posts: [Post!]!
    page: Int!
    pageCount: Int!
  }

  type Collection {
    """
    The most applauded of its stories published in the last 30 days, a window widened to 90 days
    and then a year while it holds fewer than ${TRENDING_MIN_STORIES} stories (limit 1–${MAX_RANKED}, default 10).
    """
    trendingPosts(limit: Int): [Post!]!
    "Its most applauded stories ever (limit 1–${MAX_RANKED}, default 10)."
    featuredPosts(limit: Int): [Post!]!
    "Its stories published in a year, a month of it or a day of that (UTC), newest first. An impossible period is empty."
    archivePostsConnection(year: Int!, month: Int, day: Int, paging: PagingOptions): PostConnection!
    "The years (UTC) in which it published stories, newest first."
    archiveYears: [Int!]!
    "Page 1… of its stories, ${ALL_PAGE_SIZE} a page, newest first; null past the last page."
    allPostsPage(page: Int!): PublicationStoriesPage
  }
`;

export const publicationListsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Collection: {
      trendingPosts: (collection: CollectionRow, args: { limit?: number | null }, ctx: RequestContext) => trendingPosts(ctx, collection, args.limit),
      featuredPosts: (collection: CollectionRow, args: { limit?: number | null }, ctx: RequestContext) => featuredPosts(ctx, collection, args.limit),
      archivePostsConnection: async (
        collection: CollectionRow,
        args: { year: number; month?: number | null; day?: number | null; paging?: PagingOptions | null },
        ctx: RequestContext,
      ) => {
        const page = await archivePosts(ctx, collection, archivePeriod(args.year, args.month, args.day), args.paging);
        return { posts: page.items, pagingInfo: page.pagingInfo };
      },
      archiveYears: (collection: CollectionRow, _a: unknown, ctx: RequestContext) => archiveYears(ctx, collection),
      allPostsPage: (collection: CollectionRow, args: { page: number }, ctx: RequestContext) => allPostsPage(ctx, collection, args.page),
    },
  },
};
