// RSS 2.0 documents (https://www.rssboard.org/rss-specification) built with fast-xml-parser's
// XMLBuilder, which escapes every text and attribute value. Dates are RFC 822 (UTC).
// Characters XML 1.0 cannot carry at all (most control characters) are dropped first.
import { XMLBuilder } from 'fast-xml-parser';

export interface RssItem {
  title: string;
  link: string;
  /** The story's canonical address: also its guid (isPermaLink="true"). */
  guid: string;
  publishedAt: number;
  creator: string;
  categories: string[];
  /** Plain text: the subtitle or the first lines. */
  description: string;
  /** HTML built from structured content (story-html.ts). */
  contentHtml: string;
}

export interface RssChannel {
  title: string;
  link: string;
  description: string;
  /** The feed's own address (atom:link rel="self"). */
  selfUrl: string;
  generator: string;
  imageUrl?: string;
  items: RssItem[];
}

const NOT_IN_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlSafe(text: string): string {
  return text.replace(NOT_IN_XML, '');
}

/** RFC 822 date-time, as RSS 2.0 wants it: "Sun, 01 Nov 2026 00:00:00 GMT". */
export function rfc822(epochMs: number): string {
  return new Date(epochMs).toUTCString();
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  suppressEmptyNode: true,
  // Without this the builder writes isPermaLink="true" as a bare (invalid XML) attribute.
  suppressBooleanAttributes: false,
});

function item(entry: RssItem) {
  return {
    title: xmlSafe(entry.title),
    link: entry.link,
    guid: { '#text': entry.guid, '@_isPermaLink': 'true' },
    pubDate: rfc822(entry.publishedAt),
    'dc:creator': xmlSafe(entry.creator),
    category: entry.categories.map(xmlSafe),
    description: xmlSafe(entry.description),
    'content:encoded': xmlSafe(entry.contentHtml),
  };
}

export function rssDocument(channel: RssChannel): string {
  const newest = channel.items.reduce<number | null>((latest, entry) => (latest === null || entry.publishedAt > latest ? entry.publishedAt : latest), null);
  const body = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    rss: {
      '@_version': '2.0',
      '@_xmlns:dc': 'http://purl.org/dc/elements/1.1/',
      '@_xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
      '@_xmlns:atom': 'http://www.w3.org/2005/Atom',
      channel: {
        title: xmlSafe(channel.title),
        link: channel.link,
        description: xmlSafe(channel.description),
        'atom:link': { '@_href': channel.selfUrl, '@_rel': 'self', '@_type': 'application/rss+xml' },
        generator: channel.generator,
        ...(channel.imageUrl ? { image: { url: channel.imageUrl, title: xmlSafe(channel.title), link: channel.link } } : {}),
        // The newest story's date, not the clock: the same stories give the same document.
        ...(newest !== null ? { lastBuildDate: rfc822(newest) } : {}),
        item: channel.items.map(item),
      },
    },
  };
  return builder.build(body);
}
