// Cache tags (docs/product/2-sign-in-notices-cache-routing.md §4.7): home; post:{postId};
// topic:{tagSlug}; and user:{id}, collection:{id} for profile and publication pages; discovery for
// trending and top stories; site for the site's own pages (docs/adr/0020-purge-by-tag.md and docs/adr/0023-what-the-edge-cache-may-store.md). A stored page
// carries its tags in the Cache-Tag header (comma-separated, as Cloudflare's purge-by-tag reads
// it); a purge by tag drops every copy that carries the tag.

export const HOME_TAG = 'home';
/** Trending and top stories: lists drawn from every story, purged with any story's change. */
export const DISCOVERY_TAG = 'discovery';
/** The site's own pages (about, help, terms…): their text changes only with a deployment. */
export const SITE_TAG = 'site';
/** /collections, everyone's public lists: purged by any list's change (worker/lists/list-edits.ts). */
export const LISTS_TAG = 'lists';
export const storyCacheTag = (postId: string) => `post:${postId}`;
export const topicCacheTag = (tagSlug: string) => `topic:${tagSlug.toLowerCase()}`;
export const profileCacheTag = (userId: string) => `user:${userId}`;
export const publicationCacheTag = (collectionId: string) => `collection:${collectionId}`;

/** Cloudflare's limit on one tag; also keeps our ledger rows small. */
export const MAX_TAG_LENGTH = 1024;
/** Printable ASCII without spaces or commas (the header's separator). */
const TAG_PATTERN = /^[\x21-\x2b\x2d-\x7e]+$/;

export function isValidTag(tag: string): boolean {
  return tag.length > 0 && tag.length <= MAX_TAG_LENGTH && TAG_PATTERN.test(tag);
}

/** Distinct valid tags in first-seen order. */
export function uniqueTags(tags: Iterable<string>): string[] {
  return [...new Set([...tags].filter(isValidTag))];
}

export const CACHE_TAG_HEADER = 'cache-tag';

export function formatCacheTagHeader(tags: readonly string[]): string {
  return tags.join(',');
}

export function parseCacheTagHeader(value: string | null): string[] {
  if (!value) return [];
  return uniqueTags(value.split(',').map((t) => t.trim()));
}
