// Addresses of people and stories the pages link to, built from the address fragments
// (client/components/links/addresses.graphql.ts) by the shared builders that decide the rule
// (shared/urls/profile-urls.ts, shared/urls/story-urls.ts): nothing here decides an address, so
// a story card, a byline, a response, a notification and the canonical link always agree.
import type { LinkContext } from '../../shared/routing/links.ts';
import { profileUrl, type UserRef } from '../../shared/urls/profile-urls.ts';
import { storyUrl } from '../../shared/urls/story-urls.ts';
import type { CollectionRef } from '../../shared/urls/publication-urls.ts';

/** What a story link needs: StoryAddress_post's fields. */
export interface StoryHrefRef {
  id: string;
  uniqueSlug: string;
  creator: Omit<UserRef, 'id'> & { username: string };
  collection?: CollectionRef | null;
}

/** A story's address from a page on ctx's host. */
export function storyHref(post: StoryHrefRef, ctx: LinkContext): string {
  return storyUrl({ id: post.id, slug: post.uniqueSlug, creator: post.creator, collection: post.collection }, ctx);
}

/** A person's address from a page on ctx's host. */
export function profileHref(user: UserRef, ctx: LinkContext): string {
  return profileUrl(user, ctx);
}
