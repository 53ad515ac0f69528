import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { rfc822, rssDocument, type RssItem } from '../../../worker/feeds/rss-document.ts';
import { escapeHtml, storyHtml, type FeedParagraph } from '../../../worker/feeds/story-html.ts';
import { feedTarget } from '../../../worker/feeds/feed-target.ts';

const image = (id: string) => `https://img.example/${id}`;
const p = (type: FeedParagraph['type'], text: string, extra: Partial<FeedParagraph> = {}): FeedParagraph => ({ name: '0000', type, text, markups: [], ...extra });

describe('story HTML from structured content', () => {
  it('escapes user text: markup typed by a writer stays text', () => {
    const html = storyHtml([p('P', '<script>alert("x")</script> & <b>bold</b>')], image);
    expect(html).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;</p>');
  });

  it('applies markups as tags of its own, links outermost, and drops unsafe links', () => {
    const text = 'Read this now';
    const html = storyHtml(
      [
        p('P', text, { markups: [{ type: 'A', start: 0, end: 9, href: 'https://example.com/?a=1&b="2"' }, { type: 'EM', start: 5, end: 9 }] }),
        p('P', 'Click me', { markups: [{ type: 'A', start: 0, end: 8, href: 'javascript:alert(1)' }] }),
      ],
      image,
    );
    expect(html).toBe('<p><a href="https://example.com/?a=1&amp;b=&quot;2&quot;">Read </a><a href="https://example.com/?a=1&amp;b=&quot;2&quot;"><em>this</em></a> now</p><p>Click me</p>');
  });

  it('groups list items, keeps code as text, and renders images and embeds', () => {
    const html = storyHtml(
      [
        p('ULI', 'one'),
        p('ULI', 'two'),
        p('OLI', 'first'),
        p('PRE', 'if (a < b) {}', { markups: [{ type: 'STRONG', start: 0, end: 2 }] }),
        p('IMG', 'A "caption"', { metadata: { id: 'pic.png', alt: 'Alt <text>' } }),
        p('MIXTAPE_EMBED', 'A link', { href: 'data:text/html,<script>' }),
        p('IFRAME', '', { href: 'https://video.example/v/1' }),
        p('HR', ''),
      ],
      image,
    );
    expect(html).toBe(
      '<ul><li>one</li><li>two</li></ul><ol><li>first</li></ol><pre><code>if (a &lt; b) {}</code></pre>' +
        '<figure><img src="https://img.example/pic.png" alt="Alt &lt;text&gt;"><figcaption>A &quot;caption&quot;</figcaption></figure>' +
        '<p>A link</p><p><a href="https://video.example/v/1">https://video.example/v/1</a></p><hr>',
    );
  });

  it('escapeHtml covers the five characters', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});

describe('RSS 2.0 document', () => {
  const item: RssItem = {
    title: 'Tom & Jerry <3 \u0001 ]]> "quotes"',
    link: 'https://vellum.example/@a/x-0123456789ab',
    guid: 'https://vellum.example/@a/x-0123456789ab',
    publishedAt: Date.UTC(2026, 10, 1, 12, 30, 5),
    creator: 'A & B',
    categories: ['C++', 'R&D'],
    description: 'Plain <text>',
    contentHtml: '<p>Hi &amp; bye]]></p>',
  };
  const xml = rssDocument({
    title: 'Feed & co',
    link: 'https://vellum.example/@a',
    description: 'About',
    selfUrl: 'https://vellum.example/feed/@a',
    generator: 'Vellum',
    items: [item],
  });

  it('is well-formed, with the RSS 2.0 fields, and gives back every text exactly', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false }).parse(xml);
    const channel = doc.rss.channel;
    expect(doc.rss['@_version']).toBe('2.0');
    expect(channel.title).toBe('Feed & co');
    expect(channel['atom:link']['@_href']).toBe('https://vellum.example/feed/@a');
    expect(channel.lastBuildDate).toBe('Sun, 01 Nov 2026 12:30:05 GMT');
    const parsed = channel.item;
    expect(parsed.title).toBe('Tom & Jerry <3  ]]> "quotes"');
    expect(parsed.guid['@_isPermaLink']).toBe('true');
    expect(parsed.pubDate).toBe('Sun, 01 Nov 2026 12:30:05 GMT');
    expect(parsed['dc:creator']).toBe('A & B');
    expect(parsed.category).toEqual(['C++', 'R&D']);
    expect(parsed['content:encoded']).toBe('<p>Hi &amp; bye]]></p>');
  });

  it('dates are RFC 822 in GMT', () => {
    expect(rfc822(0)).toBe('Thu, 01 Jan 1970 00:00:00 GMT');
  });
});

