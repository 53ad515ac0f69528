// Moderation by staff (issue 12 item 9): suspending and restoring a story or an account. A
// suspended story or account answers PostSuspended / AccountSuspended to readers
// (./story-access.ts) while its author still sees it with the notice; the pages that showed it
// are purged at once (a story through storyChanged; an account's profile, home and each of its
// stories). Anyone but staff is told the thing does not exist.
import { eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts, users } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { outcomes, type Outcome } from '../context/outcomes.ts';
import { storyChanged } from './story-changed.ts';

/** Stories of an account whose pages are purged with it (the newest first). */
const MAX_PURGED_STORIES = 1000;

export interface ModerationDone {
  /** The story's or account's id. */
  id: string;
  isSuspended: boolean;
}

function staffOnly(ctx: RequestContext): boolean {
  if (!ctx.viewer.user) throw signInRequired('moderate');
  return ctx.viewer.user.isStaff;
}

/** Staff only: suspends (true) or restores (false) a story. */
export async function setPostSuspended(ctx: RequestContext, postId: string, suspended: boolean): Promise<ModerationDone | Outcome> {
  const post = staffOnly(ctx) ? await ctx.loaders.postById.load(postId) : null;
  if (!post) return outcomes.notFound('story');
  await orm(ctx.db).update(posts).set({ isSuspended: suspended }).where(eq(posts.id, post.id));
  await storyChanged(ctx, post.id, { change: 'settings' });
  return { id: post.id, isSuspended: suspended };
}

/** Staff only: suspends (true) or restores (false) an account. */
export async function setUserSuspended(ctx: RequestContext, userId: string, suspended: boolean): Promise<ModerationDone | Outcome> {
  const user = staffOnly(ctx) ? await ctx.loaders.userById.load(userId) : null;
  if (!user) return outcomes.notFound('user');
  const q = orm(ctx.db);
  await q.update(users).set({ isSuspended: suspended }).where(eq(users.id, user.id));
  const stories = await q.select({ id: posts.id }).from(posts).where(eq(posts.creatorId, user.id)).limit(MAX_PURGED_STORIES);
  // A suspended account and its stories leave search at once; a restored one comes back.
  await ctx.changes.record({
    records: [{ kind: 'profile', id: user.id }],
    pages: [{ kind: 'profile', id: user.id }, { kind: 'home' }, ...stories.map((s) => ({ kind: 'story' as const, id: s.id }))],
  });
  return { id: user.id, isSuspended: suspended };
}
