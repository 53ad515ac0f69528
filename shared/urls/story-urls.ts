// Story addresses (docs/product/3-routes-data-calls-constants.md §2.11). The canonical address
// carries the title slug and the id ("/@{username}/{slug}-{postId}", or
// "/{collectionSlug}/{slug}-{postId}" in a publication); the routes read the id back with
// postIdFromParam.
import { buildLink, routePath } from '../routing/links.ts';
import type { LinkContext } from '../routing/links.ts';
import { collectionSiteLink } from './publication-urls.ts';
import type { CollectionRef } from './publication-urls.ts';
import { userSiteLink } from './profile-urls.ts';
import type { UserSiteRef } from './profile-urls.ts';

export interface StoryRef {
  id: string;
  /** Title slug without the id; an empty slug gives just the id. */
  slug?: string | null;
  creator?: UserSiteRef | null;
  collection?: CollectionRef | null;
}

/** "{slug}-{id}", or the id alone. A slug that already ends in "-{id}" is kept as is. */
export function postSlugId(story: Pick<StoryRef, 'id' | 'slug'>): string {
  const slug = story.slug ?? '';
  if (slug === '' || slug === story.id || slug.endsWith('-' + story.id)) return slug || story.id;
  return `${slug}-${story.id}`;
}

/**
 * The canonical path on the main host: under the publication when the story is in one,
 * else under its writer, else the short /p/{id}.
 */
export function storyPath(story: StoryRef): string {
  const postId = postSlugId(story);
  if (story.collection?.slug) return routePath('ShowPostUnderCollection', { collectionSlug: story.collection.slug, postId });
  if (story.creator?.username) return routePath('ShowPostUnderUser', { username: story.creator.username, postId });
  return routePath('ShowPost', { postId: story.id });
}

/**
 * The canonical address from a page on ctx's host: like storyPath, but on the publication's
 * or writer's own site when they have one (https://{domain}/{slug}-{id}).
 */
export function storyUrl(story: StoryRef, ctx: LinkContext): string {
  const postId = postSlugId(story);
  if (story.collection?.slug) return collectionSiteLink(story.collection, 'ShowPostUnderCollection', { postId }, ctx);
  if (story.creator?.username) return userSiteLink(story.creator, 'ShowPostUnderUser', { postId }, ctx);
  return storyIdUrl(story.id, ctx);
}

/** /p/{postId}. */
export function storyIdUrl(postId: string, ctx: LinkContext): string {
  return buildLink('ShowPost', { postId }, ctx);
}

/** /p/{postId}/edit. */
export function postEditUrl(postId: string, ctx: LinkContext): string {
  return buildLink('ShowEditPost', { postId }, ctx);
}

/** /p/{postId}/settings. */
export function postSettingsUrl(postId: string, ctx: LinkContext): string {
  return buildLink('ShowPostSettings', { postId }, ctx);
}

/** /p/{postId}/info. */
export function postInfoUrl(postId: string, ctx: LinkContext): string {
  return buildLink('ShowPostInfo', { postId }, ctx);
}

/** /new-story, optionally as a response to a highlighted quote. */
export function newStoryUrl(ctx: LinkContext, options: { inResponseToQuoteId?: string } = {}): string {
  return buildLink('ShowNewPost', {}, ctx, { inResponseToQuoteId: options.inResponseToQuoteId });
}
