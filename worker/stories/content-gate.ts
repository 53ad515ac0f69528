// The member-only content gate: the one place that reads a story's paragraphs.
//
// A post row is turned into a StoryNode as soon as it is loaded (worker/db/story-node.ts): its
// content JSON moves under a module-private symbol, so no default field resolver, alias,
// fragment or nesting can reach it; this module alone unseals it. Post.content, previewContent and
// extendedPreviewContent all read through readableContent(), which cuts a LOCKED story
// to its preview for a viewer who is not its author, staff or an active member.

import type { ImageMetadata, Paragraph, StoryContent } from '../../shared/content.ts';
import { sealedContent, type StoryNode } from '../db/story-node.ts';
import type { RequestContext } from '../context/request-context.ts';
import { viewerIsActiveMember } from '../membership/active-membership.ts';

/** Paragraphs as the GraphQL Paragraph type serves them. */
export type ParagraphNode = Paragraph & { id: string };

export interface ReadableContent {
  paragraphs: readonly ParagraphNode[];
  /** A member-only story cut to its preview for this viewer. */
  isLockedPreviewOnly: boolean;
  /** Why it was cut (docs/product/3-routes-data-calls-constants.md §8 locked-post reasons); null when whole. */
  lockedPostReason: LockedPostReason | null;
}

/**
 * The locked-post reasons of docs/product/3-routes-data-calls-constants.md §8. The gate only cuts a
 * story for a reader without an active membership, so it answers LACK_OF_MEMBERSHIP; UNKNOWN
 * is the spec's catch-all, kept for clients (docs/outcomes.md "Locked-post reasons").
 */
export type LockedPostReason = 'LACK_OF_MEMBERSHIP' | 'UNKNOWN';

/**
 * Who made a story member-only (the spec's locked-source reasons, docs/outcomes.md): every locked
 * story here was locked by its writer (user-generated); nothing locks a story on another's behalf.
 */
export type LockedPostSource = 'LOCKED_POST_SOURCE_NONE' | 'LOCKED_POST_SOURCE_UGC';

export function lockedSource(post: Pick<StoryNode, 'visibility'>): LockedPostSource {
  return post.visibility === 'LOCKED' ? 'LOCKED_POST_SOURCE_UGC' : 'LOCKED_POST_SOURCE_NONE';
}

const parsedStories = new WeakMap<StoryNode, readonly ParagraphNode[]>();

/** The story's content JSON: sealed in the node, or read by its id when its list left it out (worker/db/story-node.ts). */
async function contentOf(ctx: RequestContext, post: StoryNode): Promise<string> {
  const sealed = sealedContent(post);
  if (sealed !== null) return sealed;
  const content = await ctx.loaders.postContentById.load(post.id);
  if (content === null) throw new Error(`Post ${post.id} has no row to read its content from.`);
  return content;
}

async function allParagraphs(ctx: RequestContext, post: StoryNode): Promise<readonly ParagraphNode[]> {
  let paragraphs = parsedStories.get(post);
  if (!paragraphs) {
    const story = JSON.parse(await contentOf(ctx, post)) as Partial<StoryContent> | null;
    if (!story || !Array.isArray(story.paragraphs)) throw new Error(`Post ${post.id} has malformed content.`);
    paragraphs = story.paragraphs.map((p) => ({ ...p, markups: p.markups ?? [], id: `${post.id}_${p.name}` }));
    parsedStories.set(post, paragraphs);
  }
  return paragraphs;
}

/** Who reads a member-only story whole: its author, staff, and active members. */
async function mayReadWholeStory(ctx: RequestContext, post: StoryNode): Promise<boolean> {
  if (post.visibility !== 'LOCKED') return true;
  const viewer = ctx.viewer.user;
  if (!viewer) return false;
  if (viewer.id === post.creatorId || viewer.isStaff) return true;
  return viewerIsActiveMember(ctx);
}

/** The paragraphs this viewer may receive. */
export async function readableContent(ctx: RequestContext, post: StoryNode): Promise<ReadableContent> {
  const paragraphs = await allParagraphs(ctx, post);
  if (await mayReadWholeStory(ctx, post)) return { paragraphs, isLockedPreviewOnly: false, lockedPostReason: null };
  return { paragraphs: paragraphs.slice(0, Math.max(0, post.previewParagraphCount)), isLockedPreviewOnly: true, lockedPostReason: 'LACK_OF_MEMBERSHIP' };
}

/** Card previews: the first lines of what the viewer may read. */
export const PREVIEW_CONTENT_PARAGRAPHS = 2;

export interface PreviewContent {
  paragraphs: readonly ParagraphNode[];
  /** The preview is the whole story as this viewer may read it. */
  isFullContent: boolean;
}

/** The first `paragraphCount` paragraphs of what this viewer may read. */
export async function previewParagraphs(ctx: RequestContext, post: StoryNode, paragraphCount: number): Promise<PreviewContent> {
  const readable = await readableContent(ctx, post);
  const paragraphs = readable.paragraphs.slice(0, Math.max(0, paragraphCount));
  return { paragraphs, isFullContent: !readable.isLockedPreviewOnly && paragraphs.length === readable.paragraphs.length };
}

/**
 * The cover image's metadata (id and focus point), looked up among the IMG paragraphs.
 * Only the image's own metadata leaves here, never paragraph text. `idOnly`: the caller asks
 * for the image's id alone, which is the story's preview_image_id whatever the paragraphs say
 * (the paragraph is found by that id), so a card read without its content reads none for it.
 */
export async function previewImageMetadata(ctx: RequestContext, post: StoryNode, idOnly = false): Promise<(Partial<ImageMetadata> & { id: string }) | null> {
  if (!post.previewImageId) return null;
  if (idOnly && sealedContent(post) === null) return { id: post.previewImageId };
  const image = (await allParagraphs(ctx, post)).find((p) => p.type === 'IMG' && p.metadata?.id === post.previewImageId);
  return image?.metadata ?? { id: post.previewImageId };
}

export { sealStoryNode, type StoryNode, type StoryRow } from '../db/story-node.ts';
