// Replies from the fediverse, shown as responses (issue 30 point 4;
// docs/adr/0204-fediverse-replies-beside-responses.md). A remote person is not an account: their
// reply is kept in fediverse_responses and they in remote_authors (migrations/0097), never in
// posts or users, so nothing that lists accounts or stories (search, profiles, WebFinger, counts)
// can meet them. worker/federation/replies.ts hands each Create, Update or Delete of a Note here
// once its signature and actor are checked.
//
// The writer's controls apply as to any response: a story whose discussion is closed stores no
// new reply, and the writer hides one from the thread (setFediverseResponseHidden). The reply's
// HTML is hostile: it is read by the story importer's reader (parse5, only text, structure and
// safe links come out; worker/stories/import/html-to-content.ts) into paragraphs, never kept as
// HTML, and bounded like a response written here (MAX_RESPONSE_CHARACTERS).
//
// Decision: a member-only story takes replies as any story does (a remote person read its
// federated preview, as a signed-out reader does; a reply reveals nothing locked).
import type { Paragraph } from '../../shared/content.ts';
import type { RequestContext } from '../context/request-context.ts';
import { forbidden, notFound, signInRequired } from '../context/errors.ts';
import { blockedByStoryOwner, instanceBlockedByStoryOwner } from '../db/conditions.ts';
import { newId } from '../lib/ids.ts';
import { HtmlStoryReader } from '../stories/import/html-to-content.ts';
import type { ParagraphNode } from '../stories/content-gate.ts';
import { MAX_RESPONSE_CHARACTERS, MAX_RESPONSE_PARAGRAPHS } from './responses.ts';
import { recordFediverseResponseNotification } from '../notifications/notify.ts';

/** A Note's HTML past this is refused unread: a reply of MAX_RESPONSE_CHARACTERS is far smaller. */
export const MAX_REPLY_HTML_BYTES = 64 * 1024;
/** The replies a thread lists at most (oldest first). */
export const FEDIVERSE_RESPONSES_LIMIT = 100;

/** A fediverse person as their actor document describes them. */
export interface RemoteAuthor {
  actorUri: string;
  /** @{preferredUsername}@{host}. */
  handle: string;
  name: string;
  profileUrl: string;
  avatarUrl: string | null;
}

export interface FediverseReply {
  /** The story it answers (a federated story's id). */
  storyId: string;
  noteUri: string;
  /** Where it opens on its server. */
  url: string;
  html: string;
  author: RemoteAuthor;
}

/** Why a reply stored nothing, or null: it is stored. */
export type ReplyRefusal = 'no such story' | 'discussion closed' | 'empty' | 'too long';

export interface FediverseResponse {
  id: string;
  postId: string;
  url: string;
  paragraphs: ParagraphNode[];
  hidden: boolean;
  /** The story's writer (or its publication) blocked the author: readers are not shown it (docs/adr/0214-blocking-a-fediverse-person.md). */
  authorBlocked: boolean;
  createdAt: number;
  updatedAt: number;
  author: RemoteAuthor;
}

/** The Note's HTML as response paragraphs (P only, safe links and emphasis kept), or why not. */
export function replyParagraphs(html: string): Paragraph[] | Exclude<ReplyRefusal, 'no such story' | 'discussion closed'> {
  if (new TextEncoder().encode(html).byteLength > MAX_REPLY_HTML_BYTES) return 'too long';
  const reader = new HtmlStoryReader({ firstHeadingIsTitle: false });
  try {
    reader.read(html);
  } catch {
    return 'too long';
  }
  const paragraphs = reader
    .story()
    .content.paragraphs.filter((p) => p.text.trim() !== '')
    .map((p, i) => ({ name: i.toString(16).padStart(4, '0'), type: 'P' as const, text: p.text, markups: p.markups ?? [] }));
  if (paragraphs.length === 0) return 'empty';
  const characters = paragraphs.reduce((sum, p) => sum + p.text.length, 0);
  if (characters > MAX_RESPONSE_CHARACTERS || paragraphs.length > MAX_RESPONSE_PARAGRAPHS) return 'too long';
  return paragraphs;
}

interface StoryRow {
  id: string;
  creatorId: string;
  responsesLocked: number;
}

