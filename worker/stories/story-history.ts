// A story's history: every change and who made it (issue 28 point 7;
// migrations/0064_story_history.sql). Written by each write to a story's text or state
// (drafts.ts, story-edit.ts, publishing.ts) beside the write itself; read by the story's
// history page (/p/{postId}/deltas) for those who may change the story (story-editors.ts).
import { desc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { postHistory } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import type { StoryNode } from './content-gate.ts';
import { storyEditorRole } from './story-editors.ts';

export type StoryHistoryChange = 'saved' | 'edited' | 'published' | 'republished' | 'unpublished' | 'settings';

/** Entries the history page shows (the newest). */
export const SHOWN_HISTORY = 200;

/** The insert of one history row, to run in the same batch as the change it records. */
export function storyHistoryRow(ctx: RequestContext, postId: string, change: StoryHistoryChange, rev: number | null = null) {
  return orm(ctx.db).insert(postHistory).values({ postId, actorId: ctx.viewer.user?.id ?? null, change, rev, createdAt: ctx.now });
}

/** Records one change by the viewer (for writes that are not a batch). */
export async function recordStoryHistory(ctx: RequestContext, postId: string, change: StoryHistoryChange, rev: number | null = null): Promise<void> {
  await storyHistoryRow(ctx, postId, change, rev);
}

export interface StoryHistoryEntry {
  change: StoryHistoryChange;
  rev: number | null;
  createdAt: number;
  actorId: string | null;
}

/** Those who may change the story only (null for anyone else): its changes, newest first. */
export async function storyHistory(ctx: RequestContext, post: StoryNode): Promise<StoryHistoryEntry[] | null> {
  if (!(await storyEditorRole(ctx, post))) return null;
  const rows = await orm(ctx.db)
    .select({ change: postHistory.change, rev: postHistory.rev, createdAt: postHistory.createdAt, actorId: postHistory.actorId })
    .from(postHistory)
    .where(eq(postHistory.postId, post.id))
    .orderBy(desc(postHistory.id))
    .limit(SHOWN_HISTORY);
  return rows.map((row) => ({ ...row, change: row.change as StoryHistoryChange }));
}
