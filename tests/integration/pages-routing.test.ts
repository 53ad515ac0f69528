// Issue 2/3 over HTTP: real pages from the seeded demo world, routing on every host kind,
// redirects, not-found, and the headers that make routing observable.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PUBLICATION_DOMAIN, DEMO_USER_DOMAIN } from '../../scripts/demo-world/index.ts';
import { publicStory, rows, seedDemoWorld, userById, userByUsername, type World } from './helpers/demo-world.ts';

const MAIN = 'http://localhost:8787';
let world: World;

function get(path: string, host?: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (host) headers.set('host', host);
  return exports.default.fetch(`${host ? `http://${host}` : MAIN}${path}`, { ...init, headers, redirect: 'manual' });
}

function paragraphTexts(post: Record<string, unknown>): string[] {
  const content = JSON.parse(String(post.content)) as { paragraphs: { type: string; text: string }[] };
  return content.paragraphs.filter((p) => p.text && p.type !== 'IMG').map((p) => p.text);
}

/** Text as React writes it (HTML-escaped). */
function escaped(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}

beforeAll(async () => {
  world = await seedDemoWorld(60);
});

describe('pages', () => {
  it('GET / lists demo stories on the logged-out home page', async () => {
    const res = await get('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-route-name')).toBe('ShowHome');
    expect(res.headers.get('x-page-name')).toBe('home-lo');
    const html = await res.text();
    expect(html.match(/class="story-card"/g)?.length).toBeGreaterThanOrEqual(10);
    expect(html).toContain('window.__PRELOADED_STATE__=');
    expect(html).toContain('window.__APOLLO_STATE__=');
    expect(html).toContain('window.__GRAPHQL_URI__="/_/graphql"');
  });

  it('GET /p/{id}, /@{username}/{id} and /@{username}/{slug}-{id} show the story with all its paragraphs', async () => {
    const post = publicStory(world);
    const writer = userById(world, post.creator_id);
    for (const path of [`/p/${post.id}`, `/@${writer.username}/${post.id}`, `/@${writer.username}/${post.slug}-${post.id}`]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-page-name')).toBe('post');
      const html = await res.text();
      expect(html).toContain(escaped(String(post.title)));
      for (const text of paragraphTexts(post)) {
        // Markups split a paragraph into spans; its first words always stand together.
        expect(html).toContain(escaped(text.slice(0, 12)));
      }
      expect(html).toMatch(/\d+ min read/);
    }
  });

  it('GET /@{username} shows the writer and their stories', async () => {
    const post = publicStory(world);
    const writer = userById(world, post.creator_id);
    const res = await get(`/@${writer.username}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-name')).toBe('user-profile');
    const html = await res.text();
    expect(html).toContain(escaped(String(writer.name)));
    expect(html).toContain(escaped(String(post.title)));
  });

  it('answers the 404 page with its text and four stories for an unknown path', async () => {
    const res = await get('/this/path/does/not/exist');
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Out of nothing, something.');
    expect(html).toContain('PAGE NOT FOUND');
    expect(html.match(/class="story-card"/g)?.length).toBe(4);
  });

  it('answers the 404 page for a two-segment path whose last segment holds no story id', async () => {
    // /{collectionSlug}/{postId} matches the shape; without an id it is an unknown address.
    for (const path of ['/no/such', '/p/not-a-story']) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('x-page-name'), path).toBe('not-found');
      expect(await res.text(), path).toContain('Out of nothing, something.');
    }
  });

  it("writes the server's resolution of the path into the document (the browser hydrates from it, docs/adr/0005)", async () => {
    const resolutionIn = (html: string) => {
      const json = /window\.__PAGE__=(.*?);window\./s.exec(html)?.[1];
      if (json === undefined) throw new Error('no window.__PAGE__ in the page');
      return JSON.parse(json) as Record<string, unknown> | null;
    };
    const post = publicStory(world);
    const writer = userById(world, post.creator_id);
    const story = await get(`/@${writer.username}/${post.slug}-${post.id}`);
    expect(resolutionIn(await story.text())).toEqual({
      routeName: story.headers.get('x-route-name'),
      pageName: 'post',
      params: { username: writer.username, postId: `${post.slug}-${post.id}` },
      layout: 'top-nav',
      fixedNavbar: false,
      redirects: false,
    });
    expect(resolutionIn(await (await get('/this/path/does/not/exist')).text())).toBeNull();
  });

  it('answers 404 for an unknown story and for an unknown writer', async () => {
    expect((await get('/p/0123456789ab')).status).toBe(404);
    expect((await get('/@nobody-by-this-name')).status).toBe(404);
  });

  it('refuses to be framed', async () => {
    const res = await get('/');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });
});

describe('host kinds', () => {
  it('/@{username} on the main host and / on that user custom domain resolve to the same page', async () => {
    const writer = userByUsername(world, 'ada');
    expect(writer.custom_domain).toBe(DEMO_USER_DOMAIN);
    const main = await get('/@ada');
    const custom = await get('/', DEMO_USER_DOMAIN);
    expect(custom.status).toBe(200);
    expect(custom.headers.get('x-page-name')).toBe(main.headers.get('x-page-name'));
    expect(custom.headers.get('x-route-name')).toBe(main.headers.get('x-route-name'));
    const [a, b] = [await main.text(), await custom.text()];
    expect(b).toContain(escaped(String(writer.name)));
    expect(b.match(/class="story-card"/g)?.length).toBe(a.match(/class="story-card"/g)?.length);
  });

  it('serves a writer on their username subdomain', async () => {
    const grace = userByUsername(world, 'grace');
    expect(grace.has_subdomain).toBe(1);
    const res = await get('/', 'grace.localhost:8787');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-page-name')).toBe('user-profile');
    expect(await res.text()).toContain(escaped(String(grace.name)));
  });

  it('resolves a publication custom domain to its route table', async () => {
    const res = await get('/', DEMO_PUBLICATION_DOMAIN);
    expect(res.headers.get('x-route-name')).toBe('ShowCollectionHome');
  });

  it('answers a clear 404 for a host it does not serve', async () => {
    const res = await get('/', 'unknown.example');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Unknown host');
  });
});

describe('redirects', () => {
  it('answers a declared redirect route with 301 and the target', async () => {
    const res = await get('/browse/top');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/top-stories');
    const topics = await get('/topics?source=nav');
    expect(topics.status).toBe(301);
    expect(topics.headers.get('location')).toBe('/explore-topics?source=nav');
  });

  it('redirects the top-posts-for-tag route temporarily to the tag posts route', async () => {
    const tag = rows(world, 'tags')[0]!;
    const res = await get(`/tag/${tag.slug}/top/week`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/tag/${tag.slug}`);
  });

  it('shows not-found and logs when a redirect has an empty param', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const res = await get('/p/%20/responses/show');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Out of nothing, something.');
    expect(warn.mock.calls.flat().join(' ')).toContain('had invalid params when attempting to redirect');
    warn.mockRestore();
  });
});
