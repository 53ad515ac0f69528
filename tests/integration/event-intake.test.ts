// Issue 13 items 1-2 over HTTP: the event intake (POST /_/batch, POST /p/{postId}/state/read)
// records views, reads and reading seconds into the daily rollups and members' reading time,
// and refuses what it must: over 1,000 events or an oversized body → 413, no or a wrong
// anti-forgery header → 403, unknown event names or stories → 400 with nothing written; bots and
// dont_track_user readers are not counted, nor a writer reading their own story.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { MAX_EVENT_BATCHES_PER_MINUTE } from '../../worker/endpoints/events.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const today = () => new Date().toISOString().slice(0, 10);

let address = 0;
interface Sender {
  session?: { token: string; xsrf: string };
  xsrf?: string | null;
  userAgent?: string;
  ip?: string;
}
function post(path: string, body: string, who: Sender = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': who.userAgent ?? BROWSER, 'cf-connecting-ip': who.ip ?? `198.51.100.${++address % 250}` };
  const xsrf = who.xsrf === undefined ? (who.session?.xsrf ?? '1') : who.xsrf;
  if (xsrf !== null) headers['x-xsrf-token'] = xsrf;
  return send(path, { method: 'POST', headers, body, ...(who.session ? { session: who.session.token } : {}) });
}
const batch = (events: unknown[], who?: Sender) => post('/_/batch', JSON.stringify(events), who);
/** The common data a page's queue adds to every event (client/events/common-data.ts). */
const COMMON = { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null };
/** One record in the spec's shape (docs/product/3-routes-data-calls-constants.md §3 "Event record"). */
const ev = (key: string, data: Record<string, unknown> = {}) => ({ key, data: { ...COMMON, ...data }, type: 'e', timestamp: Date.now(), eventId: crypto.randomUUID() });

async function stats(postId: string) {
  return (
    (await env.DB.prepare('SELECT views, reads, reading_seconds AS seconds FROM post_stats_daily WHERE post_id = ? AND day = ?').bind(postId, today()).first<{ views: number; reads: number; seconds: number }>()) ?? {
      views: 0,
      reads: 0,
      seconds: 0,
    }
  );
}
const rawCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM client_events').first<{ n: number }>())!.n;
const memberSeconds = async (memberId: string, postId: string) =>
  (await env.DB.prepare('SELECT seconds FROM member_reading_time_daily WHERE member_id = ? AND post_id = ? AND day = ?').bind(memberId, postId, today()).first<{ seconds: number }>())?.seconds ?? 0;

beforeAll(async () => {
  await seedWorld(env.DB);
});
beforeEach(async () => {
  await env.DB.batch([env.DB.prepare('DELETE FROM client_events'), env.DB.prepare('DELETE FROM post_stats_daily'), env.DB.prepare('DELETE FROM member_reading_time_daily')]);
});

