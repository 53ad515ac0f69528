// Series (the spec's Sequence; docs/series.md): a series by id or address, its parts in order,
// a story's place in its series ("Part 2 of 3", the previous and next parts), a writer's
// series, the series' stats, and the writes (create, change, add, order, publish, follow).
// The rules live in worker/series/ (series.ts reads, series-edits.ts writes).
import type { UserRow } from '../../accounts/profiles.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { isViewer } from '../../context/viewer-checks.ts';
import {
  candidateStories,
  isFollowingSeries,
  placeOfStory,
  readableParts,
  seriesById,
  seriesBySlug,
  seriesFollowerCount,
  seriesOfWriter,
  seriesPartStats,
  slugFromTitle,
  type SeriesRow,
} from '../../series/series.ts';
import {
  addSeriesPart,
  changeSeriesFollow,
  createSeries,
  moveSeriesPart,
  publishSeries,
  removeSeriesPart,
  updateSeries,
  type SeriesInput,
} from '../../series/series-edits.ts';
import { successOr, type SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A series (the spec's Sequence): a writer's stories in order under one title."
  type Series {
    id: ID!
    "The {sequenceSlug} of /s/{sequenceSlug}."
    slug: String!
    title: String!
    description: String!
    creator: User!
    "Unset while a draft (only its writer sees a draft)."
    publishedAt: Long
    createdAt: Long!
    updatedAt: Long!
    "The parts this viewer may read, in order (a draft part shows to its writer only)."
    parts: [Post!]!
    followerCount: Int!
    viewerEdge: SeriesViewerEdge!
    "Views and reads of each part, all time (its writer only; empty for anyone else)."
    partStats: [SeriesPartStats!]!
    "The writer's stories the editor offers as new parts: in no series yet, newest first (its writer only)."
    candidateStories: [Post!]!
  }

  type SeriesViewerEdge {
    isCreator: Boolean!
    isFollowing: Boolean!
  }

  type SeriesPartStats {
    post: Post!
    views: Int!
    reads: Int!
  }

  "Where a story stands in its series."
  type SeriesPlace {
    series: Series!
    "1 for the first part."
    partNumber: Int!
    partCount: Int!
    previous: Post
    next: Post
  }

  enum SeriesFilter {
    ALL
    PUBLISHED
    DRAFTS
  }

  enum SeriesMoveDirection {
    UP
    DOWN
  }

  type Post {
    "The series this story is a part of, for this viewer (null when none)."
    seriesPlace: SeriesPlace
  }

  extend type User {
    "The user's series, most recently changed first: published ones, and drafts too for the user themself."
    series(filter: SeriesFilter): [Series!]!
  }

  type Query {
    "/series/{postId}: a series by id (null when the viewer may not see it)."
    series(id: ID!): Series
    "/s/{sequenceSlug}: a series by its address."
    seriesBySlug(slug: String!): Series
    "The address a title suggests (the new-series form's default)."
    seriesSlugSuggestion(title: String!): String!
  }

  union SeriesResult = Series | BadRequest | NotFound | Forbidden | AlreadyExists

  input SeriesInput {
    title: String
    description: String
    "The {sequenceSlug}: lowercase letters, digits and single hyphens."
    slug: String
  }

  type Mutation {
    "Creates a draft series (signed in)."
    createSeries(input: SeriesInput!): SeriesResult!
    "Changes a series' title, description or address (its writer only)."
    updateSeries(seriesId: ID!, input: SeriesInput!): SeriesResult!
    "Publishes a series with at least one published part (its writer only)."
    publishSeries(seriesId: ID!): SeriesResult!
    "Adds one of the writer's stories as the last part."
    addSeriesPart(seriesId: ID!, postId: ID!): SeriesResult!
    "Takes a part out of the series (the story stays)."
    removeSeriesPart(seriesId: ID!, postId: ID!): SeriesResult!
    "Moves a part one place earlier (UP) or later (DOWN)."
    moveSeriesPart(seriesId: ID!, postId: ID!, direction: SeriesMoveDirection!): SeriesResult!
    "Follows a published series: the viewer is told of its new parts."
    followSeries(seriesId: ID!): SeriesResult!
    unfollowSeries(seriesId: ID!): SeriesResult!
  }
`;

const byTypename = successOr('Series');
type Ctx = RequestContext;

export const seriesModule: SchemaModule = {
  typeDefs,
  resolvers: {
    Series: {
      creator: (row: SeriesRow, _args: unknown, ctx: Ctx) => ctx.loaders.userById.load(row.creatorId),
      parts: (row: SeriesRow, _args: unknown, ctx: Ctx) => readableParts(ctx, row),
      candidateStories: (row: SeriesRow, _args: unknown, ctx: Ctx) => candidateStories(ctx, row),
      followerCount: (row: SeriesRow, _args: unknown, ctx: Ctx) => seriesFollowerCount(ctx, row.id),
      viewerEdge: async (row: SeriesRow, _args: unknown, ctx: Ctx) => ({ isCreator: isViewer(ctx, row.creatorId), isFollowing: await isFollowingSeries(ctx, row.id) }),
      partStats: async (row: SeriesRow, _args: unknown, ctx: Ctx) => {
        if (!isViewer(ctx, row.creatorId)) return [];
        const stats = await seriesPartStats(ctx, row.id);
        // Loaded together, so the loader reads every part in one statement.
        const posts = await Promise.all(stats.map((s) => ctx.loaders.postById.load(s.postId)));
        return stats.flatMap((s, i) => {
          const post = posts[i];
          return post && post.deletedAt === null ? [{ post, views: s.views, reads: s.reads }] : [];
        });
      },
    },
    Post: {
      seriesPlace: async (post: StoryNode, _args: unknown, ctx: Ctx) => {
        const place = await placeOfStory(ctx, post.id);
        if (!place) return null;
        return {
          series: place.series,
          partNumber: place.index + 1,
          partCount: place.parts.length,
          previous: place.parts[place.index - 1] ?? null,
          next: place.parts[place.index + 1] ?? null,
        };
      },
    },
    User: {
      series: (user: UserRow, args: { filter?: 'ALL' | 'PUBLISHED' | 'DRAFTS' | null }, ctx: Ctx) => seriesOfWriter(ctx, user.id, args.filter ?? 'ALL'),
    },
    Query: {
      series: (_root: unknown, args: { id: string }, ctx: Ctx) => seriesById(ctx, args.id),
      seriesBySlug: (_root: unknown, args: { slug: string }, ctx: Ctx) => seriesBySlug(ctx, args.slug),
      seriesSlugSuggestion: (_root: unknown, args: { title: string }) => slugFromTitle(args.title),
    },
    Mutation: {
      createSeries: (_root: unknown, args: { input: SeriesInput }, ctx: Ctx) => createSeries(ctx, args.input),
      updateSeries: (_root: unknown, args: { seriesId: string; input: SeriesInput }, ctx: Ctx) => updateSeries(ctx, args.seriesId, args.input),
      publishSeries: (_root: unknown, args: { seriesId: string }, ctx: Ctx) => publishSeries(ctx, args.seriesId),
      addSeriesPart: (_root: unknown, args: { seriesId: string; postId: string }, ctx: Ctx) => addSeriesPart(ctx, args.seriesId, args.postId),
      removeSeriesPart: (_root: unknown, args: { seriesId: string; postId: string }, ctx: Ctx) => removeSeriesPart(ctx, args.seriesId, args.postId),
      moveSeriesPart: (_root: unknown, args: { seriesId: string; postId: string; direction: 'UP' | 'DOWN' }, ctx: Ctx) =>
        moveSeriesPart(ctx, args.seriesId, args.postId, args.direction),
      followSeries: (_root: unknown, args: { seriesId: string }, ctx: Ctx) => changeSeriesFollow(ctx, args.seriesId, true),
      unfollowSeries: (_root: unknown, args: { seriesId: string }, ctx: Ctx) => changeSeriesFollow(ctx, args.seriesId, false),
    },
    SeriesResult: { __resolveType: byTypename },
  },
};
