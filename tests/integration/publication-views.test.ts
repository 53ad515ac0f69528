// The reader's views of a publication (issue 12 item 7; docs/publications.md) through the page
// pipeline: /latest, /trending, /featured, /archive (+ year, month, day), /all and /all/{page}
// list only the publication's listed stories in their order, page as documented, answer 404
// for what cannot exist, and are cached for anonymous readers (never for a signed-in one).
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { COLLECTIONS, POSTS, seedWorld, USERS, type World } from './helpers/fixtures.ts';
import { testDb } from './helpers/graphql-client.ts';
import { clearEdgeCache, send } from './helpers/edge-cache.ts';
import { loggedOut } from './helpers/signed-in.ts';

let world: World;
beforeAll(async () => {
  world = await seedWorld(testDb);
});
beforeEach(async () => {
  await clearEdgeCache();
});

/** Story ids of the cards in a page's main column, in order. */
const cardIds = (html: string) => [...html.matchAll(/<article class="story-card" data-post-id="([0-9a-f]+)"/g)].map((m) => m[1]!);

/** The Quill's listed stories (public and member-only, not unlisted, drafts, trash, suspended), newest first. */
const quillListed = () => world.listedNewestFirst.filter((p) => p.collectionId === COLLECTIONS.quill).map((p) => p.id);

async function quillRows() {
  const rows = await testDb
    .prepare(
      `SELECT p.id, p.clap_count AS claps, p.latest_published_at AS at FROM posts p JOIN users u ON u.id = p.creator_id
       WHERE p.collection_id = ? AND p.status = 'PUBLISHED' AND p.visibility <> 'UNLISTED' AND p.deleted_at IS NULL AND p.is_suspended = 0
         AND p.in_response_to_post_id IS NULL AND u.is_suspended = 0 AND u.deleted_at IS NULL`,
    )
    .bind(COLLECTIONS.quill)
    .all<{ id: string; claps: number; at: number }>();
  return rows.results;
}

