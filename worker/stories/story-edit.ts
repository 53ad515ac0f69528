// Editing a story's title and subtitle: updatePostContent, the smallest writer mutation.
// Like every write that changes what a cached page shows, it records the change before it
// answers, so the next anonymous read of any page that shows the story — the story at all its
// addresses, its writer's profile, its publication, its topics, the home page — is rendered
// afresh.
//
// Every change to a story goes through storyChanged (./story-changed.ts), which records the
// story's pages (storyPages) and its search records.
import { eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { posts } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { badRequest, notFound } from '../context/errors.ts';
import type { StoryNode } from './content-gate.ts';
import { storyChanged } from './story-changed.ts';
import { editableStory } from './story-editors.ts';
import { storyHistoryRow } from './story-history.ts';

export const MAX_TITLE_LENGTH = 200;
export const MAX_SUBTITLE_LENGTH = 300;

function field(name: string, value: string | null | undefined, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed.length > max) throw badRequest(`The ${name} is at most ${max} characters.`);
  return trimmed;
}

export interface PostContentEdit {
  targetPostId: string;
  title?: string | null;
  subtitle?: string | null;
}

/** Changes a story's title and/or subtitle (its author or an editor of its publication; trimmed; a title cannot be empty). */
export async function updatePostContent(context: RequestContext, args: PostContentEdit): Promise<StoryNode> {
  const editable = await editableStory(context, args.targetPostId, 'edit a story');
  // Someone else's story answers like a missing one: a draft's existence is private.
  if (!editable) throw notFound('Story not found.');
  const { post } = editable;
  const title = field('title', args.title, MAX_TITLE_LENGTH);
  const subtitle = field('subtitle', args.subtitle, MAX_SUBTITLE_LENGTH);
  if (title === undefined && subtitle === undefined) throw badRequest('Give a title, a subtitle or both.');
  if (title === '') throw badRequest('A story needs a title.');

  const q = orm(context.db);
  await q.batch([
    q
      .update(posts)
      .set({ ...(title !== undefined ? { title } : {}), ...(subtitle !== undefined ? { subtitle } : {}), updatedAt: context.now })
      .where(eq(posts.id, post.id)),
    storyHistoryRow(context, post.id, 'edited'),
  ]);
  context.loaders.postById.clear(post.id);
  await storyChanged(context, post.id, { change: 'edited' });

  const updated = await context.loaders.postById.load(post.id);
  if (!updated) throw new Error(`Post ${post.id} disappeared while it was edited.`);
  return updated;
}
