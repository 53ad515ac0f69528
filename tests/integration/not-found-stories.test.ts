// The 404 page's stories for a lost reader (docs/adr/0138-stories-for-a-lost-reader.md): public
// stories matching words of the missing address come first, then the most clapped public stories;
// never member-only, draft, unlisted or suspended ones; and the page still answers 404.
import { exports } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildSearchIndex } from '../../worker/search/indexing.ts';
import { POSTS, SECRET_MARKER, seedWorld, type World } from './helpers/fixtures.ts';
import { testEnv } from './helpers/graphql-client.ts';

let world: World;
let titles: Map<string, string>;
/** Stories the 404 page must never offer, by title. */
const HIDDEN = ['Lighthouse Keepers Secret Diary', 'Lighthouse Keepers Draft', 'Lighthouse Keepers Unlisted', 'Lighthouse Keepers Suspended', 'Members Story'];

function get(path: string) {
  return exports.default.fetch(`http://localhost:8787${path}`, { redirect: 'manual' });
}

/** The titles of the stories the page offers, in the order shown. */
function offeredTitles(html: string): string[] {
  const start = html.indexOf('aria-label="Sample stories"');
  expect(start).toBeGreaterThan(-1);
  const section = html.slice(start, html.indexOf('</section>', start));
  expect(section).not.toContain(SECRET_MARKER);
  return [...titles.values()]
    .map((title) => ({ title, at: section.indexOf(`>${title}<`) }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ title }) => title);
}

beforeAll(async () => {
  world = await seedWorld(testEnv.DB);
  const db = testEnv.DB;
  const set = (id: string, title: string, claps: number) =>
    db.prepare('UPDATE posts SET title = ?, clap_count = ?, word_count = 500 WHERE id = ?').bind(title, claps, id);
  const [match, p1, p2, p3, lockedMatch, p5] = world.bulk;
  expect(match!.visibility).toBe('PUBLIC');
  expect(lockedMatch!.visibility).toBe('LOCKED');
  await db.batch([
    // The story the lost address names: public, and clapped by no one.
    set(match!.id, 'Lighthouse Keepers of the North', 0),
    // Matches too, and far more popular, but nobody may be offered them.
    set(lockedMatch!.id, 'Lighthouse Keepers Secret Diary', 90_000),
    set(POSTS.draft, 'Lighthouse Keepers Draft', 80_000),
    set(POSTS.unlisted, 'Lighthouse Keepers Unlisted', 80_000),
    set(POSTS.suspended, 'Lighthouse Keepers Suspended', 80_000),
    set(POSTS.locked, 'Members Story', 100_000),
    // The popular public stories, most clapped first.
    set(p1!.id, 'Popular One', 5_000),
    set(p2!.id, 'Popular Two', 4_000),
    set(p3!.id, 'Popular Three', 3_000),
    set(p5!.id, 'Popular Four', 2_000),
  ]);
  await rebuildSearchIndex(testEnv);
  const rows = await db.prepare('SELECT title FROM posts').all<{ title: string }>();
  titles = new Map(rows.results.map((row) => [row.title, row.title]));
}, 60_000);

describe('the 404 page', () => {
  it('offers the public story matching the words of a missing address first, then popular public stories', async () => {
    for (const path of ['/p/lighthouse-keepers-of-the-north', '/@ada/lighthouse-keepers-of-the-north-x123']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('x-page-name'), path).toBe('not-found');
      const offered = offeredTitles(await response.text());
      expect(offered, path).toEqual(['Lighthouse Keepers of the North', 'Popular One', 'Popular Two', 'Popular Three']);
    }
  }, 60_000);

  it('offers the most clapped public stories for a random address, none member-only, draft, unlisted or suspended', async () => {
    const response = await get('/qzx/8d7f6e-zzq');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-page-name')).toBe('not-found');
    const offered = offeredTitles(await response.text());
    expect(offered).toEqual(['Popular One', 'Popular Two', 'Popular Three', 'Popular Four']);
    for (const hidden of HIDDEN) expect(offered).not.toContain(hidden);
  }, 60_000);

  it('never offers a hidden story, even when the address names it', async () => {
    const response = await get('/old/lighthouse-keepers-secret-diary-draft-unlisted-suspended');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-page-name')).toBe('not-found');
    const offered = offeredTitles(await response.text());
    expect(offered[0]).toBe('Lighthouse Keepers of the North');
    for (const hidden of HIDDEN) expect(offered).not.toContain(hidden);
  }, 60_000);

  it('offers the same on a story address whose story does not exist (the story page answers 404)', async () => {
    const response = await get('/p/lighthouse-keepers-of-the-north-0a1b2c3d4e5f');
    expect(response.status).toBe(404);
    expect(response.headers.get('x-page-name')).toBe('post');
    const offered = offeredTitles(await response.text());
    expect(offered).toEqual(['Lighthouse Keepers of the North', 'Popular One', 'Popular Two', 'Popular Three']);
  }, 60_000);

  it('offers nothing on an existing story address', async () => {
    const response = await get(`/p/${world.bulk[1]!.id}`);
    expect(response.status).toBe(200);
    expect(await response.text()).not.toContain('aria-label="Sample stories"');
  }, 60_000);
});
