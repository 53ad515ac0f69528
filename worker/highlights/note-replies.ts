// The thread of a note left for the writer (docs/reader.md "Notes for the writer";
// docs/adr/0199-notes-for-the-writer.md). A reader's private note may be left for the story's
// writer (highlights.for_writer); the writer answers it, the note's author may answer back, and
// each answer tells the other side (a NOTE_REPLY notification that opens
// /p/notereplies/{replyId}). Only those two ever see the note, its thread or a reply's address:
// anyone else is told nothing exists.
import { asc, count, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { highlights, noteReplies, type HighlightRow, type NoteReplyRow } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, notFound, signInRequired } from '../context/errors.ts';
import { visibleStory } from '../stories/story-access.ts';
import { recordNotification } from '../notifications/notify.ts';
import { visibleTo } from './highlights.ts';
import { cleanText } from '../../shared/user-text.ts';

export type { HighlightRow, NoteReplyRow };

/** Longest reply, as a note (worker/highlights/highlights.ts MAX_NOTE_LENGTH). */
export const MAX_REPLY_LENGTH = 2000;
/** Replies one note's thread may hold: a conversation about a passage, not a chat. */
export const MAX_REPLIES_PER_NOTE = 50;

interface Thread {
  note: HighlightRow;
  /** The story's writer. */
  writerId: string;
}

/** The note a thread hangs on, when the viewer is one of its two people and it was left for the writer. */
async function threadFor(ctx: RequestContext, noteId: string): Promise<Thread | null> {
  const [note] = await orm(ctx.db).select().from(highlights).where(eq(highlights.id, noteId)).limit(1);
  if (!note || note.kind !== 'NOTE' || note.forWriter !== 1) return null;
  const post = await visibleStory(ctx, note.postId);
  if (!post || !visibleTo(ctx, note, post)) return null;
  return { note, writerId: post.creatorId };
}

/** A note's replies, oldest first (empty unless it was left for the writer; callers hold a note the viewer may see). */
export async function repliesOf(ctx: RequestContext, note: HighlightRow): Promise<NoteReplyRow[]> {
  if (note.kind !== 'NOTE' || note.forWriter !== 1) return [];
  return orm(ctx.db).select().from(noteReplies).where(eq(noteReplies.noteId, note.id)).orderBy(asc(noteReplies.createdAt), asc(noteReplies.id)).limit(MAX_REPLIES_PER_NOTE);
}

/**
 * Answers a note left for the writer: the story's writer or the note's author, 1 to
 * MAX_REPLY_LENGTH characters (the one rule of shared/user-text.ts; markup is kept as text and
 * escaped by every surface), at most
 * MAX_REPLIES_PER_NOTE per thread. The other side is notified.
 */
export async function replyToNote(ctx: RequestContext, noteId: string, body: string): Promise<NoteReplyRow> {
  const viewerId = ctx.viewer.user?.id;
  if (!viewerId) throw signInRequired('answer a note');
  const thread = await threadFor(ctx, noteId);
  if (!thread) throw notFound('This note does not exist.');
  const text = cleanText(body).trim();
  if (text === '' || text.length > MAX_REPLY_LENGTH) throw badRequest(`A reply is 1 to ${MAX_REPLY_LENGTH} characters.`);
  const q = orm(ctx.db);
  const [held] = await q.select({ n: count() }).from(noteReplies).where(eq(noteReplies.noteId, noteId));
  if ((held?.n ?? 0) >= MAX_REPLIES_PER_NOTE) throw badRequest(`A note can have at most ${MAX_REPLIES_PER_NOTE} replies.`);
  const reply: NoteReplyRow = { id: newId(), noteId, authorId: viewerId, body: text, createdAt: ctx.now };
  await q.insert(noteReplies).values(reply);
  const other = viewerId === thread.writerId ? thread.note.userId : thread.writerId;
  await recordNotification(ctx.db, { userId: other, actorId: viewerId, kind: 'NOTE_REPLY', postId: thread.note.postId, noteId, noteReplyId: reply.id, now: ctx.now });
  return reply;
}

/** A reply with its note, for the note's author or the story's writer; null for anyone else or when it is gone. */
export async function noteReplyById(ctx: RequestContext, replyId: string): Promise<{ reply: NoteReplyRow; note: HighlightRow } | null> {
  if (!ctx.viewer.user) throw signInRequired('open this reply');
  const [reply] = await orm(ctx.db).select().from(noteReplies).where(eq(noteReplies.id, replyId)).limit(1);
  if (!reply) return null;
  const thread = await threadFor(ctx, reply.noteId);
  return thread ? { reply, note: thread.note } : null;
}
