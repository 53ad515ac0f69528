// Addresses of search hits, through the shared URL builders (shared/urls/), so a hit links to
// the same address every other link to that story, person, publication or topic uses.
import type { LinkContext } from '../../../shared/routing/links.ts';
import { collectionUrl, listUrl, profileUrl, storyUrl, tagUrl } from '../../../shared/urls/index.ts';
import type { SearchHit, SearchIndexKind } from './search-client.ts';

export function hitUrl(kind: SearchIndexKind, hit: SearchHit, ctx: LinkContext): string {
  switch (kind) {
    case 'post':
      return storyUrl({ id: hit.postId ?? hit.objectID, slug: hit.slug, creator: hit.creator, collection: hit.collection }, ctx);
    case 'user':
      return profileUrl({ id: hit.userId ?? hit.objectID, username: hit.username, hasSubdomain: hit.hasSubdomain, customDomainState: hit.customDomainState }, ctx);
    case 'collection':
      return collectionUrl({ id: hit.collectionId ?? hit.objectID, slug: hit.slug, domain: hit.domain, customDomainState: hit.customDomainState }, ctx);
    case 'tag':
      return tagUrl(hit.tagSlug ?? hit.objectID, ctx);
    case 'catalog':
      return listUrl({ id: hit.catalogId ?? hit.objectID, name: hit.name, creator: hit.creator }, ctx);
  }
}

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_DAY_YEAR = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * A story hit's date (docs/product/1-product-screens-membership-header-search.md §2.8): month
 * and day in the current year, with the year otherwise.
 */
export function hitDate(epochMs: number, now = Date.now()): string {
  const date = new Date(epochMs);
  return date.getUTCFullYear() === new Date(now).getUTCFullYear() ? MONTH_DAY.format(date) : MONTH_DAY_YEAR.format(date);
}
