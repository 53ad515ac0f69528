// Issue 6 item 11: RSS 2.0 feeds of the site's latest stories, writers, publications,
// topics and public lists (docs/product/3-routes-data-calls-constants.md §7.6), over HTTP. The
// fixture world's member-only stories carry SECRET in every paragraph past their preview,
// so "never past the preview" is checked on the raw bytes, signed in or not.
import { env } from 'cloudflare:workers';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, LOCKED_PREVIEW_PARAGRAPHS, POSTS, SECRET_MARKER, seedWorld, TAGS, USERS, type World } from './helpers/fixtures.ts';
import { graphql, workerFetch } from './helpers/graphql-client.ts';
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
    expect(channel.link).toBe('http://wren.test.localhost:8787/');
    expect(channel.description).toBe('Bio of Wren Writer.');
    // Listed stories only: no draft, suspended, trashed, unlisted story or response.
    expect(items.map((i) => i.title)).toEqual(['Open Story', 'Members Story']);
    const open = items[0]!;
    // In The Quill, live on quill.test: the address follows the publication (issue 18 point 1), served
    // as quill.test.localhost in development (docs/adr/0130-custom-domains-in-development.md).
    expect(open.link).toBe(`http://quill.test.localhost:8787/open-story-${POSTS.open}`);
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
      expect(locked['content:encoded']).toContain(`http://quill.test.localhost:8787/members-story-${POSTS.locked}`);
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
    expect(main.channel.link).toBe('http://quill.test.localhost:8787/');
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

/** The story id at the end of an item's link. */
const idOf = (item: Item) => item.link.slice(-12);

/** A locked story's item carries its preview (heading and first paragraph) and the member-only note: nothing more. */
function expectPreviewOnly(item: Item) {
  expect(item['content:encoded']).not.toContain(SECRET_MARKER);
  expect(item['content:encoded'].match(/<(p|h3)>/g)?.length, item.title).toBe(LOCKED_PREVIEW_PARAGRAPHS + 1);
  expect(item['content:encoded']).toContain('This is a member-only story.');
}

describe('the site-wide latest feed (/feed/latest)', () => {
  it('is the logged-out home latest feed: the newest ten listed stories, newest first', async () => {
    const { channel, items, res } = await feed('/feed/latest');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(channel.title).toBe('Vellum: latest stories');
    expect(channel.link).toBe('http://localhost:8787/');
    expect(items.length).toBe(FEED_ITEM_COUNT);
    expect(items.map(idOf)).toEqual(world.listedNewestFirst.slice(0, FEED_ITEM_COUNT).map((p) => p.id));
    // The same stories, in the same order, as GraphQL homeFeed(LATEST) for a logged-out reader.
    const home = await graphql<{ homeFeed: { items: { post: { id: string } }[] } }>(
      `query { homeFeed(mode: LATEST, paging: { limit: ${FEED_ITEM_COUNT} }) { items { post { id } } } }`,
    );
    expect(items.map(idOf)).toEqual(home.data!.homeFeed.items.map((i) => i.post.id));
  });

  it('holds member-only stories as previews, and is the same for a signed-in member or a reader with mutes', async () => {
    const loggedOut = await feed('/feed/latest');
    const locked = loggedOut.items.filter((i) => i['content:encoded'].includes('member-only'));
    // The writer's Members Story and Bulk Story 5 are among the newest ten.
    expect(locked.map(idOf)).toEqual([POSTS.locked, world.bulk[4]!.id]);
    for (const item of locked) expectPreviewOnly(item);
    expect(loggedOut.xml).not.toContain(SECRET_MARKER);
    // The reader mutes The Quill and author 2: a feed is nobody's personal home feed.
    for (const sid of [world.sessions.member, world.sessions.reader]) {
      const signedIn = await feed('/feed/latest', { sid });
      expect(signedIn.xml).not.toContain(SECRET_MARKER);
      expect(signedIn.xml).toBe(loggedOut.xml);
    }
  });

  it('is a feed route of its own: not a publication, and not a feed on a writer or publication domain', async () => {
    // /feed/Latest would otherwise look up a publication (slugs match case-insensitively).
    for (const path of ['/feed/Latest', '/feed/LATEST', '/feed/latest/x', '/feed/collections']) {
      expect((await get(path)).status, path).toBe(404);
    }
    expect((await get('/feed/latest', { host: 'quill.test' })).status).toBe(404);
    expect((await get('/feed/latest', { host: 'wren.test' })).status).toBe(404);
  });
});

