// Editing a story's title and subtitle: updatePostContent, the smallest writer mutation.
// Like every write that changes what a cached page shows, it purges the affected cache
// tags itself before it answers (worker/cache/purge.ts), so the next anonymous read of any
// page that shows the story — the story at all its addresses, its writer's profile, its
// publication, its topics, the home page — is rendered afresh.
//
// Every change to a story goes through storyChanged (worker/stories/story-changed.ts), which
// purges the story's tags (storyCacheTags) and, at merge, updates search.
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';
import { GraphQLError } from 'graphql';
import { storyChanged } from '../../stories/story-changed.ts';
import { posts } from '../../db/schema.ts';
import type { RequestContext } from '../../context/request-context.ts';
import { badRequest } from '../../context/errors.ts';
import type { PostNode } from '../../stories/content-gate.ts';
import type { SchemaModule } from './schema-module.ts';

export const MAX_TITLE_LENGTH = 200;
export const MAX_SUBTITLE_LENGTH = 300;

function field(name: string, value: string | null | undefined, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  const trimmed = value.trim();
  if (trimmed.length > max) throw badRequest(`The ${name} is at most ${max} characters.`);
  return trimmed;
}

interface UpdatePostContentArgs {
  targetPostId: string;
  title?: string | null;
  subtitle?: string | null;
}

async function updatePostContent(_root: unknown, args: UpdatePostContentArgs, context: RequestContext): Promise<PostNode> {
  const viewer = context.viewer.user;
  if (!viewer) throw new GraphQLError('Sign in to edit a story.', { extensions: { code: 'UNAUTHENTICATED' } });
  const post = await context.loaders.postById.load(args.targetPostId);
  // Someone else's story answers like a missing one: a draft's existence is private.
  if (!post || post.creatorId !== viewer.id) throw new GraphQLError('Story not found.', { extensions: { code: 'NOT_FOUND' } });
  const title = field('title', args.title, MAX_TITLE_LENGTH);
  const subtitle = field('subtitle', args.subtitle, MAX_SUBTITLE_LENGTH);
  if (title === undefined && subtitle === undefined) throw badRequest('Give a title, a subtitle or both.');
  if (title === '') throw badRequest('A story needs a title.');

  await drizzle(context.db)
    .update(posts)
    .set({ ...(title !== undefined ? { title } : {}), ...(subtitle !== undefined ? { subtitle } : {}), updatedAt: context.now })
    .where(eq(posts.id, post.id));
  context.loaders.postById.clear(post.id);
  await storyChanged(context, post.id, { change: 'edited' });

  const updated = await context.loaders.postById.load(post.id);
  if (!updated) throw new Error(`Post ${post.id} disappeared while it was edited.`);
  return updated;
}

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
    Mutation: { updatePostContent },
  },
};