describe('the reader’s views of a publication', () => {
  it('/latest lists its listed stories newest first, 10 to a page', async () => {
    const page = await send('/the-quill/latest');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-page-name')).toBe('publication-latest');
    const expected = quillListed();
    expect(expected.length).toBeGreaterThan(10);
    expect(cardIds(page.text)).toEqual(expected.slice(0, 10));
    for (const hidden of [POSTS.unlisted, POSTS.draft, POSTS.trashed, POSTS.suspended]) expect(page.text).not.toContain(hidden);
    expect(page.text).toContain('aria-current="page">Latest<');
  });

  it('/trending ranks the last 30 days by claps; /featured ranks every story by claps', async () => {
    // Spread the claps so the order is decided by them.
    const rows = await quillRows();
    await testDb.batch(rows.map((r, i) => testDb.prepare('UPDATE posts SET clap_count = ? WHERE id = ?').bind((i * 37) % 11, r.id)));
    // One old, much applauded story: featured, not trending.
    const old = rows[0]!;
    await testDb.prepare('UPDATE posts SET clap_count = 5000, latest_published_at = ? WHERE id = ?').bind(Date.now() - 400 * 86_400_000, old.id).run();
    const ranked = (await quillRows()).sort((a, b) => b.claps - a.claps || b.at - a.at || (a.id < b.id ? 1 : -1));

    const trending = await send('/the-quill/trending');
    expect(trending.status).toBe(200);
    const recent = ranked.filter((r) => r.at >= Date.now() - 30 * 86_400_000).map((r) => r.id);
    expect(cardIds(trending.text)).toEqual(recent);
    expect(cardIds(trending.text)).not.toContain(old.id);

    const featured = await send('/the-quill/featured');
    expect(featured.status).toBe(200);
    expect(cardIds(featured.text)[0]).toBe(old.id);
    expect(cardIds(featured.text)).toEqual(ranked.map((r) => r.id));
  });

  it('/archive/{year}/{month}/{day} lists the period’s stories; an empty or impossible period is an empty page', async () => {
    const rows = await quillRows();
    const day = new Date(rows[0]!.at);
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    const sameDay = rows.filter((r) => new Date(r.at).toISOString().slice(0, 10) === day.toISOString().slice(0, 10));
    const page = await send(`/the-quill/archive/${y}/${m}/${d}`);
    expect(page.status).toBe(200);
    expect(new Set(cardIds(page.text))).toEqual(new Set(sameDay.slice(0, 10).map((r) => r.id)));
    const year = await send(`/the-quill/archive/${y}`);
    expect(year.text).toContain(`>${y}<`);
    for (const [path, words] of [
      ['/the-quill/archive/1999', 'The Quill published no stories in 1999.'],
      ['/the-quill/archive/2026/13', 'There is no such date.'],
      ['/the-quill/archive/2026/2/30', 'There is no such date.'],
    ]) {
      const empty = await send(path!);
      expect(empty.status, path).toBe(200);
      expect(cardIds(empty.text), path).toEqual([]);
      expect(empty.text, path).toContain(words);
    }
  });

  it('/all pages through every listed story, 25 a page; a page past the end is a 404', async () => {
    const all = await send('/the-quill/all');
    expect(all.status).toBe(200);
    const expected = (await quillRows()).sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((r) => r.id);
    expect(cardIds(all.text)).toEqual(expected.slice(0, 25));
    expect(expected.length).toBeLessThanOrEqual(25);
    for (const path of ['/the-quill/all/2', '/the-quill/all/0', '/the-quill/all/abc', '/the-quill/all/99999']) {
      expect((await send(path)).status, path).toBe(404);
    }
    const gql = await loggedOut.gql(`{ collection(slug: "the-quill") { allPostsPage(page: 1) { page pageCount } } }`);
    expect(gql.data!.collection.allPostsPage).toEqual({ page: 1, pageCount: 1 });
  });

  it('answers 404 on every view of a publication that does not exist', async () => {
    for (const view of ['latest', 'trending', 'featured', 'archive', 'archive/2026', 'all', 'all/2', 'start-here/home']) {
      expect((await send(`/no-such-publication/${view}`)).status, view).toBe(404);
    }
  });

  it('is cached for anonymous readers and never for a signed-in one', async () => {
    const session = await createSession(testDb, USERS.reader);
    for (const view of ['latest', 'trending', 'featured', 'archive', 'all']) {
      const path = `/the-quill/${view}`;
      expect((await send(path)).cacheStatus, path).toBe('MISS');
      expect((await send(path)).cacheStatus, path).toBe('HIT');
      expect((await send(path, { session: session.token })).cacheStatus, path).not.toBe('HIT');
    }
  });

  it('/trending widens its window to 90 days while the last 30 hold fewer than 5 stories', async () => {
    const rows = (await quillRows()).filter((r) => r.at >= Date.now() - 30 * 86_400_000);
    // All but two of the recent stories move 60 days back (the 400-day-old one stays out).
    const moved = rows.slice(2);
    await testDb.batch(moved.map((r) => testDb.prepare('UPDATE posts SET latest_published_at = ? WHERE id = ?').bind(r.at - 60 * 86_400_000, r.id)));
    const within90 = (await quillRows())
      .filter((r) => r.at >= Date.now() - 90 * 86_400_000)
      .sort((a, b) => b.claps - a.claps || b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);
    expect(within90.length).toBeGreaterThan(5);
    const trending = await send('/the-quill/trending');
    expect(cardIds(trending.text)).toEqual(within90.slice(0, 25));
  });

  it('a limit past the allowed range is refused', async () => {
    const answer = await loggedOut.gql(`{ collection(slug: "the-quill") { trendingPosts(limit: 26) { id } } }`);
    expect(answer.errors?.[0]?.message).toBe('limit must be between 1 and 25 (got 26).');
  });
});

