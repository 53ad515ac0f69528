// Trending this month reads the top of posts_trending_month (docs/reader.md, "Discovery: ranking
// rules"; migrations/0027_topic_curation_trending.sql): the triggers put a story in the month
// when any write publishes it and take it out when it is unpublished or deleted; claps reorder it
// at once; a story over 30 days old is never listed, and the daily job clears its flag.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSTS, seedWorld } from './helpers/fixtures.ts';
import { page } from './helpers/story.ts';
import { clearEdgeCache } from './helpers/edge-cache.ts';
import { runScheduledJobs } from '../../worker/jobs/scheduled.ts';

const DAY = 24 * 60 * 60 * 1000;
const bulk = (n: number) => `f000000000${n.toString(16).padStart(2, '0')}`;

function cardsIn(html: string): string[] {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return [...main.matchAll(/class="story-card" data-post-id="([^"]+)"/g)].map((m) => m[1]!);
}

async function flag(id: string) {
  return env.DB.prepare('SELECT in_trending_month AS f FROM posts WHERE id = ?').bind(id).first<number | null>('f');
}

async function monthCards() {
  await clearEdgeCache();
  return cardsIn((await page('/trending/mode/month')).text);
}

const run = (sql: string, ...args: unknown[]) => env.DB.prepare(sql).bind(...args).run();

beforeAll(async () => {
  await seedWorld(env.DB);
});

beforeEach(async () => {
  await run('UPDATE posts SET clap_count = 0');
});

describe('trending this month', () => {
  it('the seeded stories of the month carry the flag; drafts, responses and trashed stories do not', async () => {
    expect(await flag(bulk(1))).toBe(1);
    expect(await flag(POSTS.open)).toBe(1);
    expect(await flag(POSTS.draft)).toBeNull();
    expect(await flag(POSTS.response)).toBeNull();
    expect(await flag(POSTS.trashed)).toBeNull();
  });

  it('claps reorder the month at once', async () => {
    await run('UPDATE posts SET clap_count = 500 WHERE id = ?', bulk(9));
    await run('UPDATE posts SET clap_count = 70 WHERE id = ?', bulk(2));
    expect((await monthCards()).slice(0, 2)).toEqual([bulk(9), bulk(2)]);
  });

  it('a story published now joins; unpublished or trashed it leaves', async () => {
    await run("UPDATE posts SET status = 'PUBLISHED', latest_published_at = ?, first_published_at = ?, clap_count = 900 WHERE id = ?", Date.now(), Date.now(), POSTS.draft);
    expect(await flag(POSTS.draft)).toBe(1);
    expect((await monthCards())[0]).toBe(POSTS.draft);

    await run("UPDATE posts SET status = 'DRAFT' WHERE id = ?", POSTS.draft);
    expect(await flag(POSTS.draft)).toBeNull();
    expect(await monthCards()).not.toContain(POSTS.draft);

    await run("UPDATE posts SET status = 'PUBLISHED' WHERE id = ?", POSTS.draft);
    await run('UPDATE posts SET deleted_at = ? WHERE id = ?', Date.now(), POSTS.draft);
    expect(await flag(POSTS.draft)).toBeNull();
    await run("UPDATE posts SET status = 'DRAFT', deleted_at = NULL, latest_published_at = NULL, first_published_at = NULL WHERE id = ?", POSTS.draft);
  });

  it('a story over 30 days old is never listed, even before the daily job clears its flag', async () => {
    const old = Date.now() - 31 * DAY;
    await run('UPDATE posts SET clap_count = 5000 WHERE id = ?', bulk(4));
    await run('UPDATE posts SET latest_published_at = ? WHERE id = ?', old, bulk(4));
    expect(await flag(bulk(4))).toBeNull(); // the trigger saw it old
    // As if it aged out after it was flagged and the daily job has not run yet: still not listed.
    await run('UPDATE posts SET in_trending_month = 1 WHERE id = ?', bulk(4));
    expect(await monthCards()).not.toContain(bulk(4));

    // The daily job clears the flag of every story older than 30 days at its time, and only those.
    await run('UPDATE posts SET clap_count = 4000 WHERE id = ?', bulk(6));
    await run('UPDATE posts SET latest_published_at = ? WHERE id = ?', Date.now() - 29 * DAY, bulk(6));
    expect(await flag(bulk(6))).toBe(1);
    expect((await monthCards())[0]).toBe(bulk(6));
    const now = Date.now() + 2 * DAY; // two days later, story 6 is 31 days old
    await runScheduledJobs(env, now);
    expect(await flag(bulk(4))).toBeNull();
    expect(await flag(bulk(6))).toBeNull();
    expect(await flag(bulk(1))).toBe(1);
  });
});
