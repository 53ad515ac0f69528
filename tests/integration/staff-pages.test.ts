// Staff pages (docs/product/3-routes-data-calls-constants.md §2.10; docs/adr/0083-staff-pages.md and docs/adr/0084-limited-accounts.md):
// staff see the internal status and an account's page and act on it (suspend, limit, restore,
// verify a book author; the account's cached pages are purged); everyone else — anonymous
// readers, signed-in readers, a spoofed staff session — gets the 404 page, and their actions
// change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../worker/session/session-store.ts';
import { seedWorld, USERS } from './helpers/fixtures.ts';
import { testDb, workerFetch } from './helpers/graphql-client.ts';

const ORIGIN = 'http://localhost:8787';

beforeAll(async () => {
  await seedWorld(testDb);
});

async function sessionOf(userId: string, spoofedByUserId?: string) {
  return createSession(testDb, userId, spoofedByUserId ? { spoofedByUserId } : {});
}

function get(path: string, token?: string) {
  return workerFetch(ORIGIN + path, { headers: token ? { cookie: `sid=${token}` } : {} });
}

function act(path: string, session: { token: string; xsrf: string } | null, xsrf = session?.xsrf ?? '') {
  return workerFetch(ORIGIN + path, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded', ...(session ? { cookie: `sid=${session.token}` } : {}) },
    body: new URLSearchParams({ xsrf }).toString(),
  });
}

async function userState(id: string) {
  return testDb.prepare('SELECT is_suspended, limited_at, is_book_author FROM users WHERE id = ?').bind(id).first<{ is_suspended: number; limited_at: number | null; is_book_author: number }>();
}

describe('to anyone but staff', () => {
  it('the admin pages are the 404 page', async () => {
    const reader = await sessionOf(USERS.reader);
    const spoofed = await sessionOf(USERS.reader, USERS.staff);
    for (const path of ['/_/admin/internal-status', `/_/admin/users/${USERS.writer}`]) {
      for (const token of [undefined, reader.token, spoofed.token]) {
        const response = await get(path, token);
        expect(response.status, `${path} ${token ? 'signed in' : 'anonymous'}`).toBe(404);
        const text = await response.text();
        expect(text).not.toContain('Internal status');
        expect(text).not.toContain('Suspend');
      }
    }
  });

  it('actions change nothing', async () => {
    const reader = await sessionOf(USERS.reader);
    const before = await userState(USERS.writer);
    for (const session of [null, reader]) {
      const response = await act(`/_/admin/users/${USERS.writer}/suspend`, session);
      expect(response.status).not.toBe(303);
    }
    expect(await userState(USERS.writer)).toEqual(before);
  });
});

describe('to staff', () => {
  it('shows the internal status: versions, D1, cache settings, jobs', async () => {
    const staff = await sessionOf(USERS.staff);
    const response = await get('/_/admin/internal-status', staff.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = await response.text();
    for (const label of ['Deployment version', 'D1', 'Edge cache', 'trash purge']) expect(text).toContain(label);
    expect(text).toContain('reachable');
  });

  it('suspends (sessions end, pages purged), limits, restores and verifies a book author', async () => {
    const staff = await sessionOf(USERS.staff);
    const target = USERS.member;
    await sessionOf(target);
    const page = await get(`/_/admin/users/${target}`, staff.token);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="admin-user-state">active<');

    // A forged form (wrong anti-forgery value) is refused.
    expect((await act(`/_/admin/users/${target}/suspend`, staff, 'forged')).status).toBe(403);
    expect((await userState(target))!.is_suspended).toBe(0);

    const suspended = await act(`/_/admin/users/${target}/suspend`, staff);
    expect(suspended.status).toBe(303);
    expect((await userState(target))!.is_suspended).toBe(1);
    const revoked = await testDb.prepare('SELECT count(*) AS n FROM sessions WHERE user_id = ? AND revoked_at IS NULL').bind(target).first('n');
    expect(revoked).toBe(0);

    await act(`/_/admin/users/${target}/restore`, staff);
    expect(await userState(target)).toMatchObject({ is_suspended: 0, limited_at: null });
    await act(`/_/admin/users/${target}/limit`, staff);
    expect((await userState(target))!.limited_at).not.toBeNull();
    await act(`/_/admin/users/${target}/verify_book_author`, staff);
    expect((await userState(target))!.is_book_author).toBe(1);
    const history = await testDb.prepare('SELECT action FROM admin_actions WHERE user_id = ? ORDER BY created_at').bind(target).all<{ action: string }>();
    expect(history.results.map((r) => r.action)).toEqual(['suspend', 'restore', 'limit', 'verify_book_author']);
    expect(await (await get(`/_/admin/users/${target}`, staff.token)).text()).toContain('verify_book_author by @');
  });
});
