// Reading history (issue 6 items 8 and 10): the viewer's reads newest first, removing one,
// clearing all (page customize-reading-history), and markPostAsRead for reads the server
// render did not see (./record-read.ts says when a read is recorded).
//
// Only the viewer sees their history. A story that left the public (trashed, suspended,
// unpublished, or its writer's account suspended or deleted) drops out of the list; its
// row stays, so a restored story comes back.
import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { posts, readingHistory, users, type UserRow } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { pageOf, pageRequest, type PagingOptions } from '../../context/paging.ts';
import { sealPostNode } from '../../stories/content-gate.ts';
import { isViewer, viewerId } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';
import { recordStoryRead } from './record-read.ts';

const typeDefs = /* GraphQL */ `
  type ReadingHistoryItem {
    "{postId}-{userId}."
    id: ID!
    "When the viewer last read the story."
    readAt: Long!
    post: Post!
  }

  type ReadingHistoryConnection {
    items: [ReadingHistoryItem!]!
    pagingInfo: PagingInfo!
  }

  "What a reading-history change removed."
  type ReadingHistoryChange {
    removedCount: Int!
  }

  type User {
    "Viewer only. Stories the viewer read, most recent read first."
    readingHistoryConnection(paging: PagingOptions): ReadingHistoryConnection
  }

  type Mutation {
    "Records that the viewer read a story (true when recorded; the viewer's own stories are not)."
    markPostAsRead(postId: ID!): Boolean!
    "Takes one story out of the viewer's reading history."
    removeFromReadingHistory(postId: ID!): ReadingHistoryChange!
    "Empties the viewer's reading history."
    clearReadingHistory: ReadingHistoryChange!
  }
`;

function requireViewer(ctx: RequestContext): string {
  const id = viewerId(ctx);
  if (!id) throw new GraphQLError('Sign in to keep a reading history.', { extensions: { code: 'UNAUTHENTICATED' } });
  return id;
}

async function readingHistoryPage(ctx: RequestContext, user: UserRow, paging: PagingOptions | null | undefined) {
  if (!isViewer(ctx, user.id)) return null;
  const request = pageRequest(paging);
  const conditions: SQL[] = [
    eq(readingHistory.userId, user.id),
    eq(posts.status, 'PUBLISHED'),
    isNull(posts.deletedAt),
    eq(posts.isSuspended, false),
    eq(users.isSuspended, false),
    isNull(users.deletedAt),
  ];
  if (request.after) {
    const { sortKey, id } = request.after;
    conditions.push(or(lt(readingHistory.readAt, sortKey), and(eq(readingHistory.readAt, sortKey), lt(readingHistory.postId, id)))!);
  }
  const rows = await orm(ctx.db)
    .select({ readAt: readingHistory.readAt, post: posts, creator: users })
    .from(readingHistory)
    .innerJoin(posts, eq(posts.id, readingHistory.postId))
    .innerJoin(users, eq(users.id, posts.creatorId))
    .where(and(...conditions))
    .orderBy(desc(readingHistory.readAt), desc(readingHistory.postId))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.readAt, id: row.post.id }));
  return {
    items: page.items.map(({ readAt, post, creator }) => {
      ctx.loaders.userById.prime(creator.id, creator);
      const node = sealPostNode(post);
      ctx.loaders.postById.prime(node.id, node);
      return { id: `${node.id}-${user.id}`, readAt, post: node };
    }),
    pagingInfo: page.pagingInfo,
  };
}

export const readingHistoryModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      readingHistoryConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => readingHistoryPage(ctx, user, args.paging),
    },
    Mutation: {
      markPostAsRead: (_root: unknown, args: { postId: string }, ctx: RequestContext) => {
        requireViewer(ctx);
        return recordStoryRead(ctx, args.postId);
      },
      removeFromReadingHistory: async (_root: unknown, args: { postId: string }, ctx: RequestContext) => {
        const viewer = requireViewer(ctx);
        const removed = await orm(ctx.db)
          .delete(readingHistory)
          .where(and(eq(readingHistory.userId, viewer), eq(readingHistory.postId, args.postId)))
          .returning({ postId: readingHistory.postId });
        return { removedCount: removed.length };
      },
      clearReadingHistory: async (_root: unknown, _args: unknown, ctx: RequestContext) => {
        const viewer = requireViewer(ctx);
        const removed = await orm(ctx.db).delete(readingHistory).where(eq(readingHistory.userId, viewer)).returning({ postId: readingHistory.postId });
        return { removedCount: removed.length };
      },
    },
  },
};