/** A story a reply may answer: the stories the fediverse is sent (worker/federation/story-state.ts). */
async function repliedStory(ctx: RequestContext, storyId: string): Promise<StoryRow | null> {
  return ctx.db
    .prepare(
      `SELECT id, creator_id AS creatorId, responses_locked AS responsesLocked FROM posts
       WHERE id = ? AND status = 'PUBLISHED' AND visibility IN ('PUBLIC', 'LOCKED') AND is_suspended = 0 AND deleted_at IS NULL
         AND in_response_to_post_id IS NULL AND in_response_to_catalog_id IS NULL`,
    )
    .bind(storyId)
    .first<StoryRow>();
}

async function keepAuthor(ctx: RequestContext, author: RemoteAuthor): Promise<void> {
  await ctx.db
    .prepare(
      `INSERT INTO remote_authors (actor_uri, handle, name, profile_url, avatar_url, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (actor_uri) DO UPDATE SET handle = excluded.handle, name = excluded.name, profile_url = excluded.profile_url, avatar_url = excluded.avatar_url, updated_at = excluded.updated_at`,
    )
    .bind(author.actorUri, author.handle, author.name, author.profileUrl, author.avatarUrl, ctx.now)
    .run();
}

/**
 * Stores a reply under its story, once per Note (a replayed Create stores nothing new). Answers
 * null when stored (or already there), else why nothing was stored.
 */
export async function receiveFediverseReply(ctx: RequestContext, reply: FediverseReply): Promise<ReplyRefusal | null> {
  const story = await repliedStory(ctx, reply.storyId);
  if (!story) return 'no such story';
  if (story.responsesLocked) return 'discussion closed';
  const paragraphs = replyParagraphs(reply.html);
  if (typeof paragraphs === 'string') return paragraphs;
  await keepAuthor(ctx, reply.author);
  const id = newId();
  const result = await ctx.db
    .prepare(
      `INSERT INTO fediverse_responses (id, post_id, author_uri, note_uri, url, content, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (note_uri) DO NOTHING`,
    )
    .bind(id, story.id, reply.author.actorUri, reply.noteUri, reply.url, JSON.stringify({ paragraphs }), ctx.now, ctx.now)
    .run();
  if ((result.meta.changes ?? 0) === 0) return null;
  ctx.loaders.fediverseResponseCountByPostId.clear(story.id);
  await ctx.changes.record({ pages: [{ kind: 'story', id: story.id }] });
  // The writer is told, as of a reader's response (docs/adr/0215-notifications-from-fediverse-people.md).
  await recordFediverseResponseNotification(ctx.db, { userId: story.creatorId, remoteActorUri: reply.author.actorUri, storyId: story.id, fediverseResponseId: id, now: ctx.now });
  return null;
}

/** An Update of the Note: its author's new text replaces the old. Answers why not, or null. */
export async function editFediverseReply(ctx: RequestContext, edit: { noteUri: string; authorUri: string; html: string }): Promise<ReplyRefusal | null> {
  const row = await ctx.db.prepare('SELECT post_id AS postId FROM fediverse_responses WHERE note_uri = ? AND author_uri = ?').bind(edit.noteUri, edit.authorUri).first<{ postId: string }>();
  if (!row) return 'no such story';
  const paragraphs = replyParagraphs(edit.html);
  if (typeof paragraphs === 'string') return paragraphs;
  await ctx.db.prepare('UPDATE fediverse_responses SET content = ?, updated_at = ? WHERE note_uri = ?').bind(JSON.stringify({ paragraphs }), ctx.now, edit.noteUri).run();
  await ctx.changes.record({ pages: [{ kind: 'story', id: row.postId }] });
  return null;
}

/**
 * A Delete: of the Note (by its author), or of the author themselves (`noteUri` is their actor
 * id: every reply of theirs goes). Answers how many replies were removed.
 */
export async function removeFediverseReplies(ctx: RequestContext, removal: { objectUri: string; authorUri: string }): Promise<number> {
  const { results } = await ctx.db
    .prepare('DELETE FROM fediverse_responses WHERE author_uri = ? AND (note_uri = ? OR author_uri = ?) RETURNING post_id AS postId')
    .bind(removal.authorUri, removal.objectUri, removal.objectUri)
    .all<{ postId: string }>();
  if (results.length > 0) await ctx.changes.record({ pages: [...new Set(results.map((r) => r.postId))].map((id) => ({ kind: 'story' as const, id })) });
  return results.length;
}

