// "Show less like this" on a home-feed card (docs/product/2-sign-in-notices-cache-routing.md §4.4
// USER_NEGATIVE_SIGNAL: "Fewer-stories-like-this, with Undo, then 'Undone. This story has been
// added back.'"). The reader's signal takes the story off their home feeds (every mode:
// story-lists.ts homeFeedPosts); Undo removes the signal and the story comes back.
// The home feeds are per reader and never edge-cached, so there is no cached page to purge.
import { and, eq, notInArray, type SQL } from 'drizzle-orm';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { viewerId } from '../context/viewer-checks.ts';
import { negativeSignals, posts } from '../db/schema.ts';
import { orm } from '../db/orm.ts';
import { outcomes, type Outcome } from '../context/outcomes.ts';
import { visibleStory } from './story-access.ts';

export interface NegativeSignalState {
  postId: string;
  /** True while the reader asked for fewer stories like this one. */
  isShowingLess: boolean;
}

/** Records (on) or withdraws (off) the viewer's signal on a story they can see. Idempotent. */
export async function setNegativeSignal(ctx: RequestContext, postId: string, on: boolean): Promise<NegativeSignalState | Outcome> {
  const viewer = viewerId(ctx);
  if (!viewer) throw signInRequired('see fewer stories like this');
  const q = orm(ctx.db);
  if (!on) {
    await q.delete(negativeSignals).where(and(eq(negativeSignals.userId, viewer), eq(negativeSignals.postId, postId)));
    return { postId, isShowingLess: false };
  }
  if (!(await visibleStory(ctx, postId))) return outcomes.notFound('story');
  await q.insert(negativeSignals).values({ userId: viewer, postId, createdAt: ctx.now }).onConflictDoNothing();
  return { postId, isShowingLess: true };
}

/** The condition that keeps the viewer's shown-less stories off their home feeds. */
export function notShownLessTo(ctx: RequestContext, viewer: string): SQL {
  return notInArray(posts.id, orm(ctx.db).select({ id: negativeSignals.postId }).from(negativeSignals).where(eq(negativeSignals.userId, viewer)));
}
