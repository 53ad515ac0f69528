// Issue 13 item 3 over HTTP: a writer's stats pages and JSON endpoints show the views, reads and
// reading time the intake recorded today; anyone else — another member, the logged out — gets a
// 404 for the same addresses (the logged out are sent to sign in from /me pages), for the writer's totals and for one story's.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { createSession } from '../../worker/session/session-store.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const today = new Date().toISOString().slice(0, 10);
let writer: { id: string; username: string };
let writerSession: string;
let otherSession: string;

beforeAll(async () => {
  await seedWorld(env.DB);
  writer = (await env.DB.prepare('SELECT u.id, u.username FROM posts p JOIN users u ON u.id = p.creator_id WHERE p.id = ?').bind(POSTS.open).first<{ id: string; username: string }>())!;
  writerSession = (await createSession(env.DB, writer.id)).token;
  otherSession = (await createSession(env.DB, USERS.member === writer.id ? USERS.reader : USERS.member)).token;
  await env.DB.prepare('DELETE FROM post_stats_daily').run();
  const at = Date.now();
  const events = [
    { key: 'story.viewed', type: 'e', timestamp: at, eventId: crypto.randomUUID(), data: { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null, postId: POSTS.open } },
    { key: 'story.viewed', type: 'e', timestamp: at, eventId: crypto.randomUUID(), data: { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null, postId: POSTS.open } },
    { key: 'story.read', type: 'e', timestamp: at, eventId: crypto.randomUUID(), data: { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null, postId: POSTS.open } },
    { key: 'story.readingTime', type: 'e', timestamp: at, eventId: crypto.randomUUID(), data: { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null, postId: POSTS.open, seconds: 120 } },
  ];
  const answer = await send('/_/batch', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', 'user-agent': BROWSER, 'cf-connecting-ip': '203.0.113.200' },
    body: JSON.stringify(events),
  });
  expect(answer.status).toBe(204);
});

