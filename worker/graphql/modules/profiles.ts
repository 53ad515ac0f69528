// Profiles, publications and topics (issue 6 items 6 and 7): the read side the pages
// user-about, user-followers, user-following, user-catalogs, user-catalog, user-books,
// publication-about, publication-followers, publication-tagged, topic, topic-recommended,
// topic-who-to-follow and explore-topics ask for. Nothing here writes.
//
// Privacy rules kept here:
// - Lists (Catalog, User.catalogsConnection, catalogBySlugId) and who may see them are
//   lists.ts's; this module only adds Catalog.postsConnection, the list as story cards.
// - Lists of people leave out deleted and suspended accounts.
// - Lists of stories hold only what any list may hold (post-lists.ts listedToEveryone), and
//   stories reach the client as Post, whose paragraphs pass the member-only gate.
import type { RequestContext } from '../../context/request-context.ts';
import { badRequest } from '../../context/errors.ts';
import type { Page, PagingOptions } from '../../context/paging.ts';
import { publicationTopicStories } from '../../stories/story-lists.ts';
import { viewerId } from '../../context/viewer-checks.ts';
import { queryResolvers } from '../resolvers/query.ts';
import { outcomes } from '../../context/outcomes.ts';
import { followersOf, usersFollowedBy } from '../../follows/follow-lists.ts';
import { listStories, type CatalogRow } from '../../lists/list-stories.ts';
import { topicTopStories, topicTopWriters, topicsWithStories, type TopTimeRange } from '../../topics/topic-stories.ts';
import type { UserRow } from '../../accounts/profiles.ts';
import type { SchemaModule } from './schema-module.ts';

/** A publication and a topic as the capabilities below take them. */
type CollectionRow = Parameters<typeof publicationTopicStories>[1];
type TagRow = Parameters<typeof topicTopStories>[1];
type PagingArgs = { paging?: PagingOptions | null };

const userConnection = (page: Page<UserRow>) => ({ users: page.items, pagingInfo: page.pagingInfo });
const postConnection = <T>(page: Page<T>) => ({ posts: page.items, pagingInfo: page.pagingInfo });

export const MAX_TOP_WRITERS = 25;

export const profilesModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type UserConnection {
      users: [User!]!
      pagingInfo: PagingInfo!
    }

    "A list (lists.ts owns the type); profiles show its stories as cards."
    type Catalog {
      "The list's stories, most recently added first."
      postsConnection(paging: PagingOptions): PostConnection!
    }

    type User {
      "When the account was created."
      createdAt: Long!
      "Who follows this user, most recent first (deleted and suspended accounts left out)."
      followersConnection(paging: PagingOptions): UserConnection!
      "The writers this user follows, most recent first."
      followingConnection(paging: PagingOptions): UserConnection!
    }

    type Collection {
      "Who follows this publication, most recent first."
      followersConnection(paging: PagingOptions): UserConnection!
      "The publication's stories with this tag, newest first (empty for an unknown tag)."
      taggedPostsConnection(tagSlug: String!, paging: PagingOptions): PostConnection!
    }

    "Windows of the spec's TOP_* sort orders, on a story's first publication date."
    enum TopPostsTimeRange {
      TOP_WEEK
      TOP_MONTH
      TOP_YEAR
      TOP_ALL_TIME
    }

    "A writer in a topic and how many of their listed stories carry the tag."
    type TagWriter {
      user: User!
      postCount: Int!
    }

    type Tag {
      description: String!
      "Most clapped first, among stories first published within timeRange (the recommended tab: TOP_YEAR)."
      topPostsConnection(timeRange: TopPostsTimeRange = TOP_YEAR, paging: PagingOptions): PostConnection!
      "Who to follow: the writers with the most stories in this topic (limit 1 to ${MAX_TOP_WRITERS})."
      topWriters(limit: Int = 10): [TagWriter!]!
    }

    type Query {
      """
      The user of a profile page: by id (/u/{userId}), by username, or, given neither, the
      signed-in viewer (the /me addresses; NotFound when logged out). Outcomes as userResult.
      """
      profileResult(id: ID, username: String): UserResult!
      "Every topic with at least one story, the most written-about first (explore-topics)."
      exploreTopics: [Tag!]!
    }
  `,
  resolvers: {
    User: {
      followersConnection: async (user: UserRow, args: PagingArgs, ctx: RequestContext) =>
        userConnection(await followersOf(ctx, 'USER', user.id, args.paging)),
      followingConnection: async (user: UserRow, args: PagingArgs, ctx: RequestContext) =>
        userConnection(await usersFollowedBy(ctx, user.id, args.paging)),
    },
    Catalog: {
      postsConnection: async (catalog: CatalogRow, args: PagingArgs, ctx: RequestContext) => postConnection(await listStories(ctx, catalog, args.paging)),
    },
    Collection: {
      followersConnection: async (collection: CollectionRow, args: PagingArgs, ctx: RequestContext) =>
        userConnection(await followersOf(ctx, 'COLLECTION', collection.id, args.paging)),
      taggedPostsConnection: async (collection: CollectionRow, args: PagingArgs & { tagSlug: string }, ctx: RequestContext) => {
        const tag = await ctx.loaders.tagBySlug.load(args.tagSlug);
        if (!tag) return { posts: [], pagingInfo: { next: null } };
        return postConnection(await publicationTopicStories(ctx, collection, tag, args.paging));
      },
    },
    Tag: {
      topPostsConnection: async (tag: TagRow, args: PagingArgs & { timeRange?: TopTimeRange | null }, ctx: RequestContext) =>
        postConnection(await topicTopStories(ctx, tag, args.timeRange ?? 'TOP_YEAR', args.paging)),
      topWriters: (tag: TagRow, args: { limit?: number | null }, ctx: RequestContext) => {
        const limit = args.limit ?? 10;
        if (limit < 1 || limit > MAX_TOP_WRITERS) throw badRequest(`limit must be between 1 and ${MAX_TOP_WRITERS} (got ${limit}).`);
        return topicTopWriters(ctx, tag, limit);
      },
    },
    Query: {
      profileResult: (root: unknown, args: { id?: string | null; username?: string | null }, ctx: RequestContext) => {
        if (args.id || args.username) return queryResolvers.Query.userResult(root, args, ctx);
        const viewer = viewerId(ctx);
        return viewer ? queryResolvers.Query.userResult(root, { id: viewer }, ctx) : outcomes.notFound('user');
      },
      exploreTopics: (_root: unknown, _args: unknown, ctx: RequestContext) => topicsWithStories(ctx),
    },
  },
};