interface ResponseRow {
  id: string;
  postId: string;
  url: string;
  content: string;
  hidden: number;
  authorBlocked: number;
  createdAt: number;
  updatedAt: number;
  actorUri: string;
  handle: string;
  name: string;
  profileUrl: string;
  avatarUrl: string | null;
}

function responseOf(row: ResponseRow): FediverseResponse {
  const { paragraphs } = JSON.parse(row.content) as { paragraphs: Paragraph[] };
  return {
    id: row.id,
    postId: row.postId,
    url: row.url,
    paragraphs: paragraphs.map((p) => ({ ...p, markups: p.markups ?? [], id: `${row.id}_${p.name}` })),
    hidden: row.hidden === 1,
    authorBlocked: row.authorBlocked === 1,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    author: { actorUri: row.actorUri, handle: row.handle, name: row.name, profileUrl: row.profileUrl, avatarUrl: row.avatarUrl },
  };
}

// The story's writer or its publication blocked the reply's author (federation_person_blocks,
// which worker/federation/refusals.ts keeps), or the author's instance (no one sees those replies).
const AUTHOR_BLOCKED = blockedByStoryOwner('r.author_uri');
const INSTANCE_BLOCKED = instanceBlockedByStoryOwner('r.author_uri');

const RESPONSE_SELECT = `SELECT r.id, r.post_id AS postId, r.url, r.content, r.hidden_by_parent_author AS hidden, ${AUTHOR_BLOCKED} AS authorBlocked,
  r.created_at AS createdAt, r.updated_at AS updatedAt,
  a.actor_uri AS actorUri, a.handle, a.name, a.profile_url AS profileUrl, a.avatar_url AS avatarUrl
  FROM fediverse_responses r JOIN remote_authors a ON a.actor_uri = r.author_uri JOIN posts p ON p.id = r.post_id`;

/**
 * The story's replies from the fediverse, oldest first: those the thread shows, and for the
 * story's writer the ones they hid, or whose author they blocked, too (so either can be undone); never
 * those from an instance the writer or publication blocked (undone on the audience page).
 */
export async function fediverseResponses(ctx: RequestContext, story: { id: string; creatorId: string }): Promise<FediverseResponse[]> {
  // The count rode on the story's own read (worker/context/loaders.ts): most stories have no
  // reply, and their page then reads no list (docs/scale.md).
  if ((await ctx.loaders.fediverseResponseCountByPostId.load(story.id)) === 0) return [];
  const writer = ctx.viewer.user?.id === story.creatorId;
  const { results } = await ctx.db
    .prepare(`${RESPONSE_SELECT} WHERE r.post_id = ? AND NOT ${INSTANCE_BLOCKED} ${writer ? '' : `AND r.hidden_by_parent_author = 0 AND NOT ${AUTHOR_BLOCKED}`} ORDER BY r.created_at, r.id LIMIT ?`)
    .bind(story.id, FEDIVERSE_RESPONSES_LIMIT)
    .all<ResponseRow>();
  return results.map(responseOf);
}

/** The story's writer hides a reply from the fediverse from the thread, or shows it again. */
export async function setFediverseResponseHidden(ctx: RequestContext, responseId: string, hidden: boolean): Promise<FediverseResponse> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired(hidden ? 'hide a response' : 'show a response again');
  const row = await ctx.db
    .prepare(`${RESPONSE_SELECT} WHERE r.id = ? AND p.deleted_at IS NULL`)
    .bind(responseId)
    .first<ResponseRow & { creatorId?: string }>();
  if (!row) throw notFound('That response is gone.');
  const story = await ctx.loaders.postById.load(row.postId);
  if (!story || story.creatorId !== viewer.id) throw forbidden('Only the author of the story can hide or show its responses.');
  await ctx.db.prepare('UPDATE fediverse_responses SET hidden_by_parent_author = ? WHERE id = ?').bind(hidden ? 1 : 0, responseId).run();
  await ctx.changes.record({ pages: [{ kind: 'story', id: row.postId }] });
  return { ...responseOf(row), hidden };
}

/** A remote person as last seen (a notification's actor when a reply came from the fediverse). */
export async function remoteAuthorOf(ctx: RequestContext, actorUri: string): Promise<RemoteAuthor | null> {
  return ctx.db
    .prepare('SELECT actor_uri AS actorUri, handle, name, profile_url AS profileUrl, avatar_url AS avatarUrl FROM remote_authors WHERE actor_uri = ?')
    .bind(actorUri)
    .first<RemoteAuthor>();
}
