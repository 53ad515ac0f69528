// What a page shows in the browser too (the document title, the paywall class), apart from
// the head builders of page-heads.ts, which only the server runs.
import type { FullPost } from './PostPage.graphql.ts';

/** The class of the part of a member-only story that only members read (JSON-LD hasPart). */
export const PAYWALLED_CONTENT_CLASS = 'story-paywalled-content';

/** A story's own title, or "{name}’s response" for an untitled response. */
export function storyTitle(post: Pick<FullPost, 'title' | 'creator'>): string {
  return post.title || `${post.creator.name}’s response`;
}
