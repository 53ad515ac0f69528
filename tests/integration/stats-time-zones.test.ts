// Days in the writer's time zone (docs/stats.md "Days in the writer's time zone"): a writer sets
// their zone (setTimeZone: IANA names only, hostile values refused, nothing changed); a view of
// their story lands on their own calendar day, so two writers 25 hours apart (UTC+14 and
// UTC−11) see the same instant on different days; their stats pages list their own days.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../shared/time-zone.ts';
import { createSession } from '../../worker/session/session-store.ts';
import { POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { signedIn, type Caller } from './helpers/signed-in.ts';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const EAST = 'Pacific/Kiritimati'; // UTC+14
const WEST = 'Pacific/Pago_Pago'; // UTC−11
const SET = `mutation($tz: String) { setTimeZone(timeZone: $tz) { __typename ... on AccountSettings { timeZone } ... on BadRequest { message } } }`;

let east: { id: string; caller: Caller; token: string; postId: string };
let west: { id: string; caller: Caller; token: string; postId: string };

async function writerWithStory(userId: string, postId: string) {
  return { id: userId, caller: await signedIn(userId), token: (await createSession(env.DB, userId)).token, postId };
}

beforeAll(async () => {
  await seedWorld(env.DB);
  const other = (await env.DB.prepare("SELECT id, creator_id FROM posts WHERE status = 'PUBLISHED' AND creator_id <> ? AND in_response_to_post_id IS NULL AND deleted_at IS NULL AND is_suspended = 0 LIMIT 1").bind(USERS.writer).first<{ id: string; creator_id: string }>())!;
  east = await writerWithStory(USERS.writer, POSTS.open);
  west = await writerWithStory(other.creator_id, other.id);
  await env.DB.prepare('DELETE FROM post_stats_daily').run();
});

describe('a writer’s time zone', () => {
  it('is set by IANA name; anything else is refused and changes nothing', async () => {
    expect((await east.caller.gql(SET, { tz: EAST })).data.setTimeZone).toEqual({ __typename: 'AccountSettings', timeZone: EAST });
    expect((await west.caller.gql(SET, { tz: WEST })).data.setTimeZone.timeZone).toBe(WEST);
    for (const hostile of ['Mars/Olympus_Mons', 'UTC; DROP TABLE users', '../../etc/passwd', 'x'.repeat(500), '', 'America/New York']) {
      const answer = (await east.caller.gql(SET, { tz: hostile })).data.setTimeZone;
      expect(answer, hostile).toEqual({ __typename: 'BadRequest', message: 'Choose a time zone from the list.' });
    }
    expect((await env.DB.prepare('SELECT time_zone FROM users WHERE id = ?').bind(east.id).first<{ time_zone: string }>())!.time_zone).toBe(EAST);
  });

  it('cuts each writer’s days at their own midnight: one instant, two days 25 hours apart', async () => {
    const now = Date.now();
    const answer = await send('/_/batch', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-xsrf-token': '1', 'user-agent': BROWSER, 'cf-connecting-ip': '203.0.113.77' },
      body: JSON.stringify([
        { key: 'story.viewed', type: 'e', timestamp: now, eventId: crypto.randomUUID(), data: { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null, postId: east.postId } },
        { key: 'story.viewed', type: 'e', timestamp: now, eventId: crypto.randomUUID(), data: { service: 'lite', location: 'https://vellum.test/', browserWidth: 1280, referrer: '', referrerSource: null, postId: west.postId } },
      ]),
    });
    expect(answer.status).toBe(204);
    const dayOf = async (postId: string) => (await env.DB.prepare('SELECT day FROM post_stats_daily WHERE post_id = ?').bind(postId).first<{ day: string }>())!.day;
    const eastDay = await dayOf(east.postId);
    const westDay = await dayOf(west.postId);
    // The days were taken at the intake's time, a moment after `now`.
    expect([localDay(now, EAST), localDay(Date.now(), EAST)]).toContain(eastDay);
    expect([localDay(now, WEST), localDay(Date.now(), WEST)]).toContain(westDay);
    expect(eastDay).not.toBe(westDay);

    // Each writer's stats page ends on their own today, with the view on it.
    const eastPage = await send('/me/stats', { session: east.token });
    expect(eastPage.text).toContain(`data-day="${eastDay}"><th scope="row">${eastDay}</th><td data-stat="views">1</td>`);
    expect(eastPage.text).toContain(EAST);
    const westPage = await send('/me/stats', { session: west.token });
    expect(westPage.text).toContain(`data-day="${westDay}"><th scope="row">${westDay}</th><td data-stat="views">1</td>`);
    expect(westPage.text).not.toContain(`data-day="${eastDay}"`);
  });

  it('null goes back to UTC', async () => {
    expect((await east.caller.gql(SET, { tz: null })).data.setTimeZone.timeZone).toBeNull();
  });
});
