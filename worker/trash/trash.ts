// Deleting and restoring a story (issue 6 item 12;
// docs/product/1-product-screens-membership-header-search.md §7 DeletePost(targetPostId),
// docs/product/2-sign-in-notices-cache-routing.md §7 UndeletePostMutation(targetPostId)).
// DeletePost moves the story to the trash, where it stays for 14 days before the scheduled purge
// deletes it for good (./purge-trash.ts); undeletePost takes it back out. Only the story's
// author may do either: to anyone else the story answers NotFound (a draft's existence is
// private). Both record the story's change before answering (storyChanged), so no cached page
// keeps showing a trashed story, or keeps hiding a restored one.
import { and, desc, eq, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import { posts } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, signInRequired } from '../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { isViewer } from '../context/viewer-checks.ts';
import { sealStoryNode, type StoryNode } from '../stories/content-gate.ts';
import { storyChanged } from '../stories/story-changed.ts';
import { refused, type Refusal } from '../stories/refusals.ts';
import { purgeDueAt } from './purge-trash.ts';

/** A story in its author's trash. */
export interface TrashedPost {
  /** The story's id. */
  id: string;
  post: StoryNode;
  /** When it was moved to the trash. */
  deletedAt: number;
  /** When the scheduled job deletes it for good (14 days later). */
  purgeAt: number;
}

function trashed(post: StoryNode): TrashedPost {
  return { id: post.id, post, deletedAt: post.deletedAt as number, purgeAt: purgeDueAt(post.deletedAt as number) };
}

/** The viewer's own story (trashed or not), or null. */
async function ownPost(ctx: RequestContext, postId: string, action: string): Promise<StoryNode | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired(`${action} a story`);
  if (typeof postId !== 'string' || postId.trim() === '') throw badRequest('targetPostId is required.');
  const post = await ctx.loaders.postById.load(postId);
  return post && post.creatorId === viewer.id ? post : null;
}

async function setDeletedAt(ctx: RequestContext, post: StoryNode, deletedAt: number | null): Promise<StoryNode> {
  await orm(ctx.db).update(posts).set({ deletedAt, updatedAt: ctx.now }).where(eq(posts.id, post.id));
  ctx.loaders.postById.clear(post.id);
  await storyChanged(ctx, post.id, { change: deletedAt === null ? 'restored' : 'deleted' });
  const updated = await ctx.loaders.postById.load(post.id);
  if (!updated) throw new Error(`Post ${post.id} disappeared while it was changed.`);
  return updated;
}

/** DeletePost: moves the viewer's story to the trash (idempotent). */
export async function deletePost(ctx: RequestContext, postId: string): Promise<TrashedPost | Refusal> {
  const post = await ownPost(ctx, postId, 'delete');
  if (!post) return refused.notFound();
  if (post.deletedAt !== null) return trashed(post);
  return trashed(await setDeletedAt(ctx, post, ctx.now));
}

/** UndeletePostMutation: restores the viewer's story from the trash (idempotent). */
export async function undeletePost(ctx: RequestContext, postId: string): Promise<StoryNode | Refusal> {
  const post = await ownPost(ctx, postId, 'restore');
  if (!post) return refused.notFound();
  if (post.deletedAt === null) return post;
  return setDeletedAt(ctx, post, null);
}

/** Viewer only (null for anyone else): the viewer's stories in the trash, most recently deleted first. */
export async function trashedPostsPage(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<TrashedPost> | null> {
  if (!isViewer(ctx, userId)) return null;
  const request = pageRequest(paging);
  const conditions: SQL[] = [eq(posts.creatorId, userId), isNotNull(posts.deletedAt)];
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
      const node = sealStoryNode(row);
      ctx.loaders.postById.prime(node.id, node);
      return trashed(node);
    }),
    pagingInfo: page.pagingInfo,
  };
}
