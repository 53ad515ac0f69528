// Drafts and their revisions (issue 12 item 3; docs/adr/0068-drafts-and-revisions.md).
//
// The editor autosaves with saveDraft(postId, baseRev, …). Each save is a new numbered
// revision; baseRev names the revision the writer's text started from. When another tab (or
// device) saved since, the stored revision is newer than baseRev and the save is refused with
// Conflict (docs/outcomes.md): nothing is overwritten, and the editor keeps the writer's text on screen.
// The check is made atomic by the revisions table's primary key: two saves from the same base
// both try to write revision base+1, and the second one fails as a whole (one D1 batch).
//
// A draft's text is posts.content itself. A published story keeps serving the revision it was
// published with while its writer saves newer ones; publishing again applies them.
import { and, desc, eq, lte, ne } from 'drizzle-orm';
import { countWords, readingTimeMinutes, type StoryContent } from '../../shared/content.ts';
import { normalizeStoryContent, StoryContentError } from '../../shared/editor/story-content-rules.ts';
import { slugify } from '../../shared/format.ts';
import { orm } from '../db/orm.ts';
import { postHistory, postRevisions, posts } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import { refusals, type Conflict } from '../context/outcomes.ts';
import { visibleStory } from './story-access.ts';
import type { StoryNode } from './content-gate.ts';
import { refused, type Refusal } from './refusals.ts';
import { MAX_SUBTITLE_LENGTH, MAX_TITLE_LENGTH } from './story-edit.ts';
import { editableStory, storyEditorRole } from './story-editors.ts';
import { storyHistoryRow } from './story-history.ts';
import { oneLine } from '../../shared/user-text.ts';

/** Revisions kept per story (the published one is always kept). */
export const KEPT_REVISIONS = 100;
export const STALE_REVISION_MESSAGE =
  'This story was changed in another tab or window since you opened it. Your text is still here: copy it, then reload to see the newer version.';

/**
 * The viewer's own story, or null (someone else's answers like a missing one: drafts are
 * private). For what only the author does; what a publication's editors may do too asks
 * editableStory (./story-editors.ts).
 */
export async function ownStory(ctx: RequestContext, postId: string | null | undefined, action: string): Promise<StoryNode | null> {
  const editable = await editableStory(ctx, postId, action);
  return editable?.role === 'AUTHOR' ? editable.post : null;
}

/** The derived columns of a story's content. */
export function contentColumns(content: StoryContent) {
  const images = content.paragraphs.filter((p) => p.type === 'IMG');
  const wordCount = countWords(content.paragraphs);
  return {
    content: JSON.stringify(content),
    wordCount,
    imageCount: images.length,
    readingTime: readingTimeMinutes(content.paragraphs, wordCount),
    previewImageId: images[0]?.metadata?.id ?? null,
  };
}

export interface RevisionRow {
  rev: number;
  title: string;
  subtitle: string;
  content: string;
}

/** The newest revision of a story, or its row's own text when it has none (stories made before revisions). */
export async function workingCopy(ctx: RequestContext, post: StoryNode, rev?: number | null): Promise<RevisionRow | null> {
  const q = orm(ctx.db);
  const target = rev ?? post.latestRev;
  const [row] = await q
    .select({ rev: postRevisions.rev, title: postRevisions.title, subtitle: postRevisions.subtitle, content: postRevisions.content })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.rev, target)));
  if (row) return row;
  if (rev !== undefined && rev !== null && rev !== post.latestRev) return null;
  const [own] = await q.select({ title: posts.title, subtitle: posts.subtitle, content: posts.content }).from(posts).where(eq(posts.id, post.id));
  return own ? { rev: post.latestRev, ...own } : null;
}

/** The writer's working copy as the editor opens it. */
export interface StoryDraft {
  /** The revision the next save must be based on. */
  rev: number;
  title: string;
  subtitle: string;
  contentJson: string;
  /** A published story with saved changes readers do not see yet. */
  hasUnpublishedChanges: boolean;
}

/** Those who may change the story only (null for anyone else): the working copy, or an earlier revision to revert to. */
export async function storyDraft(ctx: RequestContext, post: StoryNode, rev: number | null | undefined): Promise<StoryDraft | null> {
  if (!(await storyEditorRole(ctx, post))) return null;
  const copy = await workingCopy(ctx, post, rev);
  if (!copy) return null;
  return {
    rev: post.latestRev,
    title: copy.title,
    subtitle: copy.subtitle,
    contentJson: copy.content,
    hasUnpublishedChanges: post.status === 'PUBLISHED' && post.publishedRev !== null && post.latestRev > post.publishedRev,
  };
}

/** Those who may change the story only (null for anyone else): the saved revisions, newest first, with who saved each. */
export async function storyRevisions(ctx: RequestContext, post: StoryNode): Promise<{ rev: number; title: string; createdAt: number; savedById: string | null }[] | null> {
  if (!(await storyEditorRole(ctx, post))) return null;
  return orm(ctx.db)
    .select({ rev: postRevisions.rev, title: postRevisions.title, createdAt: postRevisions.createdAt, savedById: postHistory.actorId })
    .from(postRevisions)
    .leftJoin(postHistory, and(eq(postHistory.postId, postRevisions.postId), eq(postHistory.rev, postRevisions.rev), eq(postHistory.change, 'saved')))
    .where(eq(postRevisions.postId, post.id))
    .orderBy(desc(postRevisions.rev))
    .limit(KEPT_REVISIONS);
}

