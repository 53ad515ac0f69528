// Deleting and restoring a story (issue 6 item 12;
// docs/product/1-product-screens-membership-header-search.md §7 DeletePost(targetPostId),
// docs/product/2-sign-in-notices-cache-routing.md §7 UndeletePostMutation(targetPostId)).
// DeletePost moves the story to the trash, where it stays for 14 days before the scheduled purge
// deletes it for good (worker/trash/purge-trash.ts); undeletePost takes it back out. Only the
// story's author may do either: to anyone else the story answers NotFound (a draft's existence is
// private). Both purge the story's cache tags before answering, so no cached page keeps showing a
// trashed story, or keeps hiding a restored one.
import { and, desc, eq, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { GraphQLError } from 'graphql';
import { posts, type UserRow } from '../../db/schema.ts';
import { purgeDueAt } from '../../trash/purge-trash.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { orm } from '../../db/orm.ts';
import { pageOf, pageRequest, type PagingOptions } from '../../context/paging.ts';
import { sealPostNode, type PostNode } from '../../stories/content-gate.ts';
import { isViewer } from '../../context/viewer-checks.ts';
import type { SchemaModule } from './schema-module.ts';
import { storyChanged } from '../../stories/story-changed.ts';

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

const notFound = () => ({ __typename: 'NotFound', message: 'This story does not exist.' });

function trashed(post: PostNode) {
  return { __typename: 'TrashedPost', id: post.id, post, deletedAt: post.deletedAt as number, purgeAt: purgeDueAt(post.deletedAt as number) };
}

/** The viewer's own story (trashed or not), or null. */
async function ownPost(ctx: RequestContext, postId: string, action: string): Promise<PostNode | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw new GraphQLError(`Sign in to ${action} a story.`, { extensions: { code: 'UNAUTHENTICATED' } });
  if (typeof postId !== 'string' || postId.trim() === '') throw new GraphQLError('targetPostId is required.', { extensions: { code: 'BAD_REQUEST' } });
  const post = await ctx.loaders.postById.load(postId);
  return post && post.creatorId === viewer.id ? post : null;
}

async function setDeletedAt(ctx: RequestContext, post: PostNode, deletedAt: number | null): Promise<PostNode> {
  await orm(ctx.db).update(posts).set({ deletedAt, updatedAt: ctx.now }).where(eq(posts.id, post.id));
  ctx.loaders.postById.clear(post.id);
  await storyChanged(ctx, post.id, { change: deletedAt === null ? 'restored' : 'deleted' });
  const updated = await ctx.loaders.postById.load(post.id);
  if (!updated) throw new Error(`Post ${post.id} disappeared while it was changed.`);
  return updated;
}

async function trashedPostsPage(ctx: RequestContext, user: UserRow, paging: PagingOptions | null | undefined) {
  if (!isViewer(ctx, user.id)) return null;
  const request = pageRequest(paging);
  const conditions: SQL[] = [eq(posts.creatorId, user.id), isNotNull(posts.deletedAt)];
  if (request.after) {
    const { sortKey, id } = request.after;
    conditions.push(or(lt(posts.deletedAt, sortKey), and(eq(posts.deletedAt, sortKey), lt(posts.id, id)))!);
  }
  const rows = await orm(ctx.db)
    .select()
    .from(posts)
    .where(and(...conditions))
    .orderBy(desc(posts.deletedAt), desc(posts.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.deletedAt as number, id: row.id }));
  return {
    items: page.items.map((row) => {
      const node = sealPostNode(row);
      ctx.loaders.postById.prime(node.id, node);
      return trashed(node);
    }),
    pagingInfo: page.pagingInfo,
  };
}

const byTypename = (value: { __typename?: string }) => value.__typename ?? 'Post';

export const trashModule: SchemaModule = {
  typeDefs,
  resolvers: {
    User: {
      trashedPostsConnection: (user: UserRow, args: { paging?: PagingOptions | null }, ctx: RequestContext) => trashedPostsPage(ctx, user, args.paging),
    },
    Mutation: {
      deletePost: async (_root: unknown, args: { targetPostId: string }, ctx: RequestContext) => {
        const post = await ownPost(ctx, args.targetPostId, 'delete');
        if (!post) return notFound();
        if (post.deletedAt !== null) return trashed(post);
        return trashed(await setDeletedAt(ctx, post, ctx.now));
      },
      undeletePost: async (_root: unknown, args: { targetPostId: string }, ctx: RequestContext) => {
        const post = await ownPost(ctx, args.targetPostId, 'restore');
        if (!post) return notFound();
        if (post.deletedAt === null) return post;
        return setDeletedAt(ctx, post, null);
      },
    },
    DeletePostResult: { __resolveType: byTypename },
    UndeletePostResult: { __resolveType: byTypename },
  },
};
