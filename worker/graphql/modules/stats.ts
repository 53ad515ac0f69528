// A writer's stats for the stats pages (issue 13 item 3; docs/stats.md#stats-pages):
// writerStats is null for anyone but the writer, and the pages answer 404 then.
import type { RequestContext } from '../../context/request-context.ts';
import type { SchemaModule } from './schema-module.ts';
import { responseStats, writerStats, type WriterStats } from '../../stats/writer-stats.ts';

export const statsModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    "One UTC day of a writer's (or one story's) stats."
    type StatsDay {
      day: String!
      views: Int!
      reads: Int!
      readingSeconds: Int!
      claps: Int!
      followersGained: Int!
      subscribersGained: Int!
    }
    type StatsTotals {
      views: Int!
      reads: Int!
      "reads / views, 0 without views."
      readRatio: Float!
      readingSeconds: Int!
      claps: Int!
      followersGained: Int!
      subscribersGained: Int!
    }
    type StoryStats {
      postId: ID!
      title: String!
      views: Int!
      reads: Int!
      readingSeconds: Int!
      claps: Int!
    }
    type WriterStats {
      "The IANA time zone the days are in (the writer's); null: UTC."
      timeZone: String
      username: String!
      name: String!
      followerCount: Int!
      subscriberCount: Int!
      post: StoryStats
      startDay: String!
      endDay: String!
      days: [StatsDay!]!
      totals: StatsTotals!
      stories: [StoryStats!]!
      "The writer's responses over the same days, the most viewed first (at most 100)."
      responses: [StoryStats!]!
    }
    type Query {
      "The viewer's stats (username absent or theirs), or a publication's for its owners and editors (collectionSlug); null for anyone else. Default window: the last 30 days."
      writerStats(username: String, postId: ID, collectionSlug: String, newsletterId: ID, startTimeMs: Float, endTimeMs: Float): WriterStats
    }
  `,
  resolvers: {
    WriterStats: {
      responses: (stats: WriterStats, _args: unknown, ctx: RequestContext) => responseStats(ctx.db, stats),
    },
    Query: {
      writerStats: (
        _root: unknown,
        args: { username?: string | null; postId?: string | null; collectionSlug?: string | null; newsletterId?: string | null; startTimeMs?: number | null; endTimeMs?: number | null },
        ctx: RequestContext,
      ) => writerStats(ctx.db, { viewerId: ctx.viewer.user?.id ?? null, ...args, now: Date.now() }),
    },
  },
};