describe('a public list feed (/feed/collections/{name-slug}-{id})', () => {
  const LISTS = {
    public: 'ca00000000a1',
    private: 'ca00000000a2',
    writerReadingList: 'ca00000000a3',
    bySuspended: 'ca00000000a4',
    locked: 'ca00000000a5',
  } as const;
  /** The public list's stories in the order they were added (oldest first). */
  let added: string[];

  beforeAll(async () => {
    const db = env.DB;
    const now = world.now;
    const catalog = (id: string, creatorId: string, name: string, visibility: 'PUBLIC' | 'PRIVATE' | 'LOCKED', predefined: string | null = null) =>
      db
        .prepare(
          'INSERT INTO catalogs (id, creator_id, name, description, type, predefined, visibility, item_count, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?)',
        )
        .bind(id, creatorId, name, name === 'Good Reads' ? 'Stories worth a second read.' : '', predefined ? 'PREDEFINED_LIST' : 'LISTS', predefined, visibility, now, now);
    const bulk = world.bulk.map((b) => b.id);
    // Oldest first: hidden stories (draft, unlisted, trashed, suspended, a suspended writer's)
    // sit among listed ones; the two member-only stories are among the newest ten.
    added = [
      ...bulk.slice(10, 14),
      POSTS.draft,
      POSTS.open,
      POSTS.unlisted,
      bulk[4]!,
      POSTS.trashed,
      ...bulk.slice(0, 4),
      POSTS.suspended,
      POSTS.locked,
      POSTS.bySuspendedWriter,
      bulk[5]!,
    ];
    const item = (catalogId: string, postId: string, i: number) =>
      db.prepare('INSERT INTO catalog_items (id, catalog_id, post_id, created_at) VALUES (?, ?, ?, ?)').bind(`c2${catalogId.slice(-4)}${i.toString(16).padStart(6, '0')}`, catalogId, postId, now - (1000 - i) * 1000);
    await db.batch([
      catalog(LISTS.public, USERS.member, 'Good Reads', 'PUBLIC'),
      catalog(LISTS.private, USERS.member, 'Secret Shelf', 'PRIVATE'),
      catalog(LISTS.writerReadingList, USERS.writer, 'Reading list', 'PUBLIC', 'READING_LIST'),
      catalog(LISTS.bySuspended, USERS.suspendedWriter, 'Hidden Picks', 'PUBLIC'),
      catalog(LISTS.locked, USERS.reader, 'Members Picks', 'LOCKED'),
      ...added.map((postId, i) => item(LISTS.public, postId, i)),
      item(LISTS.private, POSTS.open, 0),
      item(LISTS.writerReadingList, POSTS.open, 0),
      item(LISTS.bySuspended, POSTS.open, 0),
      item(LISTS.locked, POSTS.locked, 0),
    ]);
  });

  it('a public list: its stories, most recently added first, hidden stories left out', async () => {
    const { channel, items, res } = await feed(`/feed/collections/good-reads-${LISTS.public}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(channel.title).toBe('Good Reads, a list by Mia Member on Vellum');
    expect(channel.link).toBe(`http://localhost:8787/@member/list/good-reads-${LISTS.public}`);
    expect(channel.description).toBe('Stories worth a second read.');
    const hidden = new Set<string>([POSTS.draft, POSTS.unlisted, POSTS.trashed, POSTS.suspended, POSTS.bySuspendedWriter]);
    const expected = [...added].reverse().filter((id) => !hidden.has(id)).slice(0, FEED_ITEM_COUNT);
    expect(expected.length).toBe(FEED_ITEM_COUNT);
    expect(items.map(idOf)).toEqual(expected);
    // The same list as the list page's stories for a logged-out reader.
    const page = await graphql<{ catalog: { postsConnection: { posts: { id: string }[] } } }>(
      `query ($id: ID!) { catalog(id: $id) { postsConnection(paging: { limit: ${FEED_ITEM_COUNT} }) { posts { id } } } }`,
      { id: LISTS.public },
    );
    expect(items.map(idOf)).toEqual(page.data!.catalog.postsConnection.posts.map((p) => p.id));
    // The bare id is the list's address too (a name with no slug characters has one).
    const bare = await feed(`/feed/collections/${LISTS.public}`);
    expect(bare.channel.link).toBe(channel.link);
    expect(bare.items).toEqual(items);
  });

  it('member-only stories are previews only, signed in as a member or not', async () => {
    for (const options of [{}, { sid: world.sessions.member }]) {
      const { items, xml } = await feed(`/feed/collections/good-reads-${LISTS.public}`, options);
      expect(xml).not.toContain(SECRET_MARKER);
      const locked = items.filter((i) => [POSTS.locked, world.bulk[4]!.id].includes(idOf(i)));
      expect(locked.length).toBe(2);
      for (const item of locked) expectPreviewOnly(item);
    }
    // A LOCKED list is seen by everyone; its member-only stories are still cut.
    const { items, xml } = await feed(`/feed/collections/members-picks-${LISTS.locked}`, { sid: world.sessions.member });
    expect(items.map(idOf)).toEqual([POSTS.locked]);
    expect(xml).not.toContain(SECRET_MARKER);
    expectPreviewOnly(items[0]!);
  });

  it('a private list answers exactly like an unknown one, even to its creator', async () => {
    const unknown = await get('/feed/collections/secret-shelf-ca00000000ff');
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.text();
    for (const options of [{}, { sid: world.sessions.member }]) {
      const res = await get(`/feed/collections/secret-shelf-${LISTS.private}`, options);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe(unknownBody);
      expect([...res.headers].sort()).toEqual([...unknown.headers].sort());
    }
  });

  it('answers 404 for predefined slugs, ids of predefined lists, a suspended writer list and malformed slugs', async () => {
    for (const path of [
      // A Reading list's address needs its creator: /@writer/list/reading-list.
      '/feed/collections/reading-list',
      '/feed/collections/currently-reading',
      `/feed/collections/reading-list-${LISTS.writerReadingList}`,
      `/feed/collections/${LISTS.writerReadingList}`,
      `/feed/collections/hidden-picks-${LISTS.bySuspended}`,
      '/feed/collections/good-reads',
      `/feed/collections/good-reads-${LISTS.public}/more`,
      `/feed/collections/good-reads-${LISTS.public.toUpperCase()}`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
    }
    // Not a feed on a writer's or publication's own domain.
    expect((await get(`/feed/collections/good-reads-${LISTS.public}`, { host: 'quill.test' })).status).toBe(404);
    expect((await get(`/feed/collections/good-reads-${LISTS.public}`, { host: 'wren.test' })).status).toBe(404);
  });
});

describe('reserved feed words and publications slugged like them', () => {
  it('a publication slugged "latest" or "collections" never takes the site feeds, and keeps its tagged feeds', async () => {
    const add = (id: string, slug: string, name: string) =>
      env.DB.prepare('INSERT INTO collections (id, slug, name, creator_id, created_at) VALUES (?, ?, ?, ?, ?)').bind(id, slug, name, USERS.writer, world.now);
    await env.DB.batch([add('cc00000000f1', 'latest', 'Latest News'), add('cc00000000f2', 'collections', 'Collections Weekly')]);
    const site = await feed('/feed/latest');
    expect(site.channel.title).toBe('Vellum: latest stories');
    expect(site.items.map(idOf)).toEqual(world.listedNewestFirst.slice(0, FEED_ITEM_COUNT).map((p) => p.id));

    expect((await get('/feed/collections')).status).toBe(404);
    expect((await get('/feed/Latest')).status).toBe(404);
    // The three-segment tagged feeds cannot clash with a site feed: they stay the publications'.
    const tagged = await feed('/feed/latest/tagged/writing');
    expect(tagged.channel.title).toBe('Writing in Latest News');
    expect(tagged.items).toEqual([]);
    const collectionsTagged = await feed('/feed/collections/tagged/writing');
    expect(collectionsTagged.channel.title).toBe('Writing in Collections Weekly');
  });
});
