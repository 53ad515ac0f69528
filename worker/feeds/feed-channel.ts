// A feed's content as an RSS channel: absolute addresses by the same URL builders the pages
// use (the profile address rule for writers, the publication's own domain when live), and
// each story's HTML built from its readable paragraphs. A member-only story cut to its
// preview says so and links to the story instead of carrying the rest.
import type { LinkContext } from '../../shared/routing/links.ts';
import { profileUrl } from '../../shared/urls/profile-urls.ts';
import { collectionTaggedUrl, collectionUrl } from '../../shared/urls/publication-urls.ts';
import { tagUrl } from '../../shared/urls/misc-urls.ts';
import { listUrl } from '../../shared/urls/list-urls.ts';
import { buildLink } from '../../shared/routing/links.ts';
import { imageUrl, LOCAL_IMAGE_ORIGIN } from '../../shared/urls/image-urls.ts';
import type { FeedContent, FeedStory } from './feed-data.ts';
import type { RssChannel, RssItem } from './rss-document.ts';
import { escapeHtml, storyHtml } from './story-html.ts';

/** Longest plain-text description of an item, in characters. */
export const DESCRIPTION_LENGTH = 300;

export interface ChannelContext {
  mainOrigin: string;
  productName: string;
  /** The feed's own absolute address. */
  selfUrl: string;
}

function summary(post: FeedStory): string {
  if (post.subtitle.trim()) return post.subtitle.trim();
  const first = post.content.bodyModel.paragraphs.find((p) => p.type === 'P' && p.text.trim());
  const text = first?.text.trim() ?? '';
  return text.length > DESCRIPTION_LENGTH ? `${text.slice(0, DESCRIPTION_LENGTH - 1).trimEnd()}…` : text;
}

function item(post: FeedStory, context: ChannelContext): RssItem {
  const images = (id: string) => imageUrl(id, { strategy: 'resample', width: 1024, origin: context.mainOrigin + LOCAL_IMAGE_ORIGIN });
  let html = storyHtml(post.content.bodyModel.paragraphs, images);
  if (post.content.isLockedPreviewOnly) {
    html += `<p><em>This is a member-only story. <a href="${escapeHtml(post.mediumUrl)}">Continue reading on ${escapeHtml(context.productName)}</a>.</em></p>`;
  }
  return {
    title: post.title,
    link: post.mediumUrl,
    guid: post.mediumUrl,
    publishedAt: post.firstPublishedAt ?? post.latestPublishedAt ?? 0,
    creator: post.creator.name,
    categories: post.tags.map((tag) => tag.displayTitle),
    description: summary(post),
    contentHtml: html,
  };
}

export function feedChannel(feed: FeedContent, context: ChannelContext): RssChannel {
  const ctx: LinkContext = { hostKind: 'default', mainOrigin: context.mainOrigin, hostUsername: null, hostCollectionSlug: null };
  const absolute = (href: string) => new URL(href, context.mainOrigin).href;
  const items = feed.posts.map((post) => item(post, context));
  const common = { selfUrl: context.selfUrl, generator: context.productName, items };
  const { owner } = feed;
  switch (owner.kind) {
    case 'user':
      return {
        ...common,
        title: `Stories by ${owner.name} on ${context.productName}`,
        link: absolute(profileUrl(owner, ctx)),
        description: owner.bio.trim() || `Stories by ${owner.name} on ${context.productName}`,
        ...(owner.imageId ? { imageUrl: imageUrl(owner.imageId, { strategy: 'crop', width: 144, height: 144, origin: context.mainOrigin + LOCAL_IMAGE_ORIGIN }) } : {}),
      };
    case 'collection':
      return {
        ...common,
        title: owner.tag ? `${owner.tag.displayTitle} in ${owner.name}` : owner.name,
        link: absolute(owner.tag ? collectionTaggedUrl(owner, owner.tag.slug, ctx) : collectionUrl(owner, ctx)),
        description: owner.description.trim() || `The latest stories in ${owner.name} on ${context.productName}`,
        ...(owner.avatarId ? { imageUrl: imageUrl(owner.avatarId, { strategy: 'crop', width: 144, height: 144, origin: context.mainOrigin + LOCAL_IMAGE_ORIGIN }) } : {}),
      };
    case 'tag':
      return {
        ...common,
        title: `${owner.displayTitle} on ${context.productName}`,
        link: absolute(tagUrl(owner.slug, ctx)),
        description: owner.description.trim() || `The latest stories about ${owner.displayTitle} on ${context.productName}`,
      };
    case 'latest':
      return {
        ...common,
        title: `${context.productName}: latest stories`,
        link: absolute(buildLink('ShowHome', {}, ctx)),
        description: `The newest stories on ${context.productName}`,
      };
    case 'news':
      return {
        ...common,
        title: `${owner.newsletter.name}, a newsletter of ${owner.collection.name}`,
        link: absolute(buildLink('ShowCollectionNewsletterPromotionPage', { collectionSlug: owner.collection.slug, newsletterSlug: owner.newsletter.slug }, ctx)),
        description: owner.newsletter.description.trim() || `The stories ${owner.collection.name} sent to its newsletter's subscribers`,
        ...(owner.collection.avatarId ? { imageUrl: imageUrl(owner.collection.avatarId, { strategy: 'crop', width: 144, height: 144, origin: context.mainOrigin + LOCAL_IMAGE_ORIGIN }) } : {}),
      };
    case 'series':
      return {
        ...common,
        title: `${owner.title}, a series by ${owner.creator.name} on ${context.productName}`,
        link: absolute(buildLink('ShowSequence', { sequenceSlug: owner.slug }, ctx)),
        description: owner.description.trim() || `The parts of ${owner.title}, a series by ${owner.creator.name}`,
      };
    case 'catalog':
      return {
        ...common,
        title: `${owner.name}, a list by ${owner.creator.name} on ${context.productName}`,
        link: absolute(listUrl(owner, ctx)),
        description: owner.description.trim() || `Stories ${owner.creator.name} saved to the list ${owner.name} on ${context.productName}`,
      };
  }
}
