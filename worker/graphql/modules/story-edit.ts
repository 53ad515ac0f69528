// Editing a story's title and subtitle: updatePostContent, the smallest writer mutation
// (worker/stories/story-edit.ts holds the rules). The pages that show the story are purged
// before it answers, through storyChanged (worker/stories/story-changed.ts).
import type { RequestContext } from '../../context/request-context.ts';
import type { StoryNode } from '../../stories/content-gate.ts';
import { updatePostContent, type PostContentEdit } from '../../stories/story-edit.ts';
import type { SchemaModule } from './schema-module.ts';

export const storyEditModule: SchemaModule = {
  typeDefs: /* GraphQL */ `
    type Mutation {
      """
      Changes a story's title and/or subtitle (author only; trimmed; a title cannot be
      empty). The pages that show the story are purged from the edge cache before it answers.
      """
      updatePostContent(targetPostId: ID!, title: String, subtitle: String): Post
    }
  `,
  resolvers: {
    Mutation: {
      updatePostContent: (_root: unknown, args: PostContentEdit, ctx: RequestContext): Promise<StoryNode> => updatePostContent(ctx, args),
    },
  },
};
