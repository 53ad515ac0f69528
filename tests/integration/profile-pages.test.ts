// Issue 6 items 6 and 7 over HTTP: every profile, publication and topic page answers 200
// for a seeded example, with its page name and in its layout; private lists stay private;
// follower lists hold the followers; publication pages work on the publication's domain.
import { env, exports } from 'cloudflare:workers';
import { validate, type DocumentNode } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PUBLICATION_DOMAIN, DEMO_USER_DOMAIN } from '../../scripts/demo-world/index.ts';
import * as profileModuleDocuments from '../../client/pages/UserFollowPages.graphql.ts';
import * as userProfileDocuments from '../../client/pages/UserProfilePage.graphql.ts';
import * as publicationDocuments from '../../client/pages/PublicationPages.graphql.ts';
import * as tagDocuments from '../../client/pages/TagPages.graphql.ts';
import { schema } from '../../worker/graphql/schema.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { send } from './helpers/edge-cache.ts';
import { rows, seedDemoWorld, userByUsername, type World } from './helpers/demo-world.ts';

const MAIN = 'http://localhost:8787';
let world: World;

function get(path: string, options: { host?: string; sid?: string } = {}) {
  const headers = new Headers();
  if (options.host) headers.set('host', options.host);
  if (options.sid) headers.set('cookie', `sid=${options.sid}`);
  return exports.default.fetch(`${options.host ? `http://${options.host}` : MAIN}${path}`, { headers, redirect: 'manual' });
}

/** Text as React writes it (HTML-escaped). */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

/** The people listed in the main column (the sidebar lists a publication's editor too). */
function peopleInMain(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/class="person-row" data-user-id="([^"]+)"/g)].map((m) => m[1]!);
}

function layoutOf(html: string): string {
  if (html.includes('class="layout-two-column"')) return 'two-column';
  if (html.includes('class="layout-publication"')) return 'publication';
  if (html.includes('class="layout-basic"')) return 'basic';
  if (html.includes('layout-top-nav')) return 'top-nav';
  return 'none';
}

type Row = Record<string, unknown>;
const collectionBySlug = (slug: string) => rows(world, 'collections').find((c) => c.slug === slug)!;
const catalogsOf = (userId: unknown) => rows(world, 'catalogs').filter((c) => c.creator_id === userId);

/** The tag with the most stories (the demo world's busiest topic). */
function busiestTag(): Row {
  return [...rows(world, 'tags')].sort((a, b) => Number(b.post_count) - Number(a.post_count))[0]!;
}

/** A tag the-long-read has used on a listed story. */
function tagUsedBy(collectionId: unknown): string {
  const postIds = new Set(
    rows(world, 'posts')
      .filter((p) => p.collection_id === collectionId && p.status === 'PUBLISHED' && p.visibility === 'PUBLIC' && !p.deleted_at && !p.in_response_to_post_id && !p.is_suspended)
      .map((p) => p.id),
  );
  const link = rows(world, 'post_tags').find((t) => postIds.has(t.post_id));
  if (!link) throw new Error('no tagged story in the publication');
  return String(link.tag_slug);
}

beforeAll(async () => {
  world = await seedDemoWorld(120);
});

/** The page's markup, without the head (whose inline stylesheet names every class, and whose canonical link is absolute). */
const bodyOf = (html: string) => html.slice(html.indexOf('<body'));

