// Deleting and restoring a story (issue 6 item 12;
// docs/product/1-product-screens-membership-header-search.md §7 DeletePost(targetPostId),
// docs/product/2-sign-in-notices-cache-routing.md §7 UndeletePostMutation(targetPostId)), and the
// author's trash. The rules — the author only, 14 days, the pages purged — are
// worker/trash/trash.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import type { PagingOptions } from '../../context/paging.ts';
import { isRefusal } from '../../stories/refusals.ts';
import { deletePost, trashedPostsPage, undeletePost } from '../../trash/trash.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "A story in its author's trash."
  type TrashedPost {
    "The story's id."
    id: ID!
    post: Post!
    "When it was moved to the trash."
    deletedAt: Long!
    "When the scheduled job deletes it for good (14 days later)."
    purgeAt: Long!
  }

  type TrashedPostConnection {
    items: [TrashedPost!]!
    pagingInfo: PagingInfo!
  }

  union DeletePostResult = TrashedPost | NotFound
  union UndeletePostResult = Post | NotFound

  type User {
    "Viewer only. The viewer's stories in the trash, most recently deleted first."
    trashedPostsConnection(paging: PagingOptions): TrashedPostConnection
  }

  type Mutation {
    "DeletePost: moves the viewer's story to the trash (idempotent)."
    deletePost(targetPostId: ID!): DeletePostResult!
    "UndeletePostMutation: restores the viewer's story from the trash (idempotent)."
    undeletePost(targetPostId: ID!): UndeletePostResult!
  }
`;

const byTypename = (value: { __typename?: string }) => value.__typename ?? 'Post';

export const trashModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      trashedPostsConnection: (user: { id: string }, args: { paging?: PagingOptions | null }, ctx: RequestContext) => trashedPostsPage(ctx, user.id, args.paging),
    },
    Mutation: {
      deletePost: async (_root: unknown, args: { targetPostId: string }, ctx: RequestContext) => {
        const result = await deletePost(ctx, args.targetPostId);
        return isRefusal(result) ? result : { __typename: 'TrashedPost', ...result };
      },
      undeletePost: (_root: unknown, args: { targetPostId: string }, ctx: RequestContext) => undeletePost(ctx, args.targetPostId),
    },
    DeletePostResult: { __resolveType: byTypename },
    UndeletePostResult: { __resolveType: byTypename },
  },
};
