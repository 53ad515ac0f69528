// The PageHead of each kind of page (client/app/page-head.ts): pure functions of a page's
// data and the preloaded state, so the server writes them and tests check them without a
// render. Canonical addresses are the spec's (shared/urls): built as if on the main host,
// which makes them absolute on a writer's or publication's own site and root-relative on
// the main host (then made absolute here).
//
// The browser bundle gets page-heads.browser.ts in its place (scripts/build-client.mjs):
// head tags are written by the server only, so the browser carries none of these builders.
import type { PreloadedState } from '../../shared/preloaded-state.ts';
import type { LinkContext } from '../../shared/routing/links.ts';
import { collectionUrl, profileUrl, storyUrl, tagUrl } from '../../shared/urls/index.ts';
import { absoluteUrl, summaryText, type PageHead } from '../app/page-head.ts';
import { imageSrc } from '../app/images.ts';
import type { FullPost } from './PostPage.graphql.ts';

/** A writer's or publication's own site, where it has one (the canonical address follows it). */
type OwnSite = { customDomainState: { live: { domain: string } | null } | null };
type ProfileForHead = OwnSite & { id: string; name: string; username: string; bio: string; hasSubdomain: boolean };
type TagForHead = { slug: string; displayTitle: string; description: string | null };
type PublicationForHead = OwnSite & { id: string; name: string; slug: string; description: string; domain: string | null };
import { PAYWALLED_CONTENT_CLASS, storyTitle } from './page-titles.ts';

export { PAYWALLED_CONTENT_CLASS, storyTitle };

/** Width of the picture offered to link previews (Open Graph recommends at least 1200). */
const PREVIEW_IMAGE_WIDTH = 1200;

function mainHost(state: PreloadedState): LinkContext {
  return { hostKind: 'default', mainOrigin: state.config.mainOrigin };
}

const absolute = (href: string, state: PreloadedState) => absoluteUrl(href, state.config.mainOrigin);

/** The logged-out and signed-in home pages. */
export function homeHead(state: PreloadedState): PageHead {
  const description = `${state.config.productName} is a place to read, write, and deepen your understanding: stories and ideas from writers on every topic.`;
  const url = absolute('/', state);
  return {
    description,
    canonicalUrl: url,
    openGraph: { type: 'website', title: state.config.productName, description, url, siteName: state.config.productName },
  };
}

/** A story: its subtitle, else the start of its first paragraph of text. */
function storyDescription(post: FullPost): string {
  if (post.subtitle) return summaryText(post.subtitle);
  const first = post.content.bodyModel.paragraphs.find((p) => p.type !== 'H3' && p.type !== 'H4' && p.type !== 'IMG' && p.text.trim() !== '' && p.text.trim() !== post.title);
  return summaryText(first?.text ?? `${storyTitle(post)}, by ${post.creator.name}.`);
}

export function storyHead(post: FullPost, state: PreloadedState): PageHead {
  const ctx = mainHost(state);
  const { productName } = state.config;
  const title = storyTitle(post);
  const description = storyDescription(post);
  const url = absolute(storyUrl({ id: post.id, slug: post.uniqueSlug, creator: post.creator, collection: post.collection }, ctx), state);
  const image = post.previewImage ? absolute(imageSrc(post.previewImage.id, { width: PREVIEW_IMAGE_WIDTH }), state) : undefined;
  const published = post.firstPublishedAt ?? post.latestPublishedAt;
  const article = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: title,
    description,
    url,
    mainEntityOfPage: url,
    ...(image ? { image: [image] } : {}),
    ...(published ? { datePublished: new Date(published).toISOString() } : {}),
    dateModified: new Date(post.latestPublishedAt ?? post.updatedAt ?? published).toISOString(),
    author: [{ '@type': 'Person', name: post.creator.name, url: absolute(profileUrl(post.creator, ctx), state) }],
    publisher: post.collection
      ? { '@type': 'Organization', name: post.collection.name, url: absolute(collectionUrl(post.collection, ctx), state) }
      : { '@type': 'Organization', name: productName, url: absolute('/', state) },
    // Member-only: the body is the paywalled section (Google's markup for paywalled content),
    // so the preview shown to crawlers is not taken for cloaking.
    ...(post.isLocked
      ? { isAccessibleForFree: false, hasPart: { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CONTENT_CLASS}` } }
      : {}),
  };
  return {
    description,
    canonicalUrl: url,
    openGraph: { type: 'article', title, description, url, ...(image ? { image } : {}), siteName: productName },
    structuredData: [article],
  };
}

/** A writer's profile. */
export function profileHead(user: ProfileForHead, state: PreloadedState): PageHead {
  const { productName } = state.config;
  const description = summaryText(user.bio || `Read writing from ${user.name} on ${productName}.`);
  const url = absolute(profileUrl(user, mainHost(state)), state);
  return { description, canonicalUrl: url, openGraph: { type: 'profile', title: user.name, description, url, siteName: productName } };
}

/** A topic's page. */
export function tagHead(tag: TagForHead, state: PreloadedState): PageHead {
  const { productName } = state.config;
  const description = summaryText(tag.description || `Read stories about ${tag.displayTitle} on ${productName}.`);
  const url = absolute(tagUrl(tag.slug, mainHost(state)), state);
  return { description, canonicalUrl: url, openGraph: { type: 'website', title: tag.displayTitle, description, url, siteName: productName } };
}

/** A publication's home. */
export function publicationHead(collection: PublicationForHead, state: PreloadedState): PageHead {
  const { productName } = state.config;
  const description = summaryText(collection.description || `The latest stories from ${collection.name} on ${productName}.`);
  const url = absolute(collectionUrl(collection, mainHost(state)), state);
  return { description, canonicalUrl: url, openGraph: { type: 'website', title: collection.name, description, url, siteName: productName } };
}
