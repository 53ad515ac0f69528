// Publication submissions (issue 12 item 7, first part): a writer of a publication submits a
// story when publishing (publishPost with the publication); the publication's owner and editors
// see the submissions and approve or decline them. An approved story joins the publication
// (statusForCollection APPROVED) and the pages that show it are purged; a declined one stays on
// its writer's profile only. Only editors reach any of this: to anyone else a publication has
// no submissions and the calls answer NotFound.
import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts } from '../db/schema.ts';
import { storyChanged } from '../stories/story-changed.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { refusals, type EmptyQueue } from '../context/outcomes.ts';
import { sealStoryNode, type StoryNode } from '../stories/content-gate.ts';
import { isEditorOf } from './members.ts';

export interface SubmissionNotFound {
  readonly __typename: 'NotFound';
  readonly message: string;
}

const notFound = (): SubmissionNotFound => ({ __typename: 'NotFound', message: 'This submission does not exist.' });

/** An editor takes a submitted story into the publication (approve) or declines it: it stays on its writer's profile. */
export async function decideSubmission(ctx: RequestContext, postId: string, approve: boolean): Promise<StoryNode | null | SubmissionNotFound> {
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

/** Editors only (null for everyone else): stories its writers submitted, waiting for a decision, newest first. */
export async function pendingSubmissions(ctx: RequestContext, collectionId: string): Promise<StoryNode[] | null> {
  if (!(await isEditorOf(ctx, collectionId))) return null;
  const rows = await orm(ctx.db)
    .select()
    .from(posts)
    .where(and(eq(posts.submittedCollectionId, collectionId), eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt)))
    .orderBy(desc(posts.latestPublishedAt))
    .limit(100);
  return rows.map(sealStoryNode);
}

/** What an editor's queue of submissions says when nothing waits (docs/outcomes.md EmptyQueue). */
export const NO_SUBMISSIONS_WAITING = 'No stories are waiting for a decision.';

/**
 * Editors only (null for everyone else): the submission that has waited longest, the next to
 * decide on — or EmptyQueue when none waits.
 */
export async function nextSubmission(ctx: RequestContext, collectionId: string): Promise<StoryNode | EmptyQueue | null> {
  if (!(await isEditorOf(ctx, collectionId))) return null;
  const [row] = await orm(ctx.db)
    .select()
    .from(posts)
    .where(and(eq(posts.submittedCollectionId, collectionId), eq(posts.status, 'PUBLISHED'), isNull(posts.deletedAt)))
    .orderBy(asc(posts.latestPublishedAt))
    .limit(1);
  return row ? sealStoryNode(row) : refusals.emptyQueue(NO_SUBMISSIONS_WAITING);
}

/** APPROVED when the story is in its publication; PENDING (author and editors only) while submitted; else null. */
export async function statusForCollection(ctx: RequestContext, post: StoryNode): Promise<'APPROVED' | 'PENDING' | null> {
  if (post.collectionId) return 'APPROVED';
  if (!post.submittedCollectionId) return null;
  const mayKnow = ctx.viewer.user?.id === post.creatorId || (await isEditorOf(ctx, post.submittedCollectionId));
  return mayKnow ? 'PENDING' : null;
}
