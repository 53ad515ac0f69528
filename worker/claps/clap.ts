// Claps (docs/product/3-routes-data-calls-constants.md §3: Post.clapCount, viewerClapCount; client
// state multiVote): a signed-in reader claps a story 1 to 50 times in all. A call adds numClaps to
// the reader's claps; the 50 ceiling is kept by SQLite itself in one upsert (MIN(50, count +
// excluded.count)), so concurrent calls can never push a reader past it, whatever their
// interleaving. The story's clapCount is recounted from the claps rows in the same D1 batch (a
// transaction), so it always equals the sum (as scripts/demo-world/counters.ts keeps it).
//
// Decisions where the spec is silent:
// - A writer cannot clap for their own story (the clap button is inert for them), as in
//   the product the spec describes; the server refuses it too.
// - Any signed-in reader who can open a story may clap it, member-only ones included: a
//   non-member who read the preview may still applaud it.
// - Only published stories and responses take claps (a draft is not readable by others).
// - The anonymous copy of the story page shows clapCount, so a clap changes the story's own
//   pages (only those: cards elsewhere may show a count up to the cache TTL old, which is fine
//   for a number that only grows).
import { and, desc, eq, sql } from 'drizzle-orm';
import { recordNotification } from '../notifications/notify.ts';
import { claps, posts, users, type UserRow } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { orm } from '../db/orm.ts';
import { badRequest, CallerError, signInRequired } from '../context/errors.ts';
import { isOutcome } from '../context/outcomes.ts';
import { storyOrOutcome } from '../stories/story-access.ts';
import type { StoryNode } from '../stories/content-gate.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { activeAccount, after } from '../db/conditions.ts';

/**
 * A reader's claps per story, in all (docs/product/3-routes-data-calls-constants.md §9 "Per-post
 * default 50").
 */
export const MAX_CLAPS_PER_STORY = 50;

/** Adds numClaps (1 to 50) to the viewer's claps for a published story or response; answers the story. */
export async function clap(context: RequestContext, args: { targetPostId: string; numClaps: number }): Promise<StoryNode> {
  const viewer = context.viewer.user;
  if (!viewer) throw signInRequired('clap for a story');
  const { numClaps } = args;
  if (!Number.isInteger(numClaps) || numClaps < 1 || numClaps > MAX_CLAPS_PER_STORY) {
    throw badRequest(`numClaps must be between 1 and ${MAX_CLAPS_PER_STORY} (got ${numClaps}).`);
  }
  const post = await storyOrOutcome(context, args.targetPostId);
  if (isOutcome(post)) throw new CallerError(post.message, { code: 'NOT_FOUND', outcome: post.__typename });
  if (post.status !== 'PUBLISHED') throw badRequest('Only published stories can be clapped for.');
  if (post.creatorId === viewer.id) throw badRequest('You cannot clap for your own story.');

  const q = orm(context.db);
  await q.batch([
    q
      .insert(claps)
      .values({ userId: viewer.id, postId: post.id, count: numClaps, updatedAt: context.now })
      .onConflictDoUpdate({
        target: [claps.userId, claps.postId],
        set: { count: sql`MIN(${MAX_CLAPS_PER_STORY}, ${claps.count} + excluded.count)`, updatedAt: sql`excluded.updated_at` },
      }),
    q
      .update(posts)
      .set({ clapCount: sql`(SELECT COALESCE(SUM(${claps.count}), 0) FROM ${claps} WHERE ${claps.postId} = ${post.id})` })
      .where(sql`${posts.id} = ${post.id}`),
  ]);
  context.loaders.postById.clear(post.id);
  context.loaders.viewerPostEdgeByPostId.clear(post.id);

  await context.changes.record({ pages: [{ kind: 'story', id: post.id }] });
  await recordNotification(context.db, { userId: post.creatorId, actorId: viewer.id, kind: 'CLAP', postId: post.id, now: context.now });

  const updated = await context.loaders.postById.load(post.id);
  if (!updated) throw new Error(`Post ${post.id} disappeared while it was clapped for.`);
  return updated;
}

/**
 * Who clapped for a story (/p/{postId}/upvotes), most recent clap first, with each reader's
 * claps; deleted and suspended accounts left out, as in every list of people. Public like the
 * story's clap count: anyone who can open the story sees who applauded it.
 */
export async function clappers(context: RequestContext, post: StoryNode, paging: PagingOptions | null | undefined): Promise<{ claps: { user: UserRow; clapCount: number }[]; pagingInfo: Page<unknown>['pagingInfo'] }> {
  if (post.status !== 'PUBLISHED') return { claps: [], pagingInfo: { next: null } };
  const request = pageRequest(paging);
  const rows = await orm(context.db)
    .select({ user: users, clapCount: claps.count, clappedAt: claps.updatedAt })
    .from(claps)
    .innerJoin(users, eq(users.id, claps.userId))
    .where(and(eq(claps.postId, post.id), ...activeAccount(), ...after(claps.updatedAt, users.id, request.after)))
    .orderBy(desc(claps.updatedAt), desc(users.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.clappedAt, id: row.user.id }));
  for (const row of page.items) context.loaders.userById.prime(row.user.id, row.user);
  return { claps: page.items.map((row) => ({ user: row.user, clapCount: row.clapCount })), pagingInfo: page.pagingInfo };
}
