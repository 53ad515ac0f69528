// Highlights and private notes (docs/product/3-routes-data-calls-constants.md §2.3, §2.11; the
// rules: docs/reader.md, "Highlights, quotes and notes"). A reader highlights a passage of one
// paragraph they can read; a note is a private highlight with the reader's words, which its
// author may leave for the story's writer (./note-replies.ts holds their thread). Passages are
// read back through shared/highlight-anchor.ts, so they follow edits elsewhere and are dropped
// when their words are gone.
import { and, count, desc, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { highlights, type HighlightRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { pageOf, pageRequest, type Page, type PagingOptions } from '../context/paging.ts';
import { after } from '../db/conditions.ts';
import { readableContent, type StoryNode } from '../stories/content-gate.ts';
import { visibleStory } from '../stories/story-access.ts';
import { anchorPassage, type Passage } from '../../shared/highlight-anchor.ts';
import { recordNotification } from '../notifications/notify.ts';

export const MAX_QUOTE_LENGTH = 2000;
export const MAX_NOTE_LENGTH = 2000;
/** Highlights and notes one reader may keep on one story. */
export const MAX_PER_STORY = 100;
/** Notes for the writer listed on one story at once (the newest). */
const MAX_NOTES_LISTED = 200;

export type HighlightKind = 'HIGHLIGHT' | 'NOTE';

/** The body as sent: every field is checked here. */
export interface CreateHighlightInput {
  paragraphName?: unknown;
  startOffset?: unknown;
  endOffset?: unknown;
  note?: unknown;
  /** A note left for the story's writer too (docs/reader.md "Notes for the writer"). */
  forWriter?: unknown;
}

export type CreateOutcome = { ok: true; highlight: HighlightRow } | { ok: false; status: 400 | 404 | 409; message: string };

/** The story's paragraphs as this viewer may read them (a locked story: its preview only). */
export async function readableParagraphs(ctx: RequestContext, post: StoryNode): Promise<{ name: string; text: string }[]> {
  const content = await readableContent(ctx, post);
  return content.paragraphs.map((p) => ({ name: p.name, text: p.text ?? '' }));
}

/** Creates a highlight (or, with a note, a private note) for the signed-in viewer. */
export async function createHighlight(ctx: RequestContext, postId: string, input: CreateHighlightInput): Promise<CreateOutcome> {
  const userId = ctx.viewer.user?.id;
  if (!userId) return { ok: false, status: 400, message: 'Sign in to highlight.' };
  const { paragraphName, startOffset, endOffset, note, forWriter } = input;
  if (typeof paragraphName !== 'string' || !/^[0-9a-f]{1,16}$/.test(paragraphName)) return { ok: false, status: 400, message: 'paragraphName must be a paragraph name.' };
  if (!Number.isInteger(startOffset) || !Number.isInteger(endOffset) || (startOffset as number) < 0 || (endOffset as number) <= (startOffset as number)) {
    return { ok: false, status: 400, message: 'startOffset and endOffset must be whole numbers, start before end.' };
  }
  if (note !== undefined && note !== null && (typeof note !== 'string' || note.trim() === '' || note.length > MAX_NOTE_LENGTH)) {
    return { ok: false, status: 400, message: `A note is 1 to ${MAX_NOTE_LENGTH} characters.` };
  }
  if (forWriter !== undefined && forWriter !== null && typeof forWriter !== 'boolean') return { ok: false, status: 400, message: 'forWriter must be true or false.' };
  if (forWriter === true && typeof note !== 'string') return { ok: false, status: 400, message: 'Only a note can be left for the writer.' };
  const post = await visibleStory(ctx, postId);
  if (!post || post.status !== 'PUBLISHED') return { ok: false, status: 404, message: 'This story does not exist.' };
  if (forWriter === true && post.creatorId === userId) return { ok: false, status: 400, message: 'This is your own story: a note here is yours alone.' };
  const paragraph = (await readableParagraphs(ctx, post)).find((p) => p.name === paragraphName);
  if (!paragraph) return { ok: false, status: 400, message: 'That paragraph is not one you can read in this story.' };
  const quote = paragraph.text.slice(startOffset as number, endOffset as number);
  if ((endOffset as number) > paragraph.text.length || quote.trim() === '') return { ok: false, status: 400, message: 'The passage is not in that paragraph.' };
  if (quote.length > MAX_QUOTE_LENGTH) return { ok: false, status: 400, message: `A passage is at most ${MAX_QUOTE_LENGTH} characters.` };
  const q = orm(ctx.db);
  const [kept] = await q.select({ n: count() }).from(highlights).where(and(eq(highlights.postId, post.id), eq(highlights.userId, userId)));
  if ((kept?.n ?? 0) >= MAX_PER_STORY) return { ok: false, status: 409, message: `At most ${MAX_PER_STORY} highlights and notes per story.` };
  const row: HighlightRow = {
    id: newId(),
    postId: post.id,
    userId,
    kind: typeof note === 'string' ? 'NOTE' : 'HIGHLIGHT',
    paragraphName,
    startOffset: startOffset as number,
    endOffset: endOffset as number,
    quote,
    note: typeof note === 'string' ? note.trim() : null,
    createdAt: ctx.now,
    forWriter: forWriter === true ? 1 : 0,
  };
  await q.insert(highlights).values(row);
  // The writer is told of a note left for them (their notifications, and their story's notes list).
  if (row.forWriter === 1) await recordNotification(ctx.db, { userId: post.creatorId, actorId: userId, kind: 'NOTE_FOR_WRITER', postId: post.id, noteId: row.id, now: ctx.now });
  return { ok: true, highlight: row };
}

/** A row with its passage where it is now, or null when the passage (or story) is gone. */
export async function anchored(ctx: RequestContext, row: HighlightRow): Promise<HighlightRow | null> {
  const post = await visibleStory(ctx, row.postId);
  if (!post) return null;
  const passage = anchorPassage(row, await readableParagraphs(ctx, post));
  return passage ? { ...row, startOffset: passage.startOffset, endOffset: passage.endOffset } : null;
}

/** The viewer's own highlights and notes on a story, in reading order. */
export async function viewerHighlights(ctx: RequestContext, post: StoryNode): Promise<HighlightRow[]> {
  const userId = ctx.viewer.user?.id;
  if (!userId) return [];
  const rows = await orm(ctx.db)
    .select()
    .from(highlights)
    .where(and(eq(highlights.postId, post.id), eq(highlights.userId, userId)))
    .orderBy(highlights.createdAt);
  const paragraphs = await readableParagraphs(ctx, post);
  const order = new Map(paragraphs.map((p, i) => [p.name, i]));
  return rows
    .map((row) => {
      const passage = anchorPassage(row, paragraphs);
      return passage ? { ...row, startOffset: passage.startOffset, endOffset: passage.endOffset } : null;
    })
    .filter((row) => row !== null)
    .sort((a, b) => (order.get(a.paragraphName)! - order.get(b.paragraphName)!) || a.startOffset - b.startOffset);
}

export interface TopHighlight extends Passage {
  count: number;
}

/** The most highlighted passage of a story (public highlights only; ties: the earlier passage). */
export async function topHighlight(ctx: RequestContext, post: StoryNode): Promise<TopHighlight | null> {
  const n = count();
  const rows = await orm(ctx.db)
    .select({ paragraphName: highlights.paragraphName, startOffset: highlights.startOffset, endOffset: highlights.endOffset, quote: highlights.quote, n })
    .from(highlights)
    .where(and(eq(highlights.postId, post.id), eq(highlights.kind, 'HIGHLIGHT')))
    .groupBy(highlights.paragraphName, highlights.quote)
    .orderBy(desc(n))
    .limit(20);
  const paragraphs = await readableParagraphs(ctx, post);
  for (const row of rows) {
    const passage = anchorPassage(row, paragraphs);
    if (passage) return { ...passage, count: row.n };
  }
  return null;
}

/**
 * A highlight anyone who can read the story may see; a note its author, and the story's writer
 * when it was left for them (docs/reader.md "Notes for the writer").
 */
export function visibleTo(ctx: RequestContext, row: HighlightRow, post: Pick<StoryNode, 'creatorId'>): boolean {
  const viewerId = ctx.viewer.user?.id;
  return row.kind === 'HIGHLIGHT' || row.userId === viewerId || (row.forWriter === 1 && viewerId !== undefined && post.creatorId === viewerId);
}

/** A highlight, or a note for its author (and its writer when left for them); null when unknown, private or its passage is gone. */
export async function highlightById(ctx: RequestContext, id: string): Promise<HighlightRow | null> {
  const [row] = await orm(ctx.db).select().from(highlights).where(eq(highlights.id, id)).limit(1);
  if (!row) return null;
  const post = await visibleStory(ctx, row.postId);
  if (!post || !visibleTo(ctx, row, post)) return null;
  const passage = anchorPassage(row, await readableParagraphs(ctx, post));
  return passage ? { ...row, startOffset: passage.startOffset, endOffset: passage.endOffset } : null;
}

/** The notes readers left for the writer on their story, newest first (empty for anyone but its writer). */
export async function notesForWriter(ctx: RequestContext, post: StoryNode): Promise<HighlightRow[]> {
  if (!ctx.viewer.user || ctx.viewer.user.id !== post.creatorId) return [];
  const rows = await orm(ctx.db)
    .select()
    .from(highlights)
    .where(and(eq(highlights.postId, post.id), eq(highlights.forWriter, 1), eq(highlights.kind, 'NOTE')))
    .orderBy(desc(highlights.createdAt))
    .limit(MAX_NOTES_LISTED);
  const paragraphs = await readableParagraphs(ctx, post);
  return rows
    .map((row) => {
      const passage = anchorPassage(row, paragraphs);
      return passage ? { ...row, startOffset: passage.startOffset, endOffset: passage.endOffset } : null;
    })
    .filter((row) => row !== null);
}

/** A person's highlights (never their notes), newest first; passages since edited away are left out. */
export async function highlightsOf(ctx: RequestContext, userId: string, paging: PagingOptions | null | undefined): Promise<Page<HighlightRow>> {
  const request = pageRequest(paging);
  const rows = await orm(ctx.db)
    .select()
    .from(highlights)
    .where(and(eq(highlights.userId, userId), eq(highlights.kind, 'HIGHLIGHT'), ...after(highlights.createdAt, highlights.id, request.after)))
    .orderBy(desc(highlights.createdAt), desc(highlights.id))
    .limit(request.limit + 1);
  const page = pageOf(rows, request, (row) => ({ sortKey: row.createdAt, id: row.id }));
  const shown = (await Promise.all(page.items.map((row) => anchored(ctx, row)))).filter((row) => row !== null);
  return { items: shown, pagingInfo: page.pagingInfo };
}

/** Removes one of the viewer's own highlights or notes; false when there was none. */
export async function deleteHighlight(ctx: RequestContext, id: string): Promise<boolean> {
  const userId = ctx.viewer.user?.id;
  if (!userId) throw signInRequired('remove a highlight');
  const removed = await orm(ctx.db)
    .delete(highlights)
    .where(and(eq(highlights.id, id), eq(highlights.userId, userId)))
    .returning({ id: highlights.id });
  return removed.length > 0;
}
