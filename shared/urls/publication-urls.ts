// Publication addresses (docs/product/3-routes-data-calls-constants.md §2.11): its live custom
// domain when it has one, else /{slug} on the main host, else /c/{id}. Subpages live on that same
// site.
import { buildLink, fillPath, isCollectionHost, mainHostLink } from '../routing/links.ts';
import type { LinkContext, LinkParams, LinkQuery } from '../routing/links.ts';
import { customDomainOrigin } from './site-origin.ts';
import type { LiveDomainState } from './site-origin.ts';

/**
 * The product's own blog is a publication on the product, as a company blog is: this slug
 * (`/blog`). The demo world makes it (scripts/demo-world/product-blog.ts); a deployment creates
 * it once, as a publication of a staff account, with this slug.
 */
export const PRODUCT_BLOG_SLUG = 'blog';

export interface CollectionRef {
  id: string;
  slug?: string | null;
  /**
   * The custom domain as the data contract names it
   * (docs/product/3-routes-data-calls-constants.md §3).
   */
  domain?: string | null;
  customDomainState?: LiveDomainState | null;
}

/** The publication's own site origin (live custom domain), or null. */
export function collectionSiteOrigin(collection: CollectionRef, ctx: LinkContext): string | null {
  const domain = collection.customDomainState?.live?.domain ?? collection.domain;
  return domain ? customDomainOrigin(domain, ctx) : null;
}

/**
 * A /{collectionSlug}… route on the publication's own site: root-relative when the page is
 * already on it, else on its custom domain, else by buildLink's rules on the main host.
 */
export function collectionSiteLink(
  collection: CollectionRef,
  routeName: string,
  params: LinkParams,
  ctx: LinkContext,
  query?: LinkQuery,
): string {
  const withSlug = { ...params, collectionSlug: collection.slug };
  const origin = collectionSiteOrigin(collection, ctx);
  if (!origin || isCollectionHost(ctx, collection.slug)) return buildLink(routeName, withSlug, ctx, query);
  const ownHost: LinkContext = { ...ctx, hostKind: 'collection', hostCollectionSlug: collection.slug };
  return origin + buildLink(routeName, withSlug, ownHost, query);
}

export function collectionUrl(collection: CollectionRef, ctx: LinkContext): string {
  const { slug } = collection;
  if (slug && isCollectionHost(ctx, slug)) return buildLink('ShowCollectionHome', { collectionSlug: slug }, ctx);
  const origin = collectionSiteOrigin(collection, ctx);
  if (origin) return origin;
  return slug
    ? buildLink('ShowCollectionHome', { collectionSlug: slug }, ctx)
    : buildLink('ShowCollectionById', { collectionId: collection.id }, ctx);
}

/** Subpages without params of their own. */
export const COLLECTION_SUBPAGE_ROUTES = {
  settings: 'ShowCollectionSettings',
  design: 'ShowCollectionDesign',
  newNewsletter: 'ShowCollectionNewNewsletter',
  statsOverview: 'ShowCollectionStatsOverview',
  about: 'ShowCollectionMasthead',
  followers: 'ShowLiteCollectionFollowers',
} as const;

export type CollectionSubpage = keyof typeof COLLECTION_SUBPAGE_ROUTES;

export function collectionSubpageUrl(collection: CollectionRef, subpage: CollectionSubpage, ctx: LinkContext): string {
  return collectionSiteLink(collection, COLLECTION_SUBPAGE_ROUTES[subpage], {}, ctx);
}

/** /{slug}/stories/submissions. */
export function collectionSubmissionsUrl(collection: CollectionRef, ctx: LinkContext): string {
  return collectionSiteLink(collection, 'ShowCollectionStoriesFiltered', { filterBy: 'submissions' }, ctx);
}

/** /{slug}/newsletters/{newsletter}/settings. */
export function collectionNewsletterSettingsUrl(collection: CollectionRef, newsletterSlug: string, ctx: LinkContext): string {
  return collectionSiteLink(collection, 'ShowCollectionNewsletterSettings', { newsletterSlug }, ctx);
}

/** /{slug}/tagged/{tag}. */
export function collectionTaggedUrl(collection: CollectionRef, tagSlug: string, ctx: LinkContext): string {
  return collectionSiteLink(collection, 'ShowCollectionTagged', { tagSlug }, ctx);
}

/**
 * The publication's RSS feed: /feed on its own domain, else /feed/{slug} on the main host
 * (the feed endpoints of docs/product/3-routes-data-calls-constants.md §7.6). With a tag:
 * /feed/tagged/{tag} or /feed/{slug}/tagged/{tag}.
 */
export function collectionFeedUrl(collection: CollectionRef, ctx: LinkContext, tagSlug?: string): string {
  const onSite = tagSlug === undefined ? '/feed' : fillPath('/feed/tagged/{tagSlug}', { tagSlug }, ctx.warn);
  if (isCollectionHost(ctx, collection.slug)) return onSite;
  const origin = collectionSiteOrigin(collection, ctx);
  if (origin) return origin + onSite;
  const params = { collectionSlug: collection.slug, tagSlug };
  return tagSlug === undefined
    ? mainHostLink('/feed/{collectionSlug}', params, ctx)
    : mainHostLink('/feed/{collectionSlug}/tagged/{tagSlug}', params, ctx);
}
