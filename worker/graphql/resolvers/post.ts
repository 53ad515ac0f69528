import type { RequestContext } from '../../context/request-context.ts';
import { visiblePost } from '../../stories/story-access.ts';
import { PREVIEW_CONTENT_PARAGRAPHS, previewParagraphs, previewImageMetadata, readableContent, type PostNode } from '../../stories/content-gate.ts';
import { postType } from '../../stories/post-type.ts';
import { postUrl, uniqueSlug } from '../../host/canonical-urls.ts';
import { viewerId } from '../../context/viewer-checks.ts';

async function previewContent(ctx: RequestContext, post: PostNode, paragraphCount: number) {
  const preview = await previewParagraphs(ctx, post, paragraphCount);
  return { isFullContent: preview.isFullContent, bodyModel: { paragraphs: preview.paragraphs } };
}

async function creatorOf(ctx: RequestContext, post: PostNode) {
  const creator = await ctx.loaders.userById.load(post.creatorId);
  if (!creator) throw new Error(`Post ${post.id} has no creator row ${post.creatorId}.`);
  return creator;
}

export const postResolvers = {
  Post: {
    uniqueSlug: (post: PostNode) => uniqueSlug(post),
    creator: (post: PostNode, _args: unknown, ctx: RequestContext) => creatorOf(ctx, post),
    collection: (post: PostNode, _args: unknown, ctx: RequestContext) =>
      post.collectionId ? ctx.loaders.collectionById.load(post.collectionId) : null,
    isLocked: (post: PostNode) => post.visibility === 'LOCKED',
    type: postType,
    isPublished: (post: PostNode) => post.status === 'PUBLISHED',
    responsesCount: (post: PostNode) => post.responseCount,
    tags: (post: PostNode, _args: unknown, ctx: RequestContext) => ctx.loaders.tagsByPostId.load(post.id),
    primaryTopic: async (post: PostNode, _args: unknown, ctx: RequestContext) => (await ctx.loaders.tagsByPostId.load(post.id))[0] ?? null,
    previewImage: (post: PostNode) => previewImageMetadata(post),
    mediumUrl: async (post: PostNode, _args: unknown, ctx: RequestContext) => {
      const [creator, collection] = await Promise.all([
        creatorOf(ctx, post),
        post.collectionId ? ctx.loaders.collectionById.load(post.collectionId) : null,
      ]);
      return postUrl(ctx.env, creator, collection ?? null, post);
    },
    inResponseToPost: (post: PostNode, _args: unknown, ctx: RequestContext) =>
      post.inResponseToPostId ? visiblePost(ctx, post.inResponseToPostId) : null,
    content: async (post: PostNode, _args: unknown, ctx: RequestContext) => {
      const readable = await readableContent(ctx, post);
      return { isLockedPreviewOnly: readable.isLockedPreviewOnly, bodyModel: { paragraphs: readable.paragraphs } };
    },
    previewContent: (post: PostNode, _args: unknown, ctx: RequestContext) => previewContent(ctx, post, PREVIEW_CONTENT_PARAGRAPHS),
    extendedPreviewContent: (post: PostNode, _args: unknown, ctx: RequestContext) => previewContent(ctx, post, post.previewParagraphCount),
    viewerEdge: (post: PostNode, _args: unknown, ctx: RequestContext) => ({ id: `${post.id}-${viewerId(ctx) ?? 'lo'}`, postId: post.id }),
  },
  PostViewerEdge: {
    clapCount: (edge: { postId: string }, _args: unknown, ctx: RequestContext) => ctx.loaders.viewerClapCountByPostId.load(edge.postId),
    isBookmarked: (edge: { postId: string }, _args: unknown, ctx: RequestContext) => ctx.loaders.viewerBookmarkByPostId.load(edge.postId),
  },
};
