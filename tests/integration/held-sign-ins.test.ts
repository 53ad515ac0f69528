// Issue 25 point 6: signed-in pages off the primary (docs/adr/0101-held-sign-ins.md). A page
// request's sign-in is held in the isolate for VIEWER_HOLD_MS; a session revoked elsewhere (another
// isolate: here, straight in D1) stops working within that bound, one revoked in this isolate at once.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { POSTS, seedWorld, type World } from './helpers/fixtures.ts';
import { send } from './helpers/edge-cache.ts';
import { createSession, revokeSession } from '../../worker/session/session-store.ts';
import { sha256Hex } from '../../worker/lib/crypto.ts';
import { VIEWER_HOLD_MS_MAX } from '../../worker/session/held-sign-ins.ts';

let world: World;
const OPEN = `/p/${POSTS.open}`;
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' };
// Short for the test; generous for a loaded machine, where one render can take a second or two.
const BOUND_MS = 6000;

beforeAll(async () => {
  world = await seedWorld(env.DB);
});

const signedIn = (text: string) => text.includes('"isLoggedInCookie":true');

async function page(token: string, holdMs = BOUND_MS) {
  return send(OPEN, { session: token, headers: BROWSER, vars: { VIEWER_HOLD_MS: String(holdMs), EDGE_CACHE: 'off' } });
}

async function newSession(): Promise<string> {
  const userId = (await env.DB.prepare("SELECT id FROM users WHERE username = 'reader'").first<{ id: string }>())!.id;
  return (await createSession(env.DB, userId, { now: Date.now() })).token;
}

describe('a held sign-in', () => {
  it('is read from D1 once, then held: the next pages read no session from the primary', async () => {
    const token = await newSession();
    const first = await page(token, VIEWER_HOLD_MS_MAX);
    expect(signedIn(first.text)).toBe(true);
    expect(first.headers.get('x-session-read')).toBe('d1');
    const second = await page(token, VIEWER_HOLD_MS_MAX);
    expect(signedIn(second.text)).toBe(true);
    expect(second.headers.get('x-session-read')).toBe('held');
  });

  it('revoked in another isolate: still held inside the bound, signed out once it has passed', async () => {
    const token = await newSession();
    const read = Date.now();
    expect(signedIn((await page(token)).text)).toBe(true);
    // Another isolate's sign-out: the row changes, this isolate's memory is not told.
    await env.DB.prepare('UPDATE sessions SET revoked_at = ? WHERE id_hash = ?').bind(Date.now(), await sha256Hex(token)).run();
    const inside = await page(token);
    if (Date.now() - read < BOUND_MS) expect(inside.headers.get('x-session-read')).toBe('held');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, read + BOUND_MS + 300 - Date.now())));
    const after = await page(token);
    expect(signedIn(after.text)).toBe(false);
    expect(after.text).not.toContain('Rae Reader');
    expect(after.headers.get('x-session-read')).toBe('d1');
  }, 30_000);

  it('revoked in this isolate (sign-out here): signed out on the very next page', async () => {
    const token = await newSession();
    expect(signedIn((await page(token, VIEWER_HOLD_MS_MAX)).text)).toBe(true);
    expect((await page(token, VIEWER_HOLD_MS_MAX)).headers.get('x-session-read')).toBe('held');
    await revokeSession(env.DB, await sha256Hex(token));
    expect(signedIn((await page(token, VIEWER_HOLD_MS_MAX)).text)).toBe(false);
  });

  it('VIEWER_HOLD_MS=0 reads the session on every page', async () => {
    const token = await newSession();
    expect((await page(token, 0)).headers.get('x-session-read')).toBe('d1');
    expect((await page(token, 0)).headers.get('x-session-read')).toBe('d1');
    expect(world.sessions.reader).toBeTruthy();
  });
});
