// Drafts and their revisions (issue 12 item 3; docs/adr/0068-drafts-and-revisions.md):
// the editor's autosave (saveDraft), the working copy and the saved revisions. The rules —
// revisions, the Conflict of a stale save, who may read a draft — are worker/stories/drafts.ts's.
import type { RequestContext } from '../../context/request-context.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { saveDraft, storyDraft, storyRevisions, type DraftToSave } from '../../stories/drafts.ts';
import { storyEditorRole } from '../../stories/story-editors.ts';
import { storyHistory, type StoryHistoryEntry } from '../../stories/story-history.ts';
import type { SchemaModule } from './schema-module.ts';

const typeDefs = /* GraphQL */ `
  "The writer's working copy of a story: its newest saved revision."
  type StoryDraft {
    "The revision the next save must be based on."
    rev: Int!
    title: String!
    subtitle: String!
    "Structured content (shared/content.ts StoryContent) as JSON."
    contentJson: String!
    "A published story with saved changes readers do not see yet."
    hasUnpublishedChanges: Boolean!
  }

  type StoryRevision {
    rev: Int!
    title: String!
    createdAt: Long!
    "Who saved it: the author or an editor of the story's publication (null: an erased account)."
    savedBy: User
  }

  "What a change to a story did."
  enum StoryHistoryChange {
    saved
    edited
    published
    republished
    unpublished
    settings
  }

  "One change to a story and who made it."
  type StoryHistoryEntry {
    change: StoryHistoryChange!
    "The revision a save wrote or a publish made live."
    rev: Int
    createdAt: Long!
    "Who made it (null: an erased account)."
    actor: User
  }

  "How the viewer may change a story: its author, or an owner or editor of its publication."
  enum StoryEditorRole {
    AUTHOR
    PUBLICATION_EDITOR
  }

  type DraftSaved {
    post: Post!
    rev: Int!
  }

  union SaveDraftResult = DraftSaved | Conflict | NotFound | BadRequest

  type Post {
    "Those who may change the story only: the working copy (rev: an earlier revision, to revert to it)."
    draft(rev: Int): StoryDraft
    "Those who may change the story only: saved revisions, newest first."
    revisions: [StoryRevision!]
    "Those who may change the story only: every change and who made it, newest first."
    history: [StoryHistoryEntry!]
    "How the viewer may change the story (null: they may not)."
    viewerEditorRole: StoryEditorRole
  }

  type Mutation {
    """
    Saves the writer's story as a new revision. Without postId, creates the draft (in reply to
    inResponseToPostId for a response). Refused with Conflict (its currentRev the stored revision) when
    baseRev is not the stored revision.
    """
    saveDraft(
      postId: ID
      baseRev: Int!
      title: String!
      subtitle: String!
      contentJson: String!
      inResponseToPostId: ID
    ): SaveDraftResult!
  }
`;

export const draftsModule: SchemaModule = {
  typeDefs,
  resolvers: {
    SaveDraftResult: { __resolveType: (value: { __typename: string }) => value.__typename },
    Post: {
      draft: (post: StoryNode, args: { rev?: number | null }, ctx: RequestContext) => storyDraft(ctx, post, args.rev),
      revisions: (post: StoryNode, _args: unknown, ctx: RequestContext) => storyRevisions(ctx, post),
      history: (post: StoryNode, _args: unknown, ctx: RequestContext) => storyHistory(ctx, post),
      viewerEditorRole: (post: StoryNode, _args: unknown, ctx: RequestContext) => storyEditorRole(ctx, post),
    },
    StoryRevision: {
      savedBy: (row: { savedById: string | null }, _args: unknown, ctx: RequestContext) => (row.savedById ? ctx.loaders.userById.load(row.savedById) : null),
    },
    StoryHistoryEntry: {
      actor: (row: StoryHistoryEntry, _args: unknown, ctx: RequestContext) => (row.actorId ? ctx.loaders.userById.load(row.actorId) : null),
    },
    Mutation: {
      saveDraft: (_root: unknown, args: DraftToSave, ctx: RequestContext) => saveDraft(ctx, args),
    },
  },
};
