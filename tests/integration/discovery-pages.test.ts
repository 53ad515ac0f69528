// Issue 15 item 3 over HTTP: trending (by mode and topic) and top stories list stories in the
// documented order (docs/reader.md, "Discovery: ranking rules"); unknown modes, topics and
// impossible days are 404s; /browse/top redirects; a tag's archive lists the period's stories,
// newest first.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUTHORS, seedWorld, USERS } from './helpers/fixtures.ts';
import { page } from './helpers/story.ts';
import { clearEdgeCache } from './helpers/edge-cache.ts';
import { slugFromIsoDate } from '../../shared/discovery-dates.ts';

const DAY = 24 * 60 * 60 * 1000;
const bulk = (n: number) => `f000000000${n.toString(16).padStart(2, '0')}`;

function cardsIn(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/class="story-card" data-post-id="([^"]+)"/g)].map((m) => m[1]!);
}

async function publishedAt(id: string): Promise<number> {
  const row = await env.DB.prepare('SELECT latest_published_at AS t FROM posts WHERE id = ?').bind(id).first<{ t: number }>();
  return row!.t;
}

beforeAll(async () => {
  await seedWorld(env.DB);
  const claps = [
    [bulk(3), 100],
    [bulk(7), 50],
    [bulk(1), 10],
    [bulk(5), 1000],
  ] as const;
  for (const [id, count] of claps) await env.DB.prepare('UPDATE posts SET clap_count = ? WHERE id = ?').bind(count, id).run();
  // Story 5 (poetry) was published ten days ago: in the month's window, not the week's.
  const old = Date.now() - 10 * DAY;
  await env.DB.prepare('UPDATE posts SET latest_published_at = ?, first_published_at = ? WHERE id = ?').bind(old, old, bulk(5)).run();
  await env.DB.prepare('UPDATE post_tags SET published_at = ? WHERE post_id = ?').bind(old, bulk(5)).run();
});

describe('trending', () => {
  it('/trending ranks the week’s stories by claps', async () => {
    const answer = await page('/trending');
    expect(answer.status).toBe(200);
    const cards = cardsIn(answer.text);
    expect(cards.slice(0, 3)).toEqual([bulk(3), bulk(7), bulk(1)]);
    expect(cards).not.toContain(bulk(5));
  });

  it('the month mode reaches further back', async () => {
    const cards = cardsIn((await page('/trending/mode/month')).text);
    expect(cards[0]).toBe(bulk(5));
  });

  it('a topic keeps only its tag’s stories', async () => {
    const answer = await page('/trending/mode/month/topic/poetry');
    expect(answer.status).toBe(200);
    const cards = cardsIn(answer.text);
    expect(cards[0]).toBe(bulk(3));
    expect(cards).toContain(bulk(4)); // writing and poetry
    expect(cards).not.toContain(bulk(5)); // no tag, though the month's most clapped
    expect(cards).not.toContain(bulk(7)); // technology
    expect(answer.text).toContain('Trending in Poetry');
  });

  it('an unknown mode or topic is a 404', async () => {
    expect((await page('/trending/mode/sideways')).status).toBe(404);
    expect((await page('/trending/mode/week/topic/no-such-topic')).status).toBe(404);
  });
});

describe('top stories', () => {
  it('lists a day’s stories by claps, and an impossible day is a 404', async () => {
    const day = new Date(await publishedAt(bulk(3))).toISOString().slice(0, 10);
    const answer = await page(`/top-stories/${slugFromIsoDate(day)}`);
    expect(answer.status).toBe(200);
    const cards = cardsIn(answer.text);
    expect(cards[0]).toBe(bulk(3));
    const claps = await Promise.all(
      cards.map(async (id) => (await env.DB.prepare('SELECT clap_count AS c FROM posts WHERE id = ?').bind(id).first<{ c: number }>())!.c),
    );
    expect(claps).toEqual([...claps].sort((a, b) => b - a));
    expect((await page('/top-stories/february-30-2026')).status).toBe(404);
    expect((await page('/top-stories/someday')).status).toBe(404);
  });

  it('/top-stories answers for yesterday; /browse/top redirects there', async () => {
    expect((await page('/top-stories')).status).toBe(200);
    const answer = await page('/browse/top');
    expect(answer.status).toBe(301);
    expect(answer.headers.get('location')).toMatch(/\/top-stories$/);
  });
});

