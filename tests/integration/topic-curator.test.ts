// Topic curators' pages (docs/reader.md, "Topic curators"): staff and a topic's named curators
// edit its description and featured stories and add published stories to it; the topic's cached
// pages are purged; everyone else — anonymous, signed-in readers, a spoofed staff session, a
// curator of another topic — gets the 404 page and their posts change nothing; forged and
// oversized forms are refused; an invalid form writes nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';
import { storyIdsFromLines } from '../../worker/endpoints/topic-curators.ts';

const ORIGIN = 'http://localhost:8787';
/** A bulk story tagged technology only. */
const TECH_STORY = 'f00000000002';

beforeAll(async () => {
  await seedWorld(testDb);
  await testDb.prepare('INSERT OR IGNORE INTO topic_curators (tag_slug, user_id, created_at) VALUES (?, ?, ?)').bind('writing', USERS.friend, Date.now()).run();
});

function get(path: string, token?: string) {
  return workerFetch(ORIGIN + path, { headers: token ? { cookie: `sid=${token}` } : {} });
}

function post(path: string, session: { token: string; xsrf: string } | null, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return workerFetch(ORIGIN + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: `sid=${session.token}` } : {}), ...headers },
    body: new URLSearchParams({ xsrf: session?.xsrf ?? '', ...fields }).toString(),
  });
}

async function topic(slug: string) {
  return testDb.prepare('SELECT description, post_count FROM tags WHERE slug = ?').bind(slug).first<{ description: string; post_count: number }>();
}

async function featured(slug: string) {
  const { results } = await testDb.prepare('SELECT post_id FROM topic_featured_posts WHERE tag_slug = ? ORDER BY position').bind(slug).all<{ post_id: string }>();
  return results.map((r) => r.post_id);
}

async function purgedSince(since: number) {
  const { results } = await testDb.prepare('SELECT tag FROM cache_tag_invalidations WHERE invalidated_at >= ?').bind(since).all<{ tag: string }>();
  return results.map((r) => r.tag);
}

describe('storyIdsFromLines', () => {
  it('reads addresses, slugs and ids; marks the rest invalid; drops repeats', () => {
    expect(storyIdsFromLines(`https://vellum.test/p/${POSTS.open}?source=x\n/@writer/open-story-${POSTS.locked}\n\n${POSTS.open}\nnot a story`)).toEqual([
      POSTS.open,
      POSTS.locked,
      'invalid:not a story',
    ]);
  });
});

describe('to anyone but the topic\'s curators', () => {
  it('the pages are the 404 page and posts change nothing', async () => {
    const reader = await createSession(testDb, USERS.reader);
    const spoofed = await createSession(testDb, USERS.reader, { spoofedByUserId: USERS.staff });
    const otherCurator = await createSession(testDb, USERS.friend);
    const before = { topic: await topic('poetry'), featured: await featured('poetry') };
    for (const path of ['/topic/poetry/edit', '/topic/poetry/add-posts']) {
      for (const session of [null, reader, spoofed, otherCurator]) {
        const response = await get(path, session?.token);
        expect(response.status, `${path} ${session ? 'signed in' : 'anonymous'}`).toBe(404);
        expect(await response.text()).not.toContain('Featured stories');
        const posted = await post(path, session, { description: 'Hijacked', featured: `/p/${POSTS.open}`, stories: `/p/${POSTS.open}` });
        expect(posted.status).not.toBe(303);
      }
    }
    expect(await topic('poetry')).toEqual(before.topic);
    expect(await featured('poetry')).toEqual(before.featured);
  });

  it('an unknown topic is the 404 page, even for staff', async () => {
    const staff = await createSession(testDb, USERS.staff);
    expect((await get('/topic/no-such-topic/edit', staff.token)).status).toBe(404);
  });
});

