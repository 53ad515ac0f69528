// A post row as every layer above the database holds it: its content JSON sealed under a
// module-private symbol as soon as it is loaded, so no GraphQL field resolver, alias or
// fragment can reach the paragraphs. worker/stories/content-gate.ts is the one reader
// (sealedContent), and it cuts member-only stories to their preview.
import type { PostRow } from './schema.ts';

const SEALED_CONTENT: unique symbol = Symbol('post content: read it through worker/stories/content-gate.ts');

/** A post as resolvers see it: every column but the content. */
export type StoryNode = Omit<PostRow, 'content'> & { readonly [SEALED_CONTENT]: string };

export function sealStoryNode(row: PostRow): StoryNode {
  const { content, ...columns } = row;
  return { ...columns, [SEALED_CONTENT]: content };
}

/** The sealed content JSON: for worker/stories/content-gate.ts only. */
export function sealedContent(post: StoryNode): string {
  return post[SEALED_CONTENT];
}