describe('tag archive', () => {
  it('lists the period’s stories with the tag, newest first', async () => {
    const at = new Date(await publishedAt(bulk(3)));
    const [y, m, d] = [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate()];
    const answer = await page(`/tag/poetry/archive/${y}/${m}/${d}`);
    expect(answer.status).toBe(200);
    const cards = cardsIn(answer.text);
    expect(cards).toContain(bulk(3));
    expect(cards).not.toContain(bulk(7));
    const times = await Promise.all(cards.map(publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(cardsIn((await page(`/tag/poetry/archive/${y - 1}`)).text)).toEqual([]);
    expect((await page(`/tag/no-such-tag/archive/${y}`)).status).toBe(404);
  });
});

describe('a quiet window', () => {
  it('trending is filled with the most clapped stories of all time', async () => {
    const old = Date.now() - 60 * DAY;
    await env.DB.prepare('UPDATE posts SET latest_published_at = ?, first_published_at = ? WHERE latest_published_at IS NOT NULL').bind(old, old).run();
    await env.DB.prepare('UPDATE post_tags SET published_at = ?').bind(old).run();
    // Trending is in the edge cache (tag discovery) and these writes bypass storyChanged's purge.
    await clearEdgeCache();
    const cards = cardsIn((await page('/trending')).text);
    expect(cards.slice(0, 3)).toEqual([bulk(5), bulk(3), bulk(7)]);
    const poetry = cardsIn((await page('/trending/mode/day/topic/poetry')).text);
    expect(poetry[0]).toBe(bulk(3));
    expect(poetry).not.toContain(bulk(5));
  });
});

describe('/collections', () => {
  it('lists public lists with stories, most recently changed first; never private, empty or suspended people’s lists', async () => {
    const now = Date.now();
    const insert = (id: string, creator: string, name: string, visibility: string, items: number, updated: number) =>
      env.DB.prepare("INSERT INTO catalogs (id, creator_id, name, type, visibility, item_count, created_at, updated_at) VALUES (?, ?, ?, 'LISTS', ?, ?, ?, ?)")
        .bind(id, creator, name, visibility, items, updated, updated)
        .run();
    await insert('cb0000000001', USERS.reader, 'Older public list', 'PUBLIC', 2, now - 2000);
    await insert('cb0000000002', USERS.member, 'Newer public list', 'PUBLIC', 1, now - 1000);
    await insert('cb0000000003', USERS.member, 'A private list', 'PRIVATE', 3, now);
    await insert('cb0000000004', USERS.member, 'An empty list', 'PUBLIC', 0, now);
    await insert('cb0000000005', USERS.suspendedWriter, 'A suspended person’s list', 'PUBLIC', 4, now);
    const answer = await page('/collections');
    expect(answer.status).toBe(200);
    const lists = [...answer.text.matchAll(/data-catalog-id="([^"]+)"/g)].map((m) => m[1]);
    expect(lists).toEqual(['cb0000000002', 'cb0000000001']);
  });
});

describe('/collections/{catalogSlug}', () => {
  it('sends a public list’s address to the list’s page on its creator’s site; anything else is a 404', async () => {
    const now = Date.now();
    const insert = (id: string, name: string, visibility: string) =>
      env.DB.prepare("INSERT INTO catalogs (id, creator_id, name, type, visibility, item_count, created_at, updated_at) VALUES (?, ?, ?, 'LISTS', ?, 1, ?, ?)")
        .bind(id, USERS.reader, name, visibility, now, now)
        .run();
    await insert('cc0000000001', 'Slow reads', 'PUBLIC');
    await insert('cc0000000002', 'Secret reads', 'PRIVATE');
    const reader = await env.DB.prepare('SELECT username FROM users WHERE id = ?').bind(USERS.reader).first<{ username: string }>();
    for (const slug of ['slow-reads-cc0000000001', 'cc0000000001', 'another-name-cc0000000001']) {
      const answer = await page(`/collections/${slug}`);
      expect(answer.status, slug).toBe(301);
      expect(new URL(answer.headers.get('location')!).pathname).toBe(`/@${reader!.username}/list/slow-reads-cc0000000001`);
    }
    for (const slug of ['secret-reads-cc0000000002', 'no-such-list-cc00000000ff', 'staff-picks', 'x-CC0000000001']) {
      expect((await page(`/collections/${slug}`)).status, slug).toBe(404);
    }
  });
});

describe('a story at a series address', () => {
  it('/s/{sequenceSlug}/{postId} shows the story (docs/series.md): a story in no series has no series navigation', async () => {
    const answer = await page(`/s/summer-reads/${bulk(3)}`);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`data-post-id="${bulk(3)}"`);
    expect(answer.text).not.toContain('series-nav');
  });
});

describe('a tag’s top writers', () => {
  it('ranks the writers of the topic by the claps on their stories', async () => {
    const answer = await page('/tag/poetry/top-writers');
    expect(answer.status).toBe(200);
    const html = answer.text.replaceAll('<!-- -->', '').slice(answer.text.indexOf('<main'));
    const people = [...html.matchAll(/class="person-row" data-user-id="([^"]+)"/g)].map((m) => m[1]);
    expect(people[0]).toBe(AUTHORS[2]); // Bulk Story 3's writer: 100 claps
    const sum = await env.DB.prepare(
      "SELECT sum(p.clap_count) AS claps, count(*) AS n FROM post_tags t JOIN posts p ON p.id = t.post_id WHERE t.tag_slug = 'poetry' AND p.creator_id = ? AND p.status = 'PUBLISHED' AND p.visibility <> 'UNLISTED'",
    )
      .bind(AUTHORS[2])
      .first<{ claps: number; n: number }>();
    expect(html.match(/person-row-detail[^>]*>([^<]*)</)?.[1]).toBe(`${sum!.claps} claps on ${sum!.n} stories`);
    expect((await page('/tag/no-such-tag/top-writers')).status).toBe(404);
  });
});