describe('feed addresses by host kind', () => {
  const main = { kind: 'default', host: 'vellum.example' } as const;
  const user = { kind: 'user', host: 'ada.test', userId: 'u1', username: 'ada', via: 'custom-domain' } as const;
  const pub = { kind: 'collection', host: 'pub.test', collectionId: 'c1', collectionSlug: 'the-pub' } as const;

  it.each([
    [main, '/feed/@ada', { kind: 'user', username: 'ada' }],
    [main, '/feed/tag/data-science', { kind: 'tag', tagSlug: 'data-science' }],
    [main, '/feed/topic/data-science', { kind: 'tag', tagSlug: 'data-science' }],
    [main, '/feed/the-pub', { kind: 'collection', collectionSlug: 'the-pub', tagSlug: null }],
    [main, '/feed/the-pub/', { kind: 'collection', collectionSlug: 'the-pub', tagSlug: null }],
    [main, '/feed/the-pub/tagged/go', { kind: 'collection', collectionSlug: 'the-pub', tagSlug: 'go' }],
    [main, '/feed/the-pub/news', { kind: 'news', collectionSlug: 'the-pub' }],
    [main, '/feed/latest', { kind: 'latest' }],
    [main, '/feed/latest/', { kind: 'latest' }],
    [main, '/feed/collections/good-reads-0a1b2c3d4e5f', { kind: 'catalog', catalogId: '0a1b2c3d4e5f' }],
    [main, '/feed/collections/0a1b2c3d4e5f', { kind: 'catalog', catalogId: '0a1b2c3d4e5f' }],
    // A publication slugged like a reserved word keeps its three-segment tagged feed.
    [main, '/feed/latest/tagged/go', { kind: 'collection', collectionSlug: 'latest', tagSlug: 'go' }],
    [main, '/feed/collections/tagged/go', { kind: 'collection', collectionSlug: 'collections', tagSlug: 'go' }],
    [user, '/feed', { kind: 'user', username: 'ada' }],
    [pub, '/feed', { kind: 'collection', collectionSlug: 'the-pub', tagSlug: null }],
    [pub, '/feed/tagged/go', { kind: 'collection', collectionSlug: 'the-pub', tagSlug: 'go' }],
  ] as const)('%o %s', (host, path, expected) => {
    expect(feedTarget(host, path)).toEqual(expected);
  });

  it.each([
    [main, '/feed'],
    [main, '/feed/@'],
    [main, '/feed/tag'],
    [main, '/feed/%E0%A4%A'],
    [main, '/feed/%20'],
    [main, '/feed/@ada/tagged/x'],
    [main, '/feed/@ada/news'],
    [main, '/feed/Latest/news'],
    [pub, '/feed/news'],
    [main, '/feed/a/b/c/d'],
    [user, '/feed/@ada'],
    [pub, '/feed/the-pub'],
    [main, '/feeds/x'],
    // Reserved words are never a publication's slug, whatever their case.
    [main, '/feed/collections'],
    [main, '/feed/Latest'],
    [main, '/feed/LATEST'],
    [main, '/feed/Collections'],
    [main, '/feed/Tag'],
    // A list needs its id: a predefined slug without a username is anyone's.
    [main, '/feed/collections/reading-list'],
    [main, '/feed/collections/currently-reading'],
    [main, '/feed/collections/purchased'],
    [main, '/feed/collections/no-id-here'],
    [main, '/feed/collections/x-0A1B2C3D4E5F'],
    [main, '/feed/collections/a/b'],
    [main, '/feed/latest/x'],
    [user, '/feed/latest'],
    [pub, '/feed/latest'],
    [pub, '/feed/collections/good-reads-0a1b2c3d4e5f'],
  ] as const)('%o %s is no feed', (host, path) => {
    expect(feedTarget(host, path)).toBeNull();
  });
});
