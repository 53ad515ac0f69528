import type { GraphQLResolveInfo } from 'graphql';
import type { RequestContext } from '../../context/request-context.ts';
import { thisFieldSelectsIdOnly } from '../selected-fields.ts';
import { visibleStory } from '../../stories/story-access.ts';
import { PREVIEW_CONTENT_PARAGRAPHS, lockedSource, previewParagraphs, previewImageMetadata, readableContent, type StoryNode } from '../../stories/content-gate.ts';
import { postType } from '../../stories/post-type.ts';
import { canonicalStoryUrl, uniqueSlug } from '../../host/canonical-urls.ts';
import { viewerId } from '../../context/viewer-checks.ts';

async function previewContent(ctx: RequestContext, post: StoryNode, paragraphCount: number) {
  const preview = await previewParagraphs(ctx, post, paragraphCount);
  return { isFullContent: preview.isFullContent, bodyModel: { paragraphs: preview.paragraphs } };
}

async function creatorOf(ctx: RequestContext, post: StoryNode) {
  const creator = await ctx.loaders.userById.load(post.creatorId);
  if (!creator) throw new Error(`Post ${post.id} has no creator row ${post.creatorId}.`);
  return creator;
}

export const postResolvers = {
  Post: {
    uniqueSlug: (post: StoryNode) => uniqueSlug(post),
    creator: (post: StoryNode, _args: unknown, ctx: RequestContext) => creatorOf(ctx, post),
    collection: (post: StoryNode, _args: unknown, ctx: RequestContext) =>
      post.collectionId ? ctx.loaders.collectionById.load(post.collectionId) : null,
    isLocked: (post: StoryNode) => post.visibility === 'LOCKED',
    lockedSource: (post: StoryNode) => lockedSource(post),
    type: postType,
    isPublished: (post: StoryNode) => post.status === 'PUBLISHED',
    responsesCount: (post: StoryNode) => post.responseCount,
    tags: (post: StoryNode, _args: unknown, ctx: RequestContext) => ctx.loaders.tagsByPostId.load(post.id),
    primaryTopic: async (post: StoryNode, _args: unknown, ctx: RequestContext) => (await ctx.loaders.tagsByPostId.load(post.id))[0] ?? null,
    // A card asks for the image's id alone: a story its list read without the content then reads none for it.
    previewImage: (post: StoryNode, _args: unknown, ctx: RequestContext, info: GraphQLResolveInfo) =>
      previewImageMetadata(ctx, post, thisFieldSelectsIdOnly(info)),
    mediumUrl: async (post: StoryNode, _args: unknown, ctx: RequestContext) => {
      const [creator, collection] = await Promise.all([
        creatorOf(ctx, post),
        post.collectionId ? ctx.loaders.collectionById.load(post.collectionId) : null,
      ]);
      return canonicalStoryUrl(ctx.env, creator, collection ?? null, post);
    },
    inResponseToPost: (post: StoryNode, _args: unknown, ctx: RequestContext) =>
      post.inResponseToPostId ? visibleStory(ctx, post.inResponseToPostId) : null,
    content: async (post: StoryNode, _args: unknown, ctx: RequestContext) => {
      const readable = await readableContent(ctx, post);
      return { isLockedPreviewOnly: readable.isLockedPreviewOnly, lockedPostReason: readable.lockedPostReason, bodyModel: { paragraphs: readable.paragraphs } };
    },
    previewContent: (post: StoryNode, _args: unknown, ctx: RequestContext) => previewContent(ctx, post, PREVIEW_CONTENT_PARAGRAPHS),
    extendedPreviewContent: (post: StoryNode, _args: unknown, ctx: RequestContext) => previewContent(ctx, post, post.previewParagraphCount),
    viewerEdge: (post: StoryNode, _args: unknown, ctx: RequestContext) => ({ id: `${post.id}-${viewerId(ctx) ?? 'lo'}`, postId: post.id }),
  },
  PostViewerEdge: {
    clapCount: async (edge: { postId: string }, _args: unknown, ctx: RequestContext) => (await ctx.loaders.viewerPostEdgeByPostId.load(edge.postId)).clapCount,
    isBookmarked: async (edge: { postId: string }, _args: unknown, ctx: RequestContext) => (await ctx.loaders.viewerPostEdgeByPostId.load(edge.postId)).isBookmarked,
  },
};