describe('a writer’s stats', () => {
  it('/me/stats shows today’s views, reads and reading time to the writer, with the story listed', async () => {
    const page = await send('/me/stats', { session: writerSession });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="stats-page"');
    expect(page.text).toMatch(new RegExp(`data-day="${today}"><th scope="row">${today}</th><td data-stat="views">2</td><td data-stat="reads">1</td>`));
    expect(page.text).toContain(`/me/stats/post/${POSTS.open}`);
    expect(page.text).toContain('<svg class="stats-chart"');
  });

  it('/me/stats/responses lists the writer’s responses on the Responses tab, not their stories', async () => {
    const responder = (await env.DB.prepare('SELECT creator_id AS id FROM posts WHERE id = ?').bind(POSTS.response).first<{ id: string }>())!.id;
    const session = (await createSession(env.DB, responder)).token;
    const page = await send('/me/stats/responses', { session });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="stats-responses"');
    expect(page.text).toContain(`data-post-id="${POSTS.response}"`);
    expect(page.text).not.toContain('data-testid="stats-stories"');
    expect(page.text).toMatch(/href="\/me\/stats\/responses" aria-current="page"/);
    // The stories tab lists no response.
    const stories = await send('/me/stats', { session });
    expect(stories.text).not.toContain(`data-post-id="${POSTS.response}"`);
    // Another member: 404.
    expect((await send(`/@${writer.username}/stats/responses`, { session: otherSession })).status).toBe(404);
  });

  it('/stats/series shows the series stats page (docs/series.md)', async () => {
    for (const path of ['/me/stats/series', `/@${writer.username}/stats/series`]) {
      const page = await send(path, { session: writerSession });
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('data-testid="stats-series"');
      expect(page.text, path).toContain('Series stats');
    }
    // Another member: 404, as on the other stats pages.
    expect((await send(`/@${writer.username}/stats/series`, { session: otherSession })).status).toBe(404);
  });

  it('/@{username}/stats and the story’s page answer the writer', async () => {
    expect((await send(`/@${writer.username}/stats`, { session: writerSession })).status).toBe(200);
    const story = await send(`/me/stats/post/${POSTS.open}`, { session: writerSession });
    expect(story.status).toBe(200);
    expect(story.text).toMatch(new RegExp(`data-day="${today}"><th scope="row">${today}</th><td data-stat="views">2</td>`));
  });

  it('the JSON endpoints answer the writer', async () => {
    const start = Date.now() - 7 * 86_400_000;
    const end = Date.now();
    for (const path of [`/me/stats/total/${start}/${end}`, `/@${writer.username}/stats/total/${start}/${end}`, `/me/stats/${POSTS.open}/${start}/${end}`, `/stats/${POSTS.open}/${start}/${end}`]) {
      const answer = await send(path, { session: writerSession });
      expect(answer.status, path).toBe(200);
      expect(answer.headers.get('cache-control'), path).toContain('no-store');
      const body = JSON.parse(answer.text);
      expect(body.totals, path).toMatchObject({ views: 2, reads: 1, readRatio: 0.5, readingSeconds: 120 });
      expect(body.days, path).toHaveLength(8);
    }
  });

  it('the audience page and its CSV export answer the writer', async () => {
    const page = await send(`/@${writer.username}/audience`, { session: writerSession });
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="audience-days"');
    expect((await send(`/newsletters/${writer.id}/stats`, { session: writerSession })).status).toBe(200);
    expect((await send(`/newsletters/${USERS.staff}/stats`, { session: writerSession })).status).toBe(404);
    const csv = await send(`/@${writer.username}/audience/stats/export`, { session: writerSession });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('day,followers_gained,subscribers_gained');
    expect(lines.at(-1)).toMatch(new RegExp(`^${today},\\d+,\\d+$`));
  });

  it('a publication’s stats answer its owners and editors only', async () => {
    const editor = await env.DB.prepare(
      `SELECT c.slug, m.user_id FROM collections c JOIN collection_members m ON m.collection_id = c.id AND m.role IN ('OWNER', 'EDITOR') LIMIT 1`,
    ).first<{ slug: string; user_id: string }>();
    expect(editor).not.toBeNull();
    const outsider = await env.DB.prepare(
      `SELECT id FROM users WHERE id NOT IN (SELECT user_id FROM collection_members m JOIN collections c ON c.id = m.collection_id WHERE c.slug = ?) AND deleted_at IS NULL AND is_suspended = 0 LIMIT 1`,
    )
      .bind(editor!.slug)
      .first<{ id: string }>();
    const editorSession = (await createSession(env.DB, editor!.user_id)).token;
    const outsiderSession = (await createSession(env.DB, outsider!.id)).token;
    for (const path of [`/${editor!.slug}/stats`, `/${editor!.slug}/stats/stories`]) {
      const page = await send(path, { session: editorSession });
      expect(page.status, path).toBe(200);
      expect(page.text, path).toContain('data-testid="stats-page"');
      expect((await send(path, { session: outsiderSession })).status, path).toBe(404);
      expect((await send(path)).status, path).toBe(404);
    }
  });

  it('is a 404 for another member and for the logged out, pages and endpoints alike', async () => {
    const start = Date.now() - 86_400_000;
    const end = Date.now();
    const paths = [
      `/@${writer.username}/stats`,
      `/@${writer.username}/stats/post/${POSTS.open}`,
      `/me/stats/post/${POSTS.open}`,
      `/p/${POSTS.open}/referrers`,
      `/@${writer.username}/stats/total/${start}/${end}`,
      `/me/stats/${POSTS.open}/${start}/${end}`,
      `/stats/${POSTS.open}/${start}/${end}`,
      `/@${writer.username}/audience`,
      `/@${writer.username}/audience/stats/export`,
      `/newsletters/${writer.id}/stats`,
    ];
    for (const path of paths) {
      const other = await send(path, { session: otherSession });
      expect(other.status, path).toBe(404);
      expect(other.text, path).not.toContain('data-testid="stats-page"');
      // The logged out are sent to sign in from /me pages (as for every /me page), else 404.
      const loggedOut = await send(path);
      expect(loggedOut.status, `${path} logged out`).toBe(path.startsWith('/me/stats/post/') ? 302 : 404);
      expect(loggedOut.text, path).not.toContain('data-testid="stats-page"');
    }
    expect((await send('/me/stats')).status).toBe(302);
    expect((await send(`/me/stats/total/${start}/${end}`)).status).toBe(404);
  });
});