describe('sections of a publication’s home (docs/publications.md "Home sections")', () => {
  const quillWriting = () => world.listedNewestFirst.filter((p) => p.collectionId === COLLECTIONS.quill && p.tagSlugs.includes('writing')).map((p) => p.id);

  it('/{slug}/home/{sectionId} is its topic’s list in the publication; an unknown topic is a 404', async () => {
    const page = await send('/the-quill/home/writing');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-page-name')).toBe('publication-feature-section');
    const expected = quillWriting();
    expect(expected.length).toBeGreaterThan(0);
    expect(cardIds(page.text)).toEqual(expected.slice(0, cardIds(page.text).length));
    expect(cardIds(page.text).length).toBeGreaterThan(0);
    expect((await send('/the-quill/home/no-such-topic')).status).toBe(404);
  });

  it('under a feature page: its section and tagged lists; under a page it does not have, a 404 with no stories', async () => {
    await testDb
      .prepare("INSERT OR IGNORE INTO collection_feature_pages (id, collection_id, slug, title, body, tag_slug, created_at, updated_at) VALUES ('fp-start', ?, 'start-here', 'Start here', 'Welcome.', 'writing', 0, 0)")
      .bind(COLLECTIONS.quill)
      .run();
    for (const path of ['/the-quill/start-here/home/writing', '/the-quill/start-here/tagged/writing']) {
      const page = await send(path);
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('Start here');
      expect(cardIds(page.text).length, path).toBeGreaterThan(0);
    }
    for (const path of ['/the-quill/nope/home/writing', '/the-quill/nope/tagged/writing']) {
      const page = await send(path);
      expect(page.status, path).toBe(404);
      expect(cardIds(page.text), path).toEqual([]);
    }
  });
});

describe('/{slug}/load-more (docs/publications.md "Load more")', () => {
  const json = async (path: string) => {
    const page = await send(path);
    return { status: page.status, cache: page.headers.get('cache-control'), body: JSON.parse(page.text) as any };
  };

  it('pages through the publication’s listed stories, newest first, as JSON', async () => {
    const first = await json('/the-quill/load-more?limit=4');
    expect(first.status).toBe(200);
    expect(first.cache).toBe('public, max-age=60');
    // The same list as /latest (earlier tests here moved some stories' dates).
    const expected = cardIds((await send('/the-quill/latest')).text);
    expect(first.body.postsConnection.posts.map((p: { id: string }) => p.id)).toEqual(expected.slice(0, 4));
    const to = first.body.postsConnection.pagingInfo.next.to as string;
    const second = await json(`/the-quill/load-more?limit=4&to=${encodeURIComponent(to)}`);
    expect(second.body.postsConnection.posts.map((p: { id: string }) => p.id)).toEqual(expected.slice(4, 8));
    // Member-only stories are listed, never their text.
    expect(JSON.stringify(first.body)).not.toContain('paragraphs');
  });

  it('answers bad limits and cursors with 400 and an unknown publication with 404', async () => {
    expect((await json('/the-quill/load-more?limit=0')).status).toBe(400);
    expect((await json('/the-quill/load-more?limit=26')).status).toBe(400);
    expect((await json('/the-quill/load-more?to=not-a-cursor')).status).toBe(400);
    expect((await json('/no-such-publication/load-more')).status).toBe(404);
  });
});

describe('/{slug}/{topicSlug}/edit', () => {
  it('a feature page’s address leads to where feature pages are edited; a story id stays the story editor', async () => {
    await testDb
      .prepare("INSERT OR IGNORE INTO collection_feature_pages (id, collection_id, slug, title, body, tag_slug, created_at, updated_at) VALUES ('fp-edit', ?, 'about-us', 'About us', 'Hello.', NULL, 0, 0)")
      .bind(COLLECTIONS.quill)
      .run();
    const feature = await send('/the-quill/about-us/edit');
    expect(feature.status).toBe(302);
    expect(feature.headers.get('location')).toBe('/the-quill/settings/feature-pages');
    // Not a feature page: the page pipeline answers as before (no redirect).
    const other = await send('/the-quill/no-such-page/edit');
    expect(other.status).not.toBe(302);
    expect(other.headers.get('location')).toBeNull();
    const story = await send(`/the-quill/${POSTS.open}/edit`);
    expect(story.headers.get('x-page-name')).toBe('edit-story');
  });
});
