// Issue 6 item 11: RSS 2.0 feeds of writers, publications and topics, over HTTP. The
// fixture world's member-only stories carry SECRET in every paragraph past their preview,
// so "never past the preview" is checked on the raw bytes, signed in or not.
import { env } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, LOCKED_PREVIEW_PARAGRAPHS, POSTS, SECRET_MARKER, seedWorld, TAGS, USERS, type World } from './helpers/fixtures.ts';
import { workerFetch } from './helpers/graphql-client.ts';
import { FEED_ITEM_COUNT } from '../../worker/feeds/feed-data.ts';

let world: World;

beforeAll(async () => {
  world = await seedWorld(env.DB);
});

function get(path: string, options: { host?: string; sid?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.host) headers.host = options.host;
  if (options.sid) headers.cookie = `sid=${options.sid}`;
  return workerFetch(`http://${options.host ?? 'localhost:8787'}${path}`, { headers, redirect: 'manual' });
}

interface Item {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  pubDate: string;
  'dc:creator': string;
  category?: string | string[];
  description: string;
  'content:encoded': string;
}

interface Channel {
  title: string;
  link: string;
  description: string;
  item?: Item | Item[];
}

/** Fetches a feed, checks it is well-formed RSS 2.0 and returns its channel. */
async function feed(path: string, options: { host?: string; sid?: string } = {}): Promise<{ channel: Channel; items: Item[]; xml: string; res: Response }> {
  const res = await get(path, options);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
  const xml = await res.text();
  expect(XMLValidator.validate(xml), `${path} is well-formed XML`).toBe(true);
  const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false }).parse(xml);
  expect(parsed.rss['@_version']).toBe('2.0');
  const channel = parsed.rss.channel as Channel;
  const items = channel.item === undefined ? [] : Array.isArray(channel.item) ? channel.item : [channel.item];
  return { channel, items, xml, res };
}

const RFC_822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

describe('RSS 2.0 feeds', () => {
  it('a writer feed: channel, items with every RSS field, newest first', async () => {
    const { channel, items, res } = await feed('/feed/@writer');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(channel.title).toBe('Stories by Wren Writer on Vellum');
    // The profile address rule: the writer's live custom domain.
    expect(channel.link).toBe('http://wren.test/');
    expect(channel.description).toBe('Bio of Wren Writer.');
    // Listed stories only: no draft, suspended, trashed, unlisted story or response.
    expect(items.map((i) => i.title)).toEqual(['Open Story', 'Members Story']);
    const open = items[0]!;
    expect(open.link).toBe(`http://localhost:8787/@writer/open-story-${POSTS.open}`);
    expect(open.guid['#text']).toBe(open.link);
    expect(open.guid['@_isPermaLink']).toBe('true');
    expect(open.pubDate).toMatch(RFC_822);
    expect(new Date(open.pubDate).getTime()).toBeGreaterThan(new Date(items[1]!.pubDate).getTime());
    expect(open['dc:creator']).toBe('Wren Writer');
    expect(open.category).toEqual(['Writing', 'Technology']);
    expect(open.description).toBe('Subtitle of Open Story');
    // Built from structured content: markups and images become our own markup.
    expect(open['content:encoded']).toContain('<strong>Paragraph</strong>');
    expect(open['content:encoded']).toMatch(/<figure><img src="http:\/\/localhost:8787\/_\/img\/v2\/[^"]*img-cover" alt="Cover"><figcaption>A caption<\/figcaption><\/figure>/);
  });

  it('a locked story appears as its preview only, signed in as a member or not', async () => {
    const member = world.sessions.member;
    for (const options of [{}, { sid: member }]) {
      const { items, xml } = await feed('/feed/@writer', options);
      expect(xml).not.toContain(SECRET_MARKER);
      const locked = items.find((i) => i.title === 'Members Story')!;
      expect(locked['content:encoded']).toContain('<strong>Paragraph</strong> 1 of Members Story.');
      // The preview's paragraphs, then the member-only note: nothing past the preview.
      expect(locked['content:encoded'].match(/<(p|h3)>/g)?.length).toBe(LOCKED_PREVIEW_PARAGRAPHS + 1);
      expect(locked['content:encoded']).toContain('This is a member-only story.');
      expect(locked['content:encoded']).toContain(`/@writer/members-story-${POSTS.locked}`);
    }
    // The tag and publication feeds hold member-only bulk stories too.
    for (const path of ['/feed/tag/writing', '/feed/the-quill', '/feed/daily-bytes', '/feed/tag/poetry']) {
      const { xml } = await feed(path);
      expect(xml, path).not.toContain(SECRET_MARKER);
    }
  });

  it('a publication feed, on the main host and on its custom domain', async () => {
    const main = await feed('/feed/the-quill');
    expect(main.channel.title).toBe('The Quill');
    expect(main.channel.link).toBe('http://quill.test/');
    expect(main.items.length).toBe(FEED_ITEM_COUNT);
    const quillIds = world.listedNewestFirst.filter((p) => p.collectionId === COLLECTIONS.quill).slice(0, FEED_ITEM_COUNT).map((p) => p.id);
    expect(main.items.map((i) => i.link.slice(-12))).toEqual(quillIds);

    const onDomain = await feed('/feed', { host: 'quill.test' });
    expect(onDomain.items.map((i) => i.guid['#text'])).toEqual(main.items.map((i) => i.guid['#text']));

    const tagged = await feed('/feed/the-quill/tagged/writing');
    expect(tagged.channel.title).toBe('Writing in The Quill');
    const expected = world.listedNewestFirst
      .filter((p) => p.collectionId === COLLECTIONS.quill && p.tagSlugs.includes('writing'))
      .slice(0, FEED_ITEM_COUNT)
      .map((p) => p.id);
    expect(tagged.items.map((i) => i.link.slice(-12))).toEqual(expected);
    const taggedOnDomain = await feed('/feed/tagged/writing', { host: 'quill.test' });
    expect(taggedOnDomain.items.length).toBe(expected.length);
  });

  it('a tag feed', async () => {
    const { channel, items } = await feed(`/feed/tag/${TAGS.poetry.slug}`);
    expect(channel.title).toBe('Poetry on Vellum');
    expect(channel.link).toBe('http://localhost:8787/tag/poetry');
    const expected = world.listedNewestFirst.filter((p) => p.tagSlugs.includes('poetry')).slice(0, FEED_ITEM_COUNT).map((p) => p.id);
    expect(items.map((i) => i.link.slice(-12))).toEqual(expected);
  });

  it('a writer feed on the writer custom domain', async () => {
    const { items } = await feed('/feed', { host: 'wren.test' });
    expect(items.map((i) => i.title)).toEqual(['Open Story', 'Members Story']);
  });

  it('answers 404 for unknown writers, publications and tags, suspended and deleted writers, and other /feed paths', async () => {
    for (const path of [
      '/feed/@nobody',
      '/feed/@suspended',
      '/feed/@deleted',
      '/feed/no-such-publication',
      '/feed/tag/no-such-tag',
      '/feed/the-quill/tagged/no-such-tag',
      '/feed',
      '/feed/tag',
      '/feed/a/b/c/d',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    expect(USERS.suspendedWriter).toBeTruthy();
  });
});
