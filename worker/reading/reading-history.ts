// Reading history (issue 6 items 8 and 10): the viewer's reads newest first, removing one,
// clearing all (page customize-reading-history); ./record-read.ts says when a read is recorded.
//
// Only the viewer sees their history. A story that left the public (trashed, suspended,
// unpublished, or its writer's account suspended or deleted) drops out of the list; its
// row stays, so a restored story comes back.
import { and, desc, eq, isNull, lt, or, type SQL } from 'drizzle-orm';
import { posts, readingHistory, users } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { isViewer, viewerId } from '../context/viewer-checks.ts';
import { sealStoryNode, type StoryNode } from '../stories/content-gate.ts';
import { recordStoryRead } from './record-read.ts';

export interface ReadingHistoryItem {
  /** {postId}-{userId}. */
  id: string;
  /** When the viewer last read the story. */
  readAt: number;
  post: StoryNode;
}

function requireViewer(ctx: RequestContext): string {
  const id = viewerId(ctx);
  if (!id) throw signInRequired('keep a reading history');
  return id;
}

/** Viewer only (null for anyone else): stories the viewer read, most recent read first. */
export async function readingHistoryPage(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<ReadingHistoryItem> | null> {
  if (!isViewer(ctx, userId)) return null;
  const request = pageRequest(paging);
  const conditions: SQL[] = [
    eq(readingHistory.userId, userId),
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
      const node = sealStoryNode(post);
      ctx.loaders.postById.prime(node.id, node);
      return { id: `${node.id}-${userId}`, readAt, post: node };
    }),
    pagingInfo: page.pagingInfo,
  };
}

/** Records that the viewer read a story (true when recorded; the viewer's own stories are not). */
export function markPostAsRead(ctx: RequestContext, postId: string): Promise<boolean> {
  requireViewer(ctx);
  return recordStoryRead(ctx, postId);
}

/** Takes one story out of the viewer's reading history; how many rows went. */
export async function removeFromReadingHistory(ctx: RequestContext, postId: string): Promise<number> {
  const viewer = requireViewer(ctx);
  const removed = await orm(ctx.db)
    .delete(readingHistory)
    .where(and(eq(readingHistory.userId, viewer), eq(readingHistory.postId, postId)))
    .returning({ postId: readingHistory.postId });
  return removed.length;
}

/** Empties the viewer's reading history; how many rows went. */
export async function clearReadingHistory(ctx: RequestContext): Promise<number> {
  const viewer = requireViewer(ctx);
  const removed = await orm(ctx.db).delete(readingHistory).where(eq(readingHistory.userId, viewer)).returning({ postId: readingHistory.postId });
  return removed.length;
}
