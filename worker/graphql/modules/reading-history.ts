// Reading history (issue 6 items 8 and 10): the viewer's reads newest first, removing one,
// clearing all (page customize-reading-history), and markPostAsRead for reads the server
// render did not see (worker/reading/record-read.ts says when a read is recorded; the rules are
// worker/reading/reading-history.ts's).
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { clearReadingHistory, markPostAsRead, readingHistoryPage, removeFromReadingHistory } from '../../reading/reading-history.ts';
import type { SchemaModule } from './schema-module.ts';

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

export const readingHistoryModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      readingHistoryConnection: (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => readingHistoryPage(ctx, user.id, args.paging),
    },
    Mutation: {
      markPostAsRead: (_root: unknown, args: { postId: string }, ctx: RequestContext) => markPostAsRead(ctx, args.postId),
      removeFromReadingHistory: async (_root: unknown, args: { postId: string }, ctx: RequestContext) => ({
        removedCount: await removeFromReadingHistory(ctx, args.postId),
      }),
      clearReadingHistory: async (_root: unknown, _args: unknown, ctx: RequestContext) => ({ removedCount: await clearReadingHistory(ctx) }),
    },
  },
};
