// Who may change a story (issue 28 point 7; docs/adr/0146-publication-editors-change-stories.md).
// The one place this is decided: every write to a story's text or state, and every read of its
// working copy and history, asks here, never the surface.
//
//   its author                                          → AUTHOR: everything
//   an owner or editor of the publication the story is
//   in (collection_id) or was submitted to              → PUBLICATION_EDITOR: edit its text,
//                                                         publish those changes, unpublish it
//   the publication's writers (contributors), anyone else → null: the story answers as missing
//
// As on the platforms writers know, a publication's editors look after what appears under its
// name; they do not take the story elsewhere, change its settings or delete it (the author's).
import { and, eq } from 'drizzle-orm';
import { orm } from '../db/orm.ts';
import { collectionMembers } from '../db/schema.ts';
import type { RequestContext } from '../context/request-context.ts';
import { signInRequired } from '../context/errors.ts';
import type { StoryNode } from './content-gate.ts';

export type StoryEditorRole = 'AUTHOR' | 'PUBLICATION_EDITOR';
export type PublicationRole = 'OWNER' | 'EDITOR' | 'WRITER';

/** The viewer's role in a publication (null: none, or signed out). */
export async function publicationRoleOf(ctx: RequestContext, collectionId: string): Promise<PublicationRole | null> {
  const viewer = ctx.viewer.user;
  if (!viewer) return null;
  const [row] = await orm(ctx.db)
    .select({ role: collectionMembers.role })
    .from(collectionMembers)
    .where(and(eq(collectionMembers.collectionId, collectionId), eq(collectionMembers.userId, viewer.id)));
  return (row?.role as PublicationRole | undefined) ?? null;
}

/** How the viewer may change this story, or null when they may not. A story in the trash is no one's to change. */
export async function storyEditorRole(ctx: RequestContext, post: StoryNode): Promise<StoryEditorRole | null> {
  const viewer = ctx.viewer.user;
  if (!viewer || post.deletedAt !== null) return null;
  if (post.creatorId === viewer.id) return 'AUTHOR';
  for (const collectionId of new Set([post.collectionId, post.submittedCollectionId])) {
    if (!collectionId) continue;
    const role = await publicationRoleOf(ctx, collectionId);
    if (role === 'OWNER' || role === 'EDITOR') return 'PUBLICATION_EDITOR';
  }
  return null;
}

export interface EditableStory {
  post: StoryNode;
  role: StoryEditorRole;
}

/** The story when the viewer may change it, with how; null otherwise (signed out: SignInRequired for `action`). */
export async function editableStory(ctx: RequestContext, postId: string | null | undefined, action: string): Promise<EditableStory | null> {
  if (!ctx.viewer.user) throw signInRequired(action);
  if (typeof postId !== 'string' || postId === '') return null;
  const post = await ctx.loaders.postById.load(postId);
  if (!post) return null;
  const role = await storyEditorRole(ctx, post);
  return role ? { post, role } : null;
}
