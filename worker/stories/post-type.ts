import type { StoryNode } from './content-gate.ts';

export type PostType = 'deleted' | 'draft' | 'response' | 'unlisted' | 'public';

/**
 * Post type of docs/product/3-routes-data-calls-constants.md §3, derived from the row (the first
 * that applies).
 */
export function postType(post: StoryNode): PostType {
  if (post.deletedAt !== null) return 'deleted';
  if (post.status === 'DRAFT') return 'draft';
  if (post.inResponseToPostId !== null || post.inResponseToCatalogId !== null) return 'response';
  if (post.visibility === 'UNLISTED') return 'unlisted';
  return 'public';
}
