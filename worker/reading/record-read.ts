// Reading history: a signed-in reader's story reads, newest first (issue 6 item 8).
//
// When a read is recorded: when the story page is rendered for a signed-in reader. Those
// renders are always dynamic (never cached or shared, worker/cache/decision.ts), so the
// server render is the one place that sees every full page load of a story, with no extra
// request from the browser. The write runs once the page is answered (the response's
// waitUntil: docs/adr/0216-reading-history-after-the-response.md), off the reader's wait. A story reached by client-side navigation is recorded by the
// markPostAsRead mutation (worker/graphql/modules/reading-history.ts), which the story
// page can call after it loads.
//
// What is recorded: a story the reader may retrieve (the post-access rules), published,
// and not their own (a writer re-reading their own work is not reading history). A
// repeated read moves the story back to the top (read_at is the latest read).
import { sql } from 'drizzle-orm';
import { runWriteShape } from '../db/isolate-statements.ts';
import { readingHistory } from '../db/schema.ts';
import { postIdFromParam } from '../../shared/routing/story-id.ts';
import type { RequestContext } from '../context/request-context.ts';
import { visibleStory } from '../stories/story-access.ts';
import { logEvent } from '../lib/log-context.ts';

/** Records that the viewer read a story; false when there was nothing to record. */
export async function recordStoryRead(ctx: RequestContext, postId: string): Promise<boolean> {
  const viewer = ctx.viewer.user;
  if (!viewer) return false;
  const post = await visibleStory(ctx, postId);
  if (!post || post.status !== 'PUBLISHED' || post.creatorId === viewer.id) return false;
  // Built once per isolate, bound per read (docs/adr/0226-a-fresh-render-builds-nothing-it-built-before.md).
  await runWriteShape(
    ctx.db,
    'recordStoryRead',
    (b) =>
      b
        .insert(readingHistory)
        .values({ userId: sql.placeholder('userId'), postId: sql.placeholder('postId'), readAt: sql.placeholder('readAt') })
        .onConflictDoUpdate({ target: [readingHistory.userId, readingHistory.postId], set: { readAt: sql`excluded.read_at` } })
        .prepare(),
    { userId: viewer.id, postId: post.id, readAt: ctx.now },
  );
  return true;
}

/** The story page's server render for a signed-in reader records the read (see above). */
export async function recordReadOnStoryPage(ctx: RequestContext, pageName: string | null | undefined, params: Readonly<Record<string, string>>): Promise<void> {
  if (pageName !== 'post' || !ctx.viewer.user) return;
  const postId = postIdFromParam(params.postId ?? '');
  if (!postId) return;
  try {
    await recordStoryRead(ctx, postId);
  } catch (error) {
    // Reading history is a convenience: a failed write must never fail the story page.
    logEvent({ event: 'reading_history_failed', postId, message: String(error) }, 'error');
  }
}
