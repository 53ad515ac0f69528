// The addresses shared/urls builds that pointed at nothing (issue 26 point 5): /_/vote/{type}/{id},
// /_/subscribe/{user|collection}/{id}/{plan} and /_/api/users/{id}/lazily-enable-writer-subscription
// answer for real. Each is opened as the builder writes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { clapUrl } from '../../shared/urls/story-action-urls.ts';
import { subscribeCollectionUrl, subscribeUserUrl } from '../../shared/urls/misc-urls.ts';
import { COLLECTIONS, POSTS, seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';
const ctx = { hostKind: 'default' as const, mainOrigin: ORIGIN };

beforeAll(async () => {
  await seedWorld(testDb);
}, 60_000);

// The builders write a path on the main host (a full address from another host).
const open = (url: string, init: RequestInit = {}) => workerFetch(url.startsWith('/') ? ORIGIN + url : url, { redirect: 'manual', ...init });
const session = async (userId: string) => {
  const made = await createSession(testDb, userId);
  return { cookie: `sid=${made.token}`, xsrf: made.xsrf };
};

describe('/_/vote/{type}/{id}', () => {
  it("leads a story's clap link to the story's vote page, keeping the method; other types take no claps", async () => {
    const moved = await open(clapUrl('post', POSTS.open, ctx));
    expect(moved.status).toBe(308);
    expect(moved.headers.get('location')).toBe(`/_/vote/p/${POSTS.open}`);
    expect((await open(clapUrl('response', POSTS.response, ctx))).headers.get('location')).toBe(`/_/vote/p/${POSTS.response}`);
    // Where it leads: the one-button page for a signed-in reader (a GET changes nothing).
    const reader = await session(USERS.reader);
    const page = await open(`${ORIGIN}${moved.headers.get('location')}`, { headers: { cookie: reader.cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Clap for this story');
    expect((await open(clapUrl('catalog', 'c1', ctx))).status).toBe(404);
  });
});

describe('/_/subscribe/*/{plan}', () => {
  it('sends a non-member to confirm the plan, a member to the newsletter; an unknown plan or newsletter is not found', async () => {
    const anonymous = await open(subscribeUserUrl(USERS.writer, ctx, 'YEARLY'));
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/plans/confirmation/YEARLY');
    const member = await session(USERS.member);
    const asMember = await open(subscribeUserUrl(USERS.writer, ctx, 'monthly'), { headers: { cookie: member.cookie } });
    expect(asMember.status).toBe(302);
    expect(asMember.headers.get('location')).toBe('/@writer/subscribe');
    expect((await open(`${ORIGIN}/plans/confirmation/YEARLY`)).status).toBe(200);
    expect((await open(subscribeUserUrl(USERS.writer, ctx, 'LIFETIME'))).status).toBe(404);
    expect((await open(subscribeUserUrl('nobody', ctx, 'YEARLY'))).status).toBe(404);
    // A publication without a newsletter has nothing to subscribe to.
    expect((await open(subscribeCollectionUrl(Object.values(COLLECTIONS)[0]!, ctx, 'YEARLY'))).status).toBe(404);
  });
});

describe('/_/api/users/{id}/lazily-enable-writer-subscription', () => {
  const path = (id: string) => `${ORIGIN}/_/api/users/${id}/lazily-enable-writer-subscription`;
  it("says a writer's newsletter is on; only the writer may ask to turn it on", async () => {
    const read = await open(path(USERS.writer));
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ userId: USERS.writer, newsletterV3Id: USERS.writer, isEnabled: true });
    expect((await open(path(USERS.writer), { method: 'POST' })).status).toBe(401);
    const other = await session(USERS.reader);
    expect((await open(path(USERS.writer), { method: 'POST', headers: { cookie: other.cookie, 'x-xsrf-token': other.xsrf } })).status).toBe(403);
    const writer = await session(USERS.writer);
    expect((await open(path(USERS.writer), { method: 'POST', headers: { cookie: writer.cookie } })).status).toBe(403);
    const own = await open(path(USERS.writer), { method: 'POST', headers: { cookie: writer.cookie, 'x-xsrf-token': writer.xsrf } });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ isEnabled: true });
    expect((await open(path(USERS.suspendedWriter))).status).toBe(404);
    expect((await open(path('nobody'))).status).toBe(404);
  });
});