describe('every page answers 200 with its page name and layout', () => {
  it.each([
    ['/@ada', 'user-profile', 'two-column'],
    ['/@ada/about', 'user-about', 'two-column'],
    ['/@ada/followers', 'user-followers', 'two-column'],
    ['/@ada/following', 'user-following', 'two-column'],
    ['/@reader/lists', 'user-catalogs', 'two-column'],
    ['/@author/books', 'user-books', 'two-column'],
    ['/the-long-read', 'publication-profile', 'two-column'],
    ['/the-long-read/about', 'publication-about', 'two-column'],
    ['/the-long-read/followers', 'publication-followers', 'two-column'],
    ['/explore-topics', 'explore-topics', 'top-nav'],
  ])('%s → %s (%s)', async (path, pageName, layout) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-name')).toBe(pageName);
    expect(layoutOf(await res.text())).toBe(layout);
  });

  it('user-catalog shows a public list and its stories', async () => {
    const reader = userByUsername(world, 'reader');
    const list = catalogsOf(reader.id).find((c) => c.type === 'LISTS' && c.visibility === 'PUBLIC')!;
    const res = await get(`/@reader/list/best-of-writing-${String(list.id)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-name')).toBe('user-catalog');
    const html = await res.text();
    expect(layoutOf(html)).toBe('two-column');
    expect(html).toContain(escaped(String(list.name)));
    expect(html.match(/class="story-card"/g)?.length ?? 0).toBeGreaterThan(0);
  });

  it('the tag pages and the publication-tagged page show stories', async () => {
    const tag = busiestTag();
    const publication = collectionBySlug('the-long-read');
    const tagged = tagUsedBy(publication.id);
    for (const [path, pageName] of [
      [`/tag/${String(tag.slug)}`, 'topic'],
      [`/tag/${String(tag.slug)}/latest`, 'topic'],
      [`/tag/${String(tag.slug)}/recommended`, 'topic-recommended'],
      [`/the-long-read/tagged/${tagged}`, 'publication-tagged'],
    ] as const) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-name')).toBe(pageName);
      const html = await res.text();
      expect(layoutOf(html)).toBe(pageName === 'publication-tagged' ? 'two-column' : 'top-nav');
      expect(html.match(/class="story-card"/g)?.length ?? 0, path).toBeGreaterThan(0);
    }
  });

  it('a tagged address under a feature page the publication does not have is a 404', async () => {
    const publication = collectionBySlug('the-long-read');
    const tagged = tagUsedBy(publication.id);
    const res = await get(`/the-long-read/science/tagged/${tagged}`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html.replaceAll('<!-- -->', '')).toContain('has no page “science”');
    expect(html.match(/class="story-card"/g) ?? []).toEqual([]);
  });

  it('who-to-follow lists the writers with the most stories in the topic, most first', async () => {
    const tag = busiestTag();
    const res = await get(`/tag/${String(tag.slug)}/who-to-follow`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-name')).toBe('topic-who-to-follow');
    const html = await res.text();
    const counts = [...html.matchAll(/(\d+) stor(?:y|ies) in /g)].map((m) => Number(m[1]));
    expect(counts.length).toBeGreaterThan(0);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('/topic/{slug} names the tag address it moved to; unknown topics and tags are 404', async () => {
    const tag = busiestTag();
    const res = await get(`/topic/${String(tag.slug)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-name')).toBe('legacy-topic-redirect');
    expect(await res.text()).toContain(`href="/tag/${String(tag.slug)}"`);
    expect((await get('/topic/no-such-topic')).status).toBe(404);
    expect((await get('/tag/no-such-topic')).status).toBe(404);
    expect((await get('/tag/no-such-topic/recommended')).status).toBe(404);
  });

  it('explore-topics lists every topic with stories, the most written-about first', async () => {
    const html = await (await get('/explore-topics')).text();
    const slugs = [...html.matchAll(/data-tag-slug="([^"]+)"/g)].map((m) => m[1]);
    const expected = rows(world, 'tags').filter((t) => Number(t.post_count) > 0);
    expect(slugs.length).toBe(expected.length);
    expect(slugs[0]).toBe(busiestTag().slug);
  });
});

describe('profiles', () => {
  it('the followers page lists the people who follow the writer', async () => {
    const ada = userByUsername(world, 'ada');
    const followerIds = new Set(rows(world, 'follows').filter((f) => f.target_type === 'USER' && f.target_id === ada.id).map((f) => f.follower_id));
    const html = await (await get('/@ada/followers')).text();
    const shown = peopleInMain(html);
    expect(shown.length).toBe(Math.min(20, followerIds.size));
    for (const id of shown) expect(followerIds.has(id)).toBe(true);
    // The count is a FollowerCount: it moves with a follow made on this page.
    expect(html).toMatch(new RegExp(`<h2 class="people-heading"><span class="follower-count"[^>]*>${ada.follower_count}</span> Followers</h2>`));
  });

  it('the following page lists the writers the user follows', async () => {
    const reader = userByUsername(world, 'reader');
    const followed = new Set(rows(world, 'follows').filter((f) => f.follower_id === reader.id && f.target_type === 'USER').map((f) => f.target_id));
    expect(followed.size).toBeGreaterThan(0);
    const html = await (await get('/@reader/following')).text();
    const shown = peopleInMain(html);
    expect(new Set(shown)).toEqual(followed);
  });

  it('the about page shows the bio and since when the writer is here', async () => {
    const ada = userByUsername(world, 'ada');
    const html = await (await get('/@ada/about')).text();
    expect(html).toContain(escaped(String(ada.bio)));
    expect(html).toMatch(/On Vellum since [A-Z][a-z]+ \d{4}/);
  });

  it('the books page of a verified book author says so, with an empty shelf', async () => {
    const html = await (await get('/@author/books')).text();
    expect(html).toContain('Verified book author');
    expect(html).toContain('data-testid="books-empty"');
  });

  it('works on the writer custom domain and username subdomain, with links that lose /@{username}', async () => {
    for (const [path, pageName] of [
      ['/about', 'user-about'],
      ['/followers', 'user-followers'],
      ['/following', 'user-following'],
      ['/lists', 'user-catalogs'],
    ] as const) {
      const res = await get(path, { host: DEMO_USER_DOMAIN });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-name')).toBe(pageName);
      const html = await res.text();
      expect(html).toContain('href="/followers"');
      expect(html, 'no main-host-only path is linked relative').not.toContain('href="/@');
    }
    const grace = await get('/about', { host: 'grace.localhost:8787' });
    expect(grace.status).toBe(200);
    expect(grace.headers.get('x-page-name')).toBe('user-about');
  });

  it('links to a writer with a custom domain lead to that domain from the main host', async () => {
    const html = await (await get('/@ada/about')).text();
    // In development a custom domain is linked as {domain}.localhost (docs/adr/0130-custom-domains-in-development.md).
    expect(html).toContain(`href="http://${DEMO_USER_DOMAIN}.localhost:8787/followers"`);
  });

  it('/u/{userId} and /me show a profile by id and the viewer\'s own; /me sends a visitor to sign in', async () => {
    const ada = userByUsername(world, 'ada');
    const byId = await get(`/u/${String(ada.id)}`);
    expect(byId.status).toBe(200);
    expect(byId.headers.get('x-page-name')).toBe('user-profile');
    expect(await byId.text()).toContain(escaped(String(ada.name)));
    const reader = userByUsername(world, 'reader');
    const session = await createSession(env.DB, String(reader.id));
    for (const path of ['/me', '/me/about']) {
      const mine = await get(path, { sid: session.token });
      expect(mine.status, path).toBe(200);
      expect(await mine.text()).toContain(`<h1 class="profile-name">${escaped(String(reader.name))}</h1>`);
      // Issue 18 point 2: a visitor is sent to sign in and back (docs/reader.md).
      const visitor = await get(path);
      expect(visitor.status, path).toBe(302);
      expect(visitor.headers.get('location'), path).toBe(`/m/signin?redirect=${encodeURIComponent(path)}`);
    }
  });

  it('offers a signed-in reader Mute on a writer and a publication, never on their own profile nor to visitors', async () => {
    const reader = userByUsername(world, 'reader');
    const session = await createSession(env.DB, String(reader.id));
    const publication = rows(world, 'collections')[0]!;
    for (const path of ['/@ada', `/${String(publication.slug)}`]) {
      expect(await (await get(path, { sid: session.token })).text(), path).toMatch(/class="button mute-button[^"]*"[^>]*>Mute</);
      expect(bodyOf(await (await get(path)).text()), path).not.toContain('mute-button');
    }
    expect(bodyOf(await (await get('/me', { sid: session.token })).text())).not.toContain('mute-button');
  });

  it('answers 404 for unknown writers on every profile page', async () => {
    for (const path of ['/@nobody-here/about', '/@nobody-here/followers', '/@nobody-here/following', '/@nobody-here/lists', '/@nobody-here/books']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('lists stay private', () => {
  it('others see only public lists; a private list is not found for them', async () => {
    const reader = userByUsername(world, 'reader');
    const lists = catalogsOf(reader.id);
    const publicList = lists.find((c) => c.visibility === 'PUBLIC')!;
    const privateList = lists.find((c) => c.type === 'LISTS' && c.visibility === 'PRIVATE')!;
    expect(privateList).toBeDefined();

    const html = await (await get('/@reader/lists')).text();
    expect(html).toContain(escaped(String(publicList.name)));
    expect(html).not.toContain(escaped(String(privateList.name)));
    expect(html).not.toContain('Reading list');

    const res = await get(`/@reader/list/saved-for-the-weekend-${String(privateList.id)}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain(escaped(String(privateList.name)));
    expect((await get('/@reader/list/reading-list')).status).toBe(404);

    const ada = userByUsername(world, 'ada');
    const other = await createSession(env.DB, String(ada.id));
    expect((await get(`/@reader/list/saved-for-the-weekend-${String(privateList.id)}`, { sid: other.token })).status).toBe(404);
  });

  it('the owner sees their private lists, marked private, and can open them', async () => {
    const reader = userByUsername(world, 'reader');
    const privateList = catalogsOf(reader.id).find((c) => c.type === 'LISTS' && c.visibility === 'PRIVATE')!;
    const session = await createSession(env.DB, String(reader.id));
    const res = await get('/@reader/lists', { sid: session.token });
    expect(res.headers.get('x-cache-status')).toBe('DYNAMIC');
    const html = await res.text();
    expect(html).toContain(escaped(String(privateList.name)));
    expect(html).toContain('Reading list');
    expect(html).toContain('class="catalog-private"');
    const list = await get(`/@reader/list/saved-for-the-weekend-${String(privateList.id)}`, { sid: session.token });
    expect(list.status).toBe(200);
    expect(await list.text()).toContain(escaped(String(privateList.name)));
    expect((await get('/@reader/list/reading-list', { sid: session.token })).status).toBe(200);
  });
});

describe('publications', () => {
  it('serves the publication pages on its custom domain, in its own address space', async () => {
    const publication = collectionBySlug('the-long-read');
    const tagged = tagUsedBy(publication.id);
    for (const [path, pageName] of [
      ['/', 'publication-profile'],
      ['/about', 'publication-about'],
      ['/followers', 'publication-followers'],
      [`/tagged/${tagged}`, 'publication-tagged'],
    ] as const) {
      const res = await get(path, { host: DEMO_PUBLICATION_DOMAIN });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-name')).toBe(pageName);
      const html = await res.text();
      expect(html).toContain(escaped(String(publication.name)));
      // The masthead's links stay on this domain, without the /{collectionSlug} prefix.
      expect(html).toContain('class="publication-name"><a href="/">');
      expect(html).not.toContain('href="/the-long-read');
      expect(html, 'no main-host-only path is linked relative').not.toContain('href="/@');
      // (The head's canonical link is absolute, as canonical addresses must be.)
      expect(bodyOf(html)).not.toContain(`href="http://${DEMO_PUBLICATION_DOMAIN}`);
    }
  });

  it('renders the community variant in the publication layout with enable_lite_publications', async () => {
    const publication = collectionBySlug('the-long-read');
    const vars = { FLAGS: 'enable_lo_homepage,enable_lite_publications' };
    for (const [path, pageName] of [
      ['/the-long-read', 'publication-profile'],
      ['/the-long-read/about', 'publication-about'],
      [`/the-long-read/tagged/${tagUsedBy(publication.id)}`, 'publication-tagged'],
    ] as const) {
      const answer = await send(path, { vars });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('x-page-name')).toBe(pageName);
      expect(layoutOf(answer.text)).toBe('publication');
      expect(answer.text).toContain('class="publication-masthead"');
    }
  });

  it('links to the publication from the main host go to its custom domain', async () => {
    const html = await (await get('/the-long-read')).text();
    expect(html).toContain(`href="http://${DEMO_PUBLICATION_DOMAIN}.localhost:8787/about"`);
  });

  it('lists its followers and its stories', async () => {
    const publication = collectionBySlug('the-long-read');
    const followerIds = new Set(rows(world, 'follows').filter((f) => f.target_type === 'COLLECTION' && f.target_id === publication.id).map((f) => f.follower_id));
    const html = await (await get('/the-long-read/followers')).text();
    const shown = peopleInMain(html);
    expect(shown.length).toBe(Math.min(20, followerIds.size));
    for (const id of shown) expect(followerIds.has(id)).toBe(true);
    const home = await (await get('/the-long-read')).text();
    expect(home.match(/class="story-card"/g)?.length ?? 0).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown publication and for an unknown tag in a publication', async () => {
    expect((await get('/no-such-publication-here')).status).toBe(404);
    expect((await get('/the-long-read/tagged/no-such-tag')).status).toBe(404);
  });
});

describe('feed links', () => {
  it('the about pages link their RSS feed, and the link answers a feed', async () => {
    for (const [path, host, feed] of [
      ['/@partner/about', undefined, '/feed/@partner'],
      ['/about', DEMO_USER_DOMAIN, '/feed'],
      ['/plain-data/about', undefined, '/feed/plain-data'],
      ['/about', DEMO_PUBLICATION_DOMAIN, '/feed'],
    ] as const) {
      const html = await (await get(path, host ? { host } : {})).text();
      expect(html, path).toContain(`<a href="${feed}" type="application/rss+xml">RSS feed</a>`);
      const res = await get(feed, host ? { host } : {});
      expect(res.status, feed).toBe(200);
      expect(res.headers.get('content-type')).toContain('application/rss+xml');
    }
  });
});

describe('GraphQL documents of these pages', () => {
  const profileDocuments = { ...profileModuleDocuments, ...userProfileDocuments, ...publicationDocuments, ...tagDocuments };
  const operations = Object.entries(profileDocuments).filter(([, doc]) =>
    (doc as DocumentNode | undefined)?.definitions?.some((d) => d.kind === 'OperationDefinition'),
  );
  it('exist', () => expect(operations.length).toBeGreaterThanOrEqual(14));
  it.each(operations)('%s validates against the schema', (_name, doc) => {
    expect(validate(schema, doc as DocumentNode).map((e) => e.message)).toEqual([]);
  });
});
