// A post row as every layer above the database holds it: its content JSON sealed under a
// module-private symbol as soon as it is loaded, so no GraphQL field resolver, alias or
// fragment can reach the paragraphs. worker/stories/content-gate.ts is the one reader
// (sealedContent), and it cuts member-only stories to their preview.
//
// A list of cards that shows no paragraphs reads its rows without the content
// (docs/adr/0189-cards-read-without-their-content.md): such a node seals null, and the gate
// reads the content by the story's id if a field asks for it after all.
import type { PostRow } from './schema.ts';

const SEALED_CONTENT: unique symbol = Symbol('post content: read it through worker/stories/content-gate.ts');

/** A post as resolvers see it: every column but the content. */
export type StoryNode = Omit<PostRow, 'content'> & { readonly [SEALED_CONTENT]: string | null };

/** A post row, read with its content or without it (a list of cards). */
export type StoryRow = Omit<PostRow, 'content'> & { content?: string };

export function sealStoryNode(row: StoryRow): StoryNode {
  const { content, ...columns } = row;
  return { ...columns, [SEALED_CONTENT]: content ?? null };
}

/** The sealed content JSON, null when the row was read without it: for worker/stories/content-gate.ts only. */
export function sealedContent(post: StoryNode): string | null {
  return post[SEALED_CONTENT];
}
