// Publication submissions (issue 12 item 7, first part): a writer of a publication submits a
// story when publishing (publishPost with the publication; worker/graphql/modules/publishing.ts);
// the publication's owner and editors see the submissions and approve or decline them. An
// approved story joins the publication (statusForCollection APPROVED) and the pages that show
// it are purged; a declined one stays on its writer's profile only. Only editors reach any of
// this: to anyone else a publication has no submissions and the calls answer NotFound.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { orm } from '../../db/orm.ts';
import { collectionMembers, posts, type CollectionRow } from '../../db/schema.ts';
import { storyChanged } from '../../stories/story-changed.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { signInRequired } from '../../context/errors.ts';
import { sealPostNode, type PostNode } from '../../stories/content-gate.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  union SubmissionResult = Post | NotFound

  type Collection {
    "Whether the viewer is the publication's owner or one of its editors."
    viewerIsEditor: Boolean!
    "Editors only: stories its writers submitted, waiting for a decision, newest first."
    submissions: [Post!]
  }

  type Post {
    "APPROVED when the story is in its publication; PENDING (author and editors only) while submitted; else null."
    statusForCollection: String
  }

  type Mutation {
    "An editor takes a submitted story into the publication."
    approveSubmission(postId: ID!): SubmissionResult!
    "An editor declines a submitted story: it stays on its writer's profile."
    declineSubmission(postId: ID!): SubmissionResult!
  }
`;

const notFound = () => ({ __typename: 'NotFound', message: 'This submission does not exist.' });

export async function isEditorOf(ctx: RequestContext, collectionId: string): Promise<boolean> {
  const viewer = ctx.viewer.user;
  if (!viewer) return false;
  const [row] = await orm(ctx.db)
    .select({ role: collectionMembers.role })
    .from(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, viewer.id)));
  return row !== undefined && row.role !== 'WRITER';
}

async function decide(ctx: RequestContext, postId: string, approve: boolean) {
  if (!ctx.viewer.user) throw signInRequired(approve ? 'approve a submission' : 'decline a submission');
  const post = await ctx.loaders.postById.load(postId);
  if (!post || !post.submittedCollectionId || post.deletedAt !== null || !(await isEditorOf(ctx, post.submittedCollectionId))) return notFound();
  const collectionId = post.submittedCollectionId;
  await orm(ctx.db)
    .update(posts)
    .set(approve ? { collectionId, submittedCollectionId: null } : { submittedCollectionId: null })
    .where(and(eq(posts.id, post.id), eq(posts.submittedCollectionId, collectionId)));
  await storyChanged(ctx, post.id, { change: 'settings', previousCollectionId: post.collectionId });
  return ctx.loaders.postById.load(post.id);
}

export const submissionsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    SubmissionResult: { __resolveType: (value: { __typename?: string }) => value.__typename ?? 'Post' },
    Collection: {
      viewerIsEditor: (collection: CollectionRow, _a: unknown, ctx: RequestContext) => isEditorOf(ctx, collection.id),
      submissions: async (collection: CollectionRow, _a: unknown, ctx: RequestContext): Promise<PostNode[] | null> => {
        if (!(await isEditorOf(ctx, collection.id))) return null;
        const rows = await orm(ctx.db)
          .select()
          .from(posts)
          .where(and(eq(posts.submittedCollectionId, collection.id), eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt)))
          .orderBy(desc(posts.latestPublishedAt))
          .limit(100);
        return rows.map(sealPostNode);
      },
    },
    Post: {
      statusForCollection: async (post: PostNode, _a: unknown, ctx: RequestContext) => {
        if (post.collectionId) return 'APPROVED';
        if (!post.submittedCollectionId) return null;
        const mayKnow = ctx.viewer.user?.id === post.creatorId || (await isEditorOf(ctx, post.submittedCollectionId));
        return mayKnow ? 'PENDING' : null;
      },
    },
    Mutation: {
      approveSubmission: (_r: unknown, args: { postId: string }, ctx: RequestContext) => decide(ctx, args.postId, true),
      declineSubmission: (_r: unknown, args: { postId: string }, ctx: RequestContext) => decide(ctx, args.postId, false),
    },
  },
};
