// What a page tells search engines and link previews, beside its <title>: a meta description,
// the canonical address, Open Graph and Twitter card tags, and schema.org JSON-LD. A page
// definition's head(data, state) describes them as a PageHead value; pageHeadTags writes
// the HTML. Every value may come from a writer (a story title, a bio), so everything is
// escaped here (shared/html.ts): attribute text as HTML, JSON-LD as JSON that cannot end its <script>.
// docs/web-quality.md lists the tags and why.
import { escapeHtml, jsonForScript } from '../../shared/html.ts';

export interface OpenGraph {
  type: 'website' | 'article' | 'profile';
  title: string;
  description?: string;
  /** Absolute address (the canonical one). */
  url: string;
  /** Absolute address of a picture for link previews. */
  image?: string;
  siteName: string;
}

export interface PageHead {
  description?: string;
  /** Absolute address of the page's canonical copy. */
  canonicalUrl?: string;
  /** Open Graph; the Twitter card is derived from it (a large picture when there is one). */
  openGraph?: OpenGraph;
  /** schema.org objects, written as one <script type="application/ld+json"> each. */
  structuredData?: readonly object[];
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The <head> tags of a PageHead (everything but <title>), as HTML. */
export function pageHeadTags(head: PageHead | undefined): string {
  if (!head) return '';
  const tags: string[] = [];
  if (head.description) tags.push(meta('name', 'description', head.description));
  if (head.canonicalUrl) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}">`);
  const og = head.openGraph;
  if (og) {
    tags.push(meta('property', 'og:type', og.type), meta('property', 'og:site_name', og.siteName), meta('property', 'og:title', og.title));
    if (og.description) tags.push(meta('property', 'og:description', og.description));
    tags.push(meta('property', 'og:url', og.url));
    if (og.image) tags.push(meta('property', 'og:image', og.image));
    tags.push(meta('name', 'twitter:card', og.image ? 'summary_large_image' : 'summary'), meta('name', 'twitter:title', og.title));
    if (og.description) tags.push(meta('name', 'twitter:description', og.description));
    if (og.image) tags.push(meta('name', 'twitter:image', og.image));
  }
  for (const object of head.structuredData ?? []) tags.push(`<script type="application/ld+json">${jsonForScript(object)}</script>`);
  return tags.join('');
}

/** At most `max` characters of text, cut at a word and ended with "…" when shortened. */
export function summaryText(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return (lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.–—-]+$/, '') + '…';
}

/** An address on the main origin, or an absolute one as it is. */
export function absoluteUrl(href: string, mainOrigin: string): string {
  return new URL(href, mainOrigin).href;
}