function field(name: string, value: string, max: number): string {
  const trimmed = oneLine(value);
  if (trimmed.length > max) throw new StoryContentError(`The ${name} is at most ${max} characters.`);
  return trimmed;
}

/** A new draft of the viewer's at revision 1. */
export async function createDraft(
  ctx: RequestContext,
  draft: { title: string; subtitle: string; content: StoryContent; inResponseToPostId: string | null },
): Promise<StoryNode | null> {
  const viewer = ctx.viewer.user!;
  const q = orm(ctx.db);
  const id = newId();
  await q.batch([
    q.insert(posts).values({
      id,
      creatorId: viewer.id,
      inResponseToPostId: draft.inResponseToPostId,
      title: draft.title,
      subtitle: draft.subtitle,
      slug: slugify(draft.title),
      status: 'DRAFT',
      ...contentColumns(draft.content),
      createdAt: ctx.now,
      updatedAt: ctx.now,
      latestRev: 1,
    }),
    q.insert(postRevisions).values({ postId: id, rev: 1, title: draft.title, subtitle: draft.subtitle, content: JSON.stringify(draft.content), createdAt: ctx.now }),
    storyHistoryRow(ctx, id, 'saved', 1),
  ]);
  return ctx.loaders.postById.load(id);
}

export interface DraftToSave {
  postId?: string | null;
  baseRev: number;
  title: string;
  subtitle: string;
  contentJson: string;
  inResponseToPostId?: string | null;
}

export type SaveDraftOutcome =
  | { __typename: 'DraftSaved'; post: StoryNode | null; rev: number }
  | Conflict
  | Refusal;

/** Saves the writer's story as a new revision (or, without postId, creates the draft). */
export async function saveDraft(ctx: RequestContext, args: DraftToSave): Promise<SaveDraftOutcome> {
  const viewer = ctx.viewer.user;
  if (!viewer) throw signInRequired('save a story');
  let title: string, subtitle: string, content: StoryContent;
  try {
    title = field('title', args.title, MAX_TITLE_LENGTH);
    subtitle = field('subtitle', args.subtitle, MAX_SUBTITLE_LENGTH);
    let parsed: unknown;
    try {
      parsed = JSON.parse(args.contentJson);
    } catch {
      throw new StoryContentError('The story content is not valid JSON.');
    }
    content = normalizeStoryContent(parsed);
  } catch (error) {
    if (error instanceof StoryContentError) return refused.badRequest(error.message);
    throw error;
  }
  const contentText = JSON.stringify(content);
  const q = orm(ctx.db);

  if (!args.postId) {
    if (args.baseRev !== 0) return refused.badRequest('A new story starts from revision 0.');
    let inResponseToPostId: string | null = null;
    if (args.inResponseToPostId) {
      const parent = await visibleStory(ctx, args.inResponseToPostId);
      if (!parent || parent.status !== 'PUBLISHED') return refused.notFound();
      inResponseToPostId = parent.id;
    }
    const post = await createDraft(ctx, { title, subtitle, content, inResponseToPostId });
    return { __typename: 'DraftSaved', post, rev: 1 };
  }

  // The author, or an editor of the story's publication (./story-editors.ts).
  const editable = await editableStory(ctx, args.postId, 'save a story');
  if (!editable) return refused.notFound();
  const { post } = editable;
  if (args.baseRev !== post.latestRev) return refusals.conflict(STALE_REVISION_MESSAGE, post.latestRev);
  const rev = post.latestRev + 1;
  const isDraft = post.status === 'DRAFT';
  const keepFrom = rev - KEPT_REVISIONS;
  try {
    await q.batch([
      // The primary key makes a concurrent save from the same base fail here, as a whole.
      q.insert(postRevisions).values({ postId: post.id, rev, title, subtitle, content: contentText, createdAt: ctx.now }),
      storyHistoryRow(ctx, post.id, 'saved', rev),
      q
        .update(posts)
        .set({ latestRev: rev, updatedAt: ctx.now, ...(isDraft ? { title, subtitle, slug: slugify(title), ...contentColumns(content) } : {}) })
        .where(and(eq(posts.id, post.id), eq(posts.latestRev, post.latestRev))),
      q
        .delete(postRevisions)
        .where(and(eq(postRevisions.postId, post.id), lte(postRevisions.rev, keepFrom), ne(postRevisions.rev, post.publishedRev ?? -1))),
    ]);
  } catch (error) {
    if (!/UNIQUE|PRIMARY KEY|constraint/i.test(String((error as Error)?.message ?? error) + String((error as { cause?: unknown })?.cause ?? ''))) throw error;
    ctx.loaders.postById.clear(post.id);
    const current = await ctx.loaders.postById.load(post.id);
    return refusals.conflict(STALE_REVISION_MESSAGE, current?.latestRev ?? rev);
  }
  ctx.loaders.postById.clear(post.id);
  // A draft is on no cached page; a published story's saved changes are not live yet either.
  const saved = await ctx.loaders.postById.load(post.id);
  return { __typename: 'DraftSaved', post: saved, rev };
}