describe('the event intake', () => {
  it('records a view, a read and reading seconds of a logged-out reader', async () => {
    const answer = await batch([ev('story.viewed', { postId: POSTS.open }), ev('story.read', { postId: POSTS.open }), ev('story.readingTime', { postId: POSTS.open, seconds: 42 })]);
    expect(answer.status).toBe(204);
    expect(await stats(POSTS.open)).toEqual({ views: 1, reads: 1, seconds: 42 });
    expect(await rawCount()).toBe(3);
  });

  it('counts a batch sent again (its ok answer lost) once, by the events’ ids; a malformed id is refused', async () => {
    const events = [
      { ...ev('story.viewed', { postId: POSTS.open }) },
      { ...ev('story.readingTime', { postId: POSTS.open, seconds: 30 }) },
    ];
    expect((await batch(events)).status).toBe(204);
    expect((await batch(events)).status).toBe(204);
    expect(await stats(POSTS.open)).toEqual({ views: 1, reads: 0, seconds: 30 });
    expect(await rawCount()).toBe(2);
    // A new event with a new id still counts; the same id twice in one batch counts once.
    const again = { ...ev('story.viewed', { postId: POSTS.open }) };
    expect((await batch([again, again])).status).toBe(204);
    expect((await stats(POSTS.open)).views).toBe(2);
    expect((await batch([{ ...ev('story.viewed', { postId: POSTS.open }), eventId: 'x' }])).status).toBe(400);
    expect((await batch([{ ...ev('story.viewed', { postId: POSTS.open }), eventId: "'; DROP TABLE posts; --" }])).status).toBe(400);
  });

  it('adds a signed-in reader’s seconds to member_reading_time_daily', async () => {
    const session = await createSession(env.DB, USERS.member);
    expect((await batch([ev('story.readingTime', { postId: POSTS.locked, seconds: 20 })], { session })).status).toBe(204);
    expect((await batch([ev('story.readingTime', { postId: POSTS.locked, seconds: 5000 })], { session })).status).toBe(204);
    // One event counts at most 600 seconds.
    expect(await memberSeconds(USERS.member, POSTS.locked)).toBe(620);
    const row = await env.DB.prepare('SELECT user_id FROM client_events LIMIT 1').first<{ user_id: string }>();
    expect(row!.user_id).toBe(USERS.member);
  });

  it('leaves a signed-in reader without a running membership out of member_reading_time_daily (no fee to share)', async () => {
    const session = await createSession(env.DB, USERS.reader);
    expect((await batch([ev('story.readingTime', { postId: POSTS.open, seconds: 40 })], { session })).status).toBe(204);
    expect(await memberSeconds(USERS.reader, POSTS.open)).toBe(0);
    // The story's own reading time still counts.
    expect((await env.DB.prepare('SELECT reading_seconds FROM post_stats_daily WHERE post_id = ?').bind(POSTS.open).first<{ reading_seconds: number }>())!.reading_seconds).toBe(40);
  });

  it('records the named client events raw', async () => {
    expect((await batch([ev('button.clicked', { button: 'moc_star' }), ev('nav.avatarMenuOpened')])).status).toBe(204);
    const { results } = await env.DB.prepare('SELECT name, data FROM client_events ORDER BY id').all<{ name: string; data: string }>();
    expect(results.map((row: { name: string; data: string }) => ({ name: row.name, data: JSON.parse(row.data) }))).toEqual([
      { name: 'button.clicked', data: { ...COMMON, button: 'moc_star' } },
      { name: 'nav.avatarMenuOpened', data: COMMON },
    ]);
  });

  it('marks a read through /p/{postId}/state/read', async () => {
    expect((await post(`/p/${POSTS.open}/state/read`, '')).status).toBe(204);
    expect((await stats(POSTS.open)).reads).toBe(1);
    expect((await post(`/p/${POSTS.draft}/state/read`, '')).status).toBe(400);
  });

  it('refuses more than 1,000 events, or a body over 256 KiB, with 413 and writes nothing', async () => {
    const many = Array.from({ length: 1001 }, () => ev('story.viewed', { postId: POSTS.open }));
    expect((await batch(many)).status).toBe(413);
    const oversized = await post('/_/batch', JSON.stringify([ev('button.clicked', { pad: 'x'.repeat(300 * 1024) })]));
    expect(oversized.status).toBe(413);
    expect(await rawCount()).toBe(0);
    expect((await stats(POSTS.open)).views).toBe(0);
  });

  it('accepts exactly 1,000 events', async () => {
    const thousand = Array.from({ length: 1000 }, () => ev('story.viewed', { postId: POSTS.open }));
    expect((await batch(thousand)).status).toBe(204);
    expect((await stats(POSTS.open)).views).toBe(1000);
  });

  it('refuses a batch without the anti-forgery header, or with another session’s, with 403', async () => {
    expect((await batch([ev('story.viewed', { postId: POSTS.open })], { xsrf: null })).status).toBe(403);
    const session = await createSession(env.DB, USERS.member);
    expect((await batch([ev('story.viewed', { postId: POSTS.open })], { session, xsrf: 'forged' })).status).toBe(403);
    expect((await post(`/p/${POSTS.open}/state/read`, '', { xsrf: null })).status).toBe(403);
    expect(await rawCount()).toBe(0);
  });

  it('refuses unknown event names, unknown or unpublished stories and malformed bodies with 400, writing nothing', async () => {
    const bad = [
      '{nope',
      '{}',
      JSON.stringify([ev('story.liked', { postId: POSTS.open })]),
      JSON.stringify([ev('story.viewed', { postId: POSTS.open }), ev('story.viewed', { postId: 'ffffffffffff' })]),
      JSON.stringify([ev('story.viewed', { postId: POSTS.draft })]),
      JSON.stringify([ev('story.viewed', { postId: POSTS.trashed })]),
      JSON.stringify([ev('story.viewed', {})]),
      JSON.stringify([ev('story.readingTime', { postId: POSTS.open, seconds: -1 })]),
      JSON.stringify([{ key: 'story.viewed', data: { postId: POSTS.open } }]),
    ];
    for (const body of bad) expect((await post('/_/batch', body)).status, body).toBe(400);
    expect(await rawCount()).toBe(0);
    expect((await stats(POSTS.open)).views).toBe(0);
  });

  it('accepts a batch in the spec shape and refuses any other shape with a message saying what is wrong', async () => {
    const accepted = [ev('susi.captchaFailure'), ev('membership.reactivated', { membershipId: 'm1' }), ev('story.viewed', { postId: POSTS.open })];
    expect((await batch(accepted)).status).toBe(204);
    const { results } = await env.DB.prepare('SELECT name FROM client_events ORDER BY id').all<{ name: string }>();
    expect(results.map((row: { name: string }) => row.name)).toEqual(['susi.captchaFailure', 'membership.reactivated', 'story.viewed']);
    const { eventId: _, ...withoutId } = ev('upsell.viewed');
    const refused: [unknown, string][] = [
      [{ key: 'upsell.viewed' }, 'Expected a JSON array of event records { key, data, type: "e", timestamp, eventId }.'],
      [[{ name: 'upsell.viewed', at: Date.now(), data: {} }], 'Event 0: an unknown field "name".'],
      [[withoutId], 'Event 0: no eventId.'],
      [[ev('upsell.viewed'), { ...ev('upsell.viewed'), type: 'pageview' }], 'Event 1: type is not "e".'],
      [[{ ...ev('upsell.viewed'), data: { button: 'x' } }], 'Event 0: data.service is not "lite".'],
      [[{ ...ev('upsell.viewed'), extra: 1 }], 'Event 0: an unknown field "extra".'],
    ];
    for (const [body, message] of refused) {
      const answer = await post('/_/batch', JSON.stringify(body));
      expect(answer.status, message).toBe(400);
      expect(answer.text).toContain(message);
    }
    expect(await rawCount()).toBe(3);
  });

  it('does not count bots, dont_track_user readers, or writers reading their own story', async () => {
    expect((await batch([ev('story.viewed', { postId: POSTS.open })], { userAgent: BOT })).status).toBe(204);
    await env.DB.prepare(`UPDATE users SET flags = 'dont_track_user' WHERE id = ?`).bind(USERS.reader).run();
    try {
      const reader = await createSession(env.DB, USERS.reader);
      expect((await batch([ev('story.viewed', { postId: POSTS.open })], { session: reader })).status).toBe(204);
    } finally {
      await env.DB.prepare(`UPDATE users SET flags = '' WHERE id = ?`).bind(USERS.reader).run();
    }
    const writerId = (await env.DB.prepare('SELECT creator_id FROM posts WHERE id = ?').bind(POSTS.open).first<{ creator_id: string }>())!.creator_id;
    const writer = await createSession(env.DB, writerId);
    expect((await batch([ev('story.viewed', { postId: POSTS.open }), ev('story.readingTime', { postId: POSTS.open, seconds: 30 })], { session: writer })).status).toBe(204);
    expect(await stats(POSTS.open)).toEqual({ views: 0, reads: 0, seconds: 0 });
    expect(await memberSeconds(writerId, POSTS.open)).toBe(0);
  });

  it('limits the batches of one client address with 429', async () => {
    const ip = '192.0.2.77';
    for (let i = 0; i < MAX_EVENT_BATCHES_PER_MINUTE; i++) expect((await batch([ev('upsell.viewed')], { ip })).status).toBe(204);
    expect((await batch([ev('upsell.viewed')], { ip })).status).toBe(429);
  });
});