describe('to staff', () => {
  it('edits the description and featured stories, purging the topic\'s pages; the tag page shows the description', async () => {
    const staff = await createSession(testDb, USERS.staff);
    const page = await get('/topic/poetry/edit', staff.token);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('private, no-store');
    expect(await page.text()).toContain('Featured stories');

    const since = Date.now() - 1;
    const saved = await post('/topic/poetry/edit', staff, { description: '  Verse,   old and new. ', featured: `/p/${POSTS.locked}\nhttps://x.test/@writer/open-story-${POSTS.open}` });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/topic/poetry/edit?saved=1');
    expect((await topic('poetry'))!.description).toBe('Verse, old and new.');
    expect(await featured('poetry')).toEqual([POSTS.locked, POSTS.open]);
    expect(await purgedSince(since)).toContain('topic:poetry');

    const after = await (await get('/topic/poetry/edit?saved=1', staff.token)).text();
    expect(after).toContain('Saved.');
    expect(after.indexOf('Members Story')).toBeLessThan(after.indexOf('Open Story'));
    const tagPage = await (await get('/tag/poetry/latest')).text();
    expect(tagPage).toContain('Verse, old and new.');
    const shelf = tagPage.slice(tagPage.indexOf('data-testid="tag-featured"'), tagPage.indexOf('</section>', tagPage.indexOf('data-testid="tag-featured"')));
    expect(shelf).toContain('Featured');
    expect(shelf.indexOf('Members Story')).toBeGreaterThan(0);
    expect(shelf.indexOf('Members Story')).toBeLessThan(shelf.indexOf('Open Story'));
  });

  it('an invalid form answers 400 with the problems and writes nothing', async () => {
    const staff = await createSession(testDb, USERS.staff);
    const before = { topic: await topic('poetry'), featured: await featured('poetry') };
    const cases = [
      { description: 'x'.repeat(501), featured: '' },
      { description: 'Fine', featured: `/p/${POSTS.draft}` },
      { description: 'Fine', featured: 'hello world' },
      { description: 'Fine', featured: Array.from({ length: 11 }, (_, i) => `f0000000${(i + 1).toString(16).padStart(4, '0')}`).join('\n') },
    ];
    for (const fields of cases) {
      const response = await post('/topic/poetry/edit', staff, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('role="alert"');
    }
    expect(await topic('poetry')).toEqual(before.topic);
    expect(await featured('poetry')).toEqual(before.featured);
  });

  it('refuses forged and oversized forms', async () => {
    const staff = await createSession(testDb, USERS.staff);
    expect((await post('/topic/poetry/edit', staff, { description: 'Forged' }, { origin: 'https://evil.test' })).status).toBe(403);
    expect((await post('/topic/poetry/edit', { ...staff, xsrf: 'wrong' }, { description: 'Forged' })).status).toBe(403);
    expect((await post('/topic/poetry/edit', staff, { description: 'x'.repeat(20_000) })).status).toBe(413);
    expect((await topic('poetry'))!.description).not.toBe('Forged');
  });

  it('adds published stories to the topic: tag link, count, story and topic pages purged; the topic feed lists it', async () => {
    const staff = await createSession(testDb, USERS.staff);
    const since = Date.now() - 1;
    const added = await post('/topic/poetry/add-posts', staff, { stories: `/p/${TECH_STORY}` });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe('/topic/poetry/add-posts?added=1');
    const link = await testDb.prepare('SELECT published_at FROM post_tags WHERE post_id = ? AND tag_slug = ?').bind(TECH_STORY, 'poetry').first<{ published_at: number | null }>();
    expect(link?.published_at).toBeGreaterThan(0);
    const recount = () =>
      testDb.prepare("SELECT count(*) AS n FROM post_tags pt JOIN posts p ON p.id = pt.post_id WHERE pt.tag_slug = 'poetry' AND p.status = 'PUBLISHED' AND p.deleted_at IS NULL").first<number>('n');
    const counted = await recount();
    expect((await topic('poetry'))!.post_count).toBe(counted);
    expect(await purgedSince(since)).toEqual(expect.arrayContaining(['topic:poetry', 'topic:technology', `post:${TECH_STORY}`, 'home']));
    expect(await (await get('/topic/poetry/add-posts?added=1', staff.token)).text()).toContain('Added 1 story.');
    expect(await (await get('/tag/poetry/latest')).text()).toContain('Bulk Story 2');

    // Again: nothing new, nothing doubled.
    expect((await post('/topic/poetry/add-posts', staff, { stories: TECH_STORY })).headers.get('location')).toBe('/topic/poetry/add-posts?added=0');
    expect(await recount()).toBe(counted);
    expect((await topic('poetry'))!.post_count).toBe(counted);
  });

  it('refuses drafts, trashed stories and unknown addresses, writing nothing', async () => {
    const staff = await createSession(testDb, USERS.staff);
    for (const stories of [`/p/${POSTS.draft}`, `/p/${POSTS.trashed}`, `${TECH_STORY}\nnonsense`, '']) {
      const response = await post('/topic/writing/add-posts', staff, { stories });
      expect(response.status).toBe(400);
    }
    expect(await testDb.prepare("SELECT count(*) AS n FROM post_tags WHERE tag_slug = 'writing' AND post_id IN (?, ?, ?)").bind(POSTS.draft, POSTS.trashed, TECH_STORY).first('n')).toBe(0);
  });
});

describe('to a named curator', () => {
  it('edits the topic they curate', async () => {
    const curator = await createSession(testDb, USERS.friend);
    expect((await get('/topic/writing/edit', curator.token)).status).toBe(200);
    const saved = await post('/topic/writing/edit', curator, { description: 'Craft notes.', featured: '' });
    expect(saved.status).toBe(303);
    expect((await topic('writing'))!.description).toBe('Craft notes.');
    expect(await featured('writing')).toEqual([]);
  });
});
