// The discovery pages' lists (docs/product/3-routes-data-calls-constants.md §2.3, §2.5): trending
// (by mode and topic), top stories of a day, and a tag's archive by year, month or day; with
// them, everyone's public lists (/collections) and a topic's top writers. The ranking rules are
// written down in docs/reader.md ("Discovery: ranking rules"); the reads are in
// worker/discovery/ (trending.ts, tag-archive.ts), worker/lists/list-reads.ts (publicLists)
// and worker/topics/topic-stories.ts (topicTopWritersByClaps).
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { MAX_RANKED, RANK_WINDOW, topStoriesPage, trendingPage } from '../../discovery/trending.ts';
import { tagArchivePosts } from '../../discovery/tag-archive.ts';
import { LOST_READER_STORIES, storiesForLostReader } from '../../discovery/lost-reader.ts';
import { publicLists } from '../../lists/list-reads.ts';
import { MAX_TOP_WRITERS_BY_CLAPS, topicTopWritersByClaps, type TagRow } from '../../topics/topic-stories.ts';
import type { SchemaModule } from './schema-module.ts';

export const discoveryPagesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "Trending windows: stories published in the last day, week (the default) or month."
    enum TrendingMode {
      DAY
      WEEK
      MONTH
    }

    "A trending page: its mode, its topic (when given) and the ranked stories."
    type TrendingPage {
      mode: TrendingMode!
      topic: Tag
      posts: [Post!]!
    }

    "The top stories of one UTC day."
    type TopStoriesPage {
      "The day, YYYY-MM-DD."
      date: String!
      posts: [Post!]!
    }

    type Query {
      """
      Trending: of the newest ${RANK_WINDOW} stories published within the mode's window (day,
      week or month; any case), with the topic's tag when given, the most clapped first. Null
      for an unknown mode or topic. limit 1–${MAX_RANKED}, default 20.
      """
      trendingPage(mode: String, topicSlug: String, limit: Int): TrendingPage
      """
      Top stories of one UTC day (date YYYY-MM-DD; yesterday when absent): of the newest
      ${RANK_WINDOW} stories published that day, the most clapped first. Null for an impossible
      date. limit 1–${MAX_RANKED}, default 20.
      """
      topStoriesPage(date: String, limit: Int): TopStoriesPage
      """
      The 404 page's stories for a reader whose address (path) led nowhere: up to
      ${LOST_READER_STORIES} public stories, those matching words of the address first, then the
      most clapped (docs/adr/0138-stories-for-a-lost-reader.md).
      """
      lostReaderStories(path: String!): [Post!]!
    }

    type NotFound {
      """
      On a story address that holds no story: the stories the 404 page offers instead, as
      lostReaderStories, chosen by the words of the address's story part (path).
      """
      lostReaderStories(path: String!): [Post!]!
    }

    type Tag {
      """
      The tag's stories published in a year, a month of it or a day of that (UTC), newest
      first. An impossible period is empty.
      """
      archivePostsConnection(year: Int!, month: Int, day: Int, paging: PagingOptions): PostConnection!
    }
  `,
  resolvers: {
    Query: {
      trendingPage: (_root: unknown, args: { mode?: string | null; topicSlug?: string | null; limit?: number | null }, ctx: RequestContext) =>
        trendingPage(ctx, args.mode, args.topicSlug, args.limit),
      topStoriesPage: (_root: unknown, args: { date?: string | null; limit?: number | null }, ctx: RequestContext) => topStoriesPage(ctx, args.date, args.limit),
      lostReaderStories: (_root: unknown, args: { path: string }, ctx: RequestContext) => storiesForLostReader(ctx, args.path),
    },
    NotFound: {
      lostReaderStories: (_root: unknown, args: { path: string }, ctx: RequestContext) => storiesForLostReader(ctx, args.path),
    },
    Tag: {
      archivePostsConnection: async (
        tag: TagRow,
        args: { year: number; month?: number | null; day?: number | null; paging?: PagingOptions | null },
        ctx: RequestContext,
      ) => {
        const page = await tagArchivePosts(ctx, tag, args, args.paging);
        return { posts: page.items, pagingInfo: page.pagingInfo };
      },
    },
  },
};

export const publicCatalogsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Query {
      "Public lists with at least one story, most recently changed first (/collections)."
      publicCatalogsConnection(paging: PagingOptions): CatalogConnection!
    }
  `,
  resolvers: {
    Query: {
      publicCatalogsConnection: async (_root: unknown, args: { paging?: PagingOptions | null }, ctx: RequestContext) => {
        const page = await publicLists(ctx, args.paging);
        return { catalogs: page.items, pagingInfo: page.pagingInfo };
      },
    },
  },
};

export const tagTopWritersModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "A writer in a topic, with the claps and the number of their stories in it over the past year."
    type TagTopWriter {
      user: User!
      clapCount: Int!
      postCount: Int!
    }

    type Tag {
      "Top writers: the most clapped writers of the topic's stories first published in the past year (limit 1 to ${MAX_TOP_WRITERS_BY_CLAPS})."
      topWritersByClaps(limit: Int = 10): [TagTopWriter!]!
    }
  `,
  resolvers: {
    Tag: {
      topWritersByClaps: (tag: TagRow, args: { limit?: number | null }, ctx: RequestContext) => topicTopWritersByClaps(ctx, tag, args.limit ?? 10),
    },
  },
};
